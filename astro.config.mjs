// @ts-check
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { productSearchIndex } from './src/features/catalogue/search-index-integration.ts';
import { deliveryContentCheck } from './src/features/delivery/delivery-integration.ts';
import { contentEditor } from './src/features/content-editor/editor-integration.ts';
import { createHash } from 'node:crypto';
import { HEADER_FIRST_PAINT_SCRIPT } from './src/features/auth/header-first-paint.ts';
import { HEAD_START_SCRIPT, headStartModule } from './src/layouts/head-start.ts';
import { FIRST_TAP_SCRIPT } from './src/features/cart/first-tap-queue.ts';
import { CART_FIRST_PAINT_SCRIPT, cartFirstPaintModule } from './src/features/cart/first-paint-integration.ts';
import { DESK_EARLY_REQUEST_SCRIPT, deskEarlyRequestModule } from './src/features/desk/desk-early-integration.ts';
import { ORDER_EARLY_REQUEST_SCRIPT, orderEarlyRequestModule } from './src/features/orders/order-early-integration.ts';
import { LOCAL_RAZORPAY_KEY_ID, LOCAL_SUPABASE_ANON_KEY, LOCAL_SUPABASE_URL } from './src/lib/local-stack.ts';
import { offeredPaymentMethods, productionEnvProblem, razorpayCheckoutUrl } from './src/lib/production-env.ts';
import { plainDynamicImports } from './src/lib/plain-dynamic-imports.ts';
import { prebuiltNetlify } from './src/lib/prebuilt-netlify.ts';
import { prerenderToStrings } from './src/lib/prerender-to-strings.ts';
import { cataloguePagePaths, modulePreloadLinks } from './src/lib/module-preload.ts';
import { translatedLanguageCodes } from './src/lib/language-files.ts';

const env = { ...loadEnv('production', process.cwd(), ''), ...process.env };

// A build on Netlify (production or a deploy preview) with a setting missing or still the local
// stack's stops here, naming every such variable in one line, rather than ship the defaults below.
const productionProblem = productionEnvProblem(env);
if (productionProblem) {
  console.error(productionProblem);
  process.exit(1);
}

// The Content-Security-Policy: Astro hashes its own inline scripts and styles into script-src and
// style-src; every other source the store loads from is listed here, taken from the same env the
// browser bundle is built with. frame-ancestors cannot go in a <meta> CSP: netlify.toml sends it.
const supabaseOrigin = new URL(env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL).origin;
const razorpayCheckoutOrigin = new URL(razorpayCheckoutUrl(env)).origin;
// Live checkout.js opens its form in a frame on api.razorpay.com and reports to other razorpay.com
// hosts; the local emulator serves script, API and modal from its own origin.
const razorpayHosts =
  razorpayCheckoutOrigin === 'https://checkout.razorpay.com' ? ['https://api.razorpay.com', 'https://*.razorpay.com'] : [razorpayCheckoutOrigin];
// The customer is sent on to PhonePe's pay page: mercury hosts in production and sandbox, or the
// PHONEPE_PG_BASE stand-in (the emulator) when it is not PhonePe's own.
const phonePePgOrigin = env.PHONEPE_PG_BASE ? new URL(env.PHONEPE_PG_BASE).origin : null;
const phonePePayOrigins = ['https://mercury-t2.phonepe.com', 'https://mercury-uat.phonepe.com'];
if (phonePePgOrigin && !phonePePgOrigin.endsWith('.phonepe.com')) phonePePayOrigins.push(phonePePgOrigin);

