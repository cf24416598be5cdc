/**
 * The direction of the code, checked by `npm run check` (scripts/check-dependencies.ts runs
 * dependency-cruiser over every file, .astro included), one way from top to bottom:
 *   src/pages          thin pages: compose the shell and features
 *   src/layouts        the shop's shell: base layout, header, footer
 *   src/features/<x>   one capability each; another feature only through its public.ts or its
 *                      components, in the one-way order of FEATURE_USES
 *   src/components     shared UI primitives (chip, breadcrumb, form controls)
 *   src/lib            site-wide helpers; src/lib/browser holds what runs only in the browser
 *   src/domain         plain shop logic and the contracts browser and server share
 * The payment functions never load browser code; product code never loads the emulators, tests or
 * benchmarks.
 */
const FEATURE = '^src/features/([^/]+)/';
// scripts/check-dependencies.ts hands dependency-cruiser each X.astro as X.astro.ts.
const ASTRO = '\\.astro(\\.ts)?$';

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
  shipping: [],
  account: ['auth', 'checkout'],
  messages: ['checkout'],
  orders: ['checkout', 'messages', 'shipping'],
  desk: ['checkout', 'orders', 'prescription-requests', 'catalogue', 'messages', 'shipping'],
  marketing: ['desk'],
  reports: ['desk'],
  'content-editor': ['catalogue'],
  'prescription-requests': ['cart', 'checkout', 'orders', 'delivery', 'prescriptions', 'messages', 'shipping'],
  reorder: ['cart', 'checkout', 'orders', 'desk', 'messages'],
};

/** FEATURE_USES must itself be one-way, or the rules below would allow a loop between features. */
function assertOneWay(uses) {
  const visiting = new Set();
  const done = new Set();
  const visit = (feature, trail) => {
    if (done.has(feature)) return;
    if (visiting.has(feature)) throw new Error(`FEATURE_USES has a loop: ${[...trail, feature].join(' -> ')}`);
    visiting.add(feature);
    for (const used of uses[feature] ?? []) visit(used, [...trail, feature]);
    visiting.delete(feature);
    done.add(feature);
  };
  for (const feature of Object.keys(uses)) visit(feature, []);
}
assertOneWay(FEATURE_USES);

/** Each layer imports only the layers below it (see the top of this file). */
const LAYERS = [
  { name: 'pages', path: '^src/pages/' },
  { name: 'layouts', path: '^src/layouts/' },
  { name: 'features', path: '^src/features/' },
  { name: 'components', path: '^src/components/' },
  { name: 'lib', path: '^src/lib/' },
  { name: 'domain', path: '^src/domain/' },
];

function layerRules() {
  return LAYERS.slice(1).map((layer, index) => ({
    name: `layer-${layer.name}-below`,
    severity: 'error',
    comment: `src/${layer.name} never imports a layer above it (${LAYERS.slice(0, index + 1).map((above) => above.name).join(', ')}).`,
    from: { path: layer.path },
    to: { path: LAYERS.slice(0, index + 1).map((above) => above.path) },
  }));
}

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
      name: 'checkout-server-public',
      severity: 'error',
      comment: "Other features' server code uses the payment pipeline only through src/features/checkout/server/public.ts; the HTTP kit is src/lib/server/http.ts.",
      from: { path: '^src/features/(?!checkout/)[^/]+/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/features/checkout/server/', pathNot: '^src/features/checkout/server/public\\.ts$' },
    },
    {
      name: 'lib-server-only',
      severity: 'error',
      comment: 'src/lib/server (the functions\' HTTP kit) is server code: only server code and functions import it.',
      from: { path: '^src/', pathNot: ['/server/', '\\.test\\.tsx?$'] },
      to: { path: '^src/lib/server/' },
    },
    {
      name: 'feature-public-entry',
      severity: 'error',
      comment:
        'A feature uses another feature only through its public.ts (or a public-<audience>.ts, so one audience\'s imports ' +
        'never reach another\'s bundle) or its UI components (*.astro, PascalCase *.tsx); anything else it needs belongs in src/domain or src/lib.',
      from: { path: FEATURE, pathNot: ['\\.test\\.tsx?$', '^src/features/[^/]+/server/'] },
      to: {
        path: '^src/features/([^/]+)/',
        pathNot: ['^src/features/$1/', '^src/features/[^/]+/(server/)?public(\\.ts|-[a-z-]+\\.ts)$', `^src/features/[^/]+/[A-Z][A-Za-z]+(\\.tsx$|${ASTRO})`],
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
    ...layerRules(),
    {
      name: 'domain-stands-alone',
      severity: 'error',
      comment: 'src/domain is plain shop logic: no browser or storage library, no Supabase.',
      from: { path: '^src/domain/' },
      to: { path: 'node_modules/(@supabase|nanostores|@nanostores|react|react-dom)/' },
    },
    {
      name: 'server-no-browser-code',
      severity: 'error',
      comment: 'Netlify functions and their server code never load React components, stores or the browser Supabase client.',
      from: { path: ['^src/features/[^/]+/server/', '^netlify/'] },
      to: {
        path: [
          '\\.tsx$',
          ASTRO,
          'node_modules/(nanostores|@nanostores|react|react-dom)/',
          '^src/lib/browser/',
          '^src/(features/(?![^/]+/server/)|components/|layouts/|pages/)',
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
