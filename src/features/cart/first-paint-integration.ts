import { buildSync } from 'esbuild';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * /cart's inline first paint (cart-first-paint.ts) as one classic script, built once per build:
 * inline, it runs while the page is parsed, before the first paint, with no request of its own. The
 * page takes it from `virtual:cart-first-paint`; astro.config.mjs puts its hash into the CSP.
 */

const ENTRY = path.join(import.meta.dirname, 'cart-first-paint.ts');
const VIRTUAL_ID = 'virtual:cart-first-paint';

export const CART_FIRST_PAINT_SCRIPT = buildSync({
  entryPoints: [ENTRY],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  write: false,
  tsconfig: path.join(import.meta.dirname, '../../../tsconfig.json'),
}).outputFiles[0]!.text.trim();

export function cartFirstPaintModule(): Plugin {
  return {
    name: 'cart-first-paint',
    resolveId: (id) => (id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined),
    load: (id) => (id === `\0${VIRTUAL_ID}` ? `export default ${JSON.stringify(CART_FIRST_PAINT_SCRIPT)};` : undefined),
  };
}
