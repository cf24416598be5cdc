import { buildSync } from 'esbuild';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A browser entry (TypeScript with its imports) built once per build into one classic script, for a
 * page to put inline: it runs while the page is parsed, before the first paint, with no request of its
 * own. Pages take the text from `virtualId`; astro.config.mjs puts `script`'s hash into the CSP, so
 * both see the same bytes.
 */
export function inlineScript(entry: string, virtualId: string): { script: string; plugin: () => Plugin } {
  const script = buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    tsconfig: path.join(import.meta.dirname, '../../tsconfig.json'),
  }).outputFiles[0]!.text.trim();
  const resolved = `\0${virtualId}`;
  return {
    script,
    plugin: () => ({
      name: virtualId,
      resolveId: (id) => (id === virtualId ? resolved : undefined),
      load: (id) => (id === resolved ? `export default ${JSON.stringify(script)};` : undefined),
    }),
  };
}
