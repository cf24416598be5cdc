import { buildSync } from 'esbuild';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * The order page's early call (order-early-request.ts) as one classic inline script, built once per
 * build: in the head it runs as soon as it is parsed, with no request of its own. The page takes it
 * from `virtual:order-early-request`; astro.config.mjs puts its hash into the CSP.
 */

const ENTRY = path.join(import.meta.dirname, 'order-early-request.ts');
const VIRTUAL_ID = 'virtual:order-early-request';

export const ORDER_EARLY_REQUEST_SCRIPT = buildSync({
  entryPoints: [ENTRY],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2022',
  write: false,
  tsconfig: path.join(import.meta.dirname, '../../../tsconfig.json'),
}).outputFiles[0]!.text.trim();

export function orderEarlyRequestModule(): Plugin {
  return {
    name: 'order-early-request',
    resolveId: (id) => (id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined),
    load: (id) => (id === `\0${VIRTUAL_ID}` ? `export default ${JSON.stringify(ORDER_EARLY_REQUEST_SCRIPT)};` : undefined),
  };
}