export default defineConfig({
  site: env.SITE_URL || env.URL || 'http://localhost:8888',
  output: 'static',
  trailingSlash: 'ignore',
  adapter: prebuiltNetlify({ devFeatures: { edgeFunctions: false, images: false, environmentVariables: false }, imageCDN: false }),
  integrations: [
    // Islands drawn to a string rather than a stream: per island the stream cost a ReadableStream and
    // its encoded chunks, a tenth of a 100,000-product build's CPU in its profile (two islands a product
    // page, 48 a list page) and garbage to collect. No island the build draws calls useId, whose ids
    // would then lack the island's prefix.
    react({ experimentalDisableStreaming: true }),
    prerenderToStrings(),
    productSearchIndex(),
    deliveryContentCheck(),
    contentEditor(env),
    {
      name: 'hydrate-on-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) => {
          addClientDirective({ name: 'interact', entrypoint: './src/features/cart/hydrate-on-interaction.ts' });
          // Forms drawn by the build that work before React (sign-in, contact): src/lib/browser/hydrate-form-on-interaction.ts.
          addClientDirective({ name: 'form', entrypoint: './src/lib/browser/hydrate-form-on-interaction.ts' });
        },
      },
    },
    // Pages drawn by their scripts (order, My orders, desk, cart, sign-in) list every chunk up front;
    // the catalogue's pages, whose first screen is their HTML, are left alone.
    modulePreloadLinks(cataloguePagePaths(['products', 'categories', 'conditions', 'offers'], translatedLanguageCodes())),
  ],
  prefetch: false,
  // The site's stylesheet (33 KB) as one cached file (only styles under 4 KB stay inline): inlined in 100,000 product pages it
  // was 3.3 GB of the deploy (issue 14's output target is 4 GB).
  // Pages named by their route, not folders of index.html: products/<slug>.html rather than
  // products/<slug>/index.html, which cost each of 100,000 product pages a 4 KB folder on disk
  // (Netlify and the local server find /products/<slug> either way).
  build: { inlineStylesheets: 'auto', format: 'preserve' },
  // Each default is the value this build uses: Astro writes its config, defaults included, into the
  // content data chunk of the function drawing pages on request, so a production build must not carry
  // the local stack's keys and addresses there.
  env: {
    schema: {
      PUBLIC_SUPABASE_URL: envField.string({ context: 'client', access: 'public', default: env.PUBLIC_SUPABASE_URL || LOCAL_SUPABASE_URL }),
      PUBLIC_SUPABASE_ANON_KEY: envField.string({ context: 'client', access: 'public', default: env.PUBLIC_SUPABASE_ANON_KEY || LOCAL_SUPABASE_ANON_KEY }),
      PUBLIC_RAZORPAY_KEY_ID: envField.string({ context: 'client', access: 'public', default: env.PUBLIC_RAZORPAY_KEY_ID || LOCAL_RAZORPAY_KEY_ID }),
      PUBLIC_RAZORPAY_CHECKOUT_URL: envField.string({ context: 'client', access: 'public', default: razorpayCheckoutUrl(env) }),
      // The methods checkout offers, comma-separated: by default those whose provider is configured.
      PUBLIC_PAYMENT_METHODS: envField.string({ context: 'client', access: 'public', default: offeredPaymentMethods(env) }),
    },
  },
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        `connect-src 'self' ${supabaseOrigin} ${razorpayHosts.join(' ')}`,
        `img-src 'self' blob: ${supabaseOrigin}`,
        // Supabase too: the desk shows PDF prescriptions in the browser's own viewer through signed URLs.
        `frame-src ${razorpayHosts.join(' ')} ${supabaseOrigin}`,
        `form-action 'self' ${phonePePayOrigins.join(' ')}`,
        "object-src 'none'",
        "base-uri 'self'",
      ],
      scriptDirective: {
        resources: ["'self'", razorpayCheckoutOrigin],
        // Our own inline scripts: zod's jitless switch, the reload-at-top switch and the landing's campaign (one tag), the
        // header's first-paint sign-in check, the queue that keeps cart taps made before the scripts arrive, /cart's first
        // paint, the order page's early call and the desk's early reads.
        hashes: [HEAD_START_SCRIPT, HEADER_FIRST_PAINT_SCRIPT, FIRST_TAP_SCRIPT, CART_FIRST_PAINT_SCRIPT, ORDER_EARLY_REQUEST_SCRIPT, DESK_EARLY_REQUEST_SCRIPT].map((script) => /** @type {const} */ (`sha256-${createHash('sha256').update(script).digest('base64')}`)),
      },
    },
  },
  vite: {
    plugins: [tailwindcss(), plainDynamicImports(), headStartModule(), cartFirstPaintModule(), orderEarlyRequestModule(), deskEarlyRequestModule()],
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Each script file is gzipped on its own, so a page that loads many small chunks pays
              // for it: the modules every page or every island loads together go in one file each.
              codeSplitting: {
                groups: [
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/, priority: 3 },
                  // What the layout's script shares with the pages' own scripts.
                  { name: 'common', test: /vite[\\/]preload-helper|src[\\/]lib[\\/]browser[\\/]auth-storage\.ts|src[\\/]domain[\\/]money\.ts|src[\\/]features[\\/]cart[\\/]badge-count\.ts/, priority: 2 },
                  // The strings helpers a product or list page runs before the first tap (filling a text, a
                  // page's words): every page's scripts use them, so on their own, not inside the cart's group.
                  { name: 'strings', test: /src[\\/]domain[\\/](strings[\\/]fill|default-language)\.ts|src[\\/]lib[\\/](browser[\\/]page-text|page-text-id)\.ts/, priority: 2 },
                  // The other strings helpers (a count's forms, dates, the same sentence in the page's language):
                  // only the islands and pages that write them load these.
                  { name: 'strings-forms', test: /src[\\/]domain[\\/]strings[\\/]format\.ts/, priority: 2 },
                  // Addresses under the page's language, apart: the sign-in forms write links and need nothing else here.
                  { name: 'paths', test: /src[\\/]domain[\\/]strings[\\/]paths\.ts/, priority: 2 },
                  // What the order page, My orders and the desk draw with, and the hand-off of their head
                  // scripts' early reads: kept out of the order screens' group, which the desk does not load.
                  { name: 'draw', test: /src[\\/]lib[\\/]browser[\\/](dom|early-handoff)\.ts$/, priority: 2 },
                  // The store primitive on its own: the contact form's auth state uses it without the cart.
                  { name: 'atom', test: /nanostores[\\/](atom|clean-stores)[\\/]/, priority: 2 },
                  // The cart store and the shop rules it keeps lines by: the product controls and every cart island. Prices,
                  // the catalogue's addresses and the card's words are modules apart (cart-total, product, unavailable-label).
                  {
                    name: 'cart-store',
                    test: /src[\\/]domain[\\/](stored-cart|cart-line|cart-product|product-schema|sale-state)\.ts|src[\\/]features[\\/]cart[\\/](cart-store|cart-control-markup|cart-control-taps|view-tree)\.ts|nanostores[\\/]lifecycle[\\/]|@nanostores[\\/]persistent[\\/]/,
                    priority: 1,
                  },
                  // The order's rules and its checked shape: the order page, My orders, the desk and the pages after a payment.
                  {
                    name: 'order-domain',
                    test: /src[\\/](domain[\\/](order-status|payment-methods|order-line|desk)|lib[\\/]browser[\\/]session-after-draw)\.ts$/,
                    priority: 1,
                  },
                  // The small modules only the order screens and a few pages after a payment use (the
                  // order's address and early call, strings, toasts): one file, not seven. None imports zod.
                  {
                    name: 'order-screens',
                    test: /src[\\/](domain[\\/](order-strings|reorder-link|reorder-strings)|features[\\/]orders[\\/]order-request|lib[\\/](placed-order-note|browser[\\/](page-toast|toast)))\.ts$/,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
