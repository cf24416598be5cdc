/**
 * The direction of the code, checked by `npm run check` (dependency-cruiser):
 * pages and layouts compose features; features use src/domain and src/lib, and another feature
 * only through its public.ts or its components; the payment functions never load browser code;
 * product code never loads the emulators, tests or benchmarks.
 */
const FEATURE = '^src/features/([^/]+)/';

/**
 * The features each feature may use: a one-way order, so features never form a loop (the cart gets
 * the auth session passed in by the page's start-up script). A new feature is added here.
 */
const FEATURE_USES = {
  auth: [],
  prescriptions: [],
  cart: ['prescriptions'],
  contact: ['auth'],
  catalogue: ['cart', 'share-images'],
  'share-images': [],
  checkout: ['cart', 'prescriptions', 'delivery'],
  delivery: [],
  account: ['auth', 'checkout'],
  orders: ['checkout'],
  desk: ['checkout', 'orders'],
  marketing: ['desk'],
  'prescription-requests': ['checkout', 'orders', 'delivery', 'prescriptions'],
};

function featureLayers() {
  const rules = Object.entries(FEATURE_USES).map(([feature, uses]) => ({
    name: `feature-order-${feature}`,
    severity: 'error',
    comment: `${feature} may use only these features: ${uses.join(', ') || 'none'}.`,
    from: { path: `^src/features/${feature}/` },
    to: { path: '^src/features/', pathNot: `^src/features/(${[feature, ...uses].join('|')})/` },
  }));
  const known = Object.keys(FEATURE_USES).join('|');
  rules.push({
    name: 'feature-order-listed',
    severity: 'error',
    comment: 'Every feature that uses another is listed in FEATURE_USES.',
    from: { path: `^src/features/(?!(${known})/)([^/]+)/` },
    to: { path: '^src/features/', pathNot: '^src/features/$2/' },
  });
  return rules;
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not import each other in a loop.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-public-entry',
      severity: 'error',
      comment:
        'A feature uses another feature only through its public.ts or its UI components (*.astro, PascalCase *.tsx); ' +
        'anything else it needs belongs in src/domain or src/lib.',
      from: { path: FEATURE, pathNot: ['\\.test\\.tsx?$', '^src/features/[^/]+/server/'] },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/(server/)?(public\\.ts|[A-Z][A-Za-z]+\\.(astro|tsx))$'],
      },
    },
    {
      name: 'server-uses-server',
      severity: 'error',
      comment: "A feature's server code uses another feature only through that feature's server code.",
      from: { path: '^src/features/([^/]+)/server/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', '^src/features/[^/]+/server/'] },
    },
    ...featureLayers(),
    {
      name: 'domain-stands-alone',
      severity: 'error',
      comment: 'src/domain is plain shop logic: no feature, no browser or storage library, no Supabase.',
      from: { path: '^src/domain/' },
      to: { path: ['^src/(features|lib|components|layouts|pages)/', 'node_modules/(@supabase|nanostores|@nanostores|react|react-dom)/'] },
    },
    {
      name: 'server-no-browser-code',
      severity: 'error',
      comment: 'Netlify functions and their server code never load React components, stores or the browser Supabase client.',
      from: { path: ['^src/features/[^/]+/server/', '^netlify/'] },
      to: {
        path: [
          '\\.(tsx|astro)$',
          'node_modules/(nanostores|@nanostores|react|react-dom)/',
          '^src/lib/(supabase-client|load-supabase|toast|page-toast|Toaster|auth-storage)\\.ts',
          '^src/features/(?![^/]+/server/|orders/order-(view|strings)\\.ts$|prescription-requests/request-(contract|strings)\\.ts$)',
        ],
      },
    },
    {
      name: 'product-code-not-test-code',
      severity: 'error',
      comment: 'Shipped code (src, netlify/functions) never imports the emulators, tests or benchmarks.',
      from: { path: ['^src/', '^netlify/functions/'], pathNot: '\\.(test|fixture)\\.tsx?$' },
      to: { path: ['^emulators/', '^tests/', '^bench/', '^netlify/tests/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '^(dist|\\.netlify|\\.astro)/' },
  },
};
