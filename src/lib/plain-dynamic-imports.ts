import type { Plugin } from 'vite';

/**
 * The browser build's dynamic import() stays a plain import(). Vite wraps each one in its preload
 * helper, which fetches the chunk's CSS and imports alongside it from file lists written into the
 * importing chunk: 0.6-0.8 KB gzip of helper and lists on every page before any action. The store
 * inlines all its CSS (build.inlineStylesheets), and what it loads on demand (sign-out, search
 * suggestions, the payment step, the cart sync) can take one more round trip on first use, so the
 * lists are dropped (modulePreload: false) and the helper only calls import().
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'plain-dynamic-imports',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment: (name) => (name === 'client' ? { build: { modulePreload: false } } : undefined),
    load: { filter: { id: /^\0vite\/preload-helper\.js$/ }, handler: () => 'export const __vitePreload = (load) => load();' },
  };
}
