import { buildSync } from 'esbuild';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * A browser entry (TypeScript with its imports) built once per build into one classic script, for a
 * page to put inline: it runs while the page is parsed, before the first paint, with no request of its
 * own.
 */
export function buildInlineScript(entry: string): string {
  return buildSync({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    tsconfig: path.join(import.meta.dirname, '../../tsconfig.json'),
  }).outputFiles[0]!.text.trim();
}

/** A Vite plugin answering `virtualId` with `text` as its default export. */
export function virtualTextModule(virtualId: string, text: string): () => Plugin {
  const resolved = `\0${virtualId}`;
  return () => ({
    name: virtualId,
    resolveId: (id) => (id === virtualId ? resolved : undefined),
    load: (id) => (id === resolved ? `export default ${JSON.stringify(text)};` : undefined),
  });
}

/**
 * `entry` built into an inline script (buildInlineScript). Pages take the text from `virtualId`;
 * astro.config.mjs puts `script`'s hash into the CSP, so both see the same bytes.
 */
export function inlineScript(entry: string, virtualId: string): { script: string; plugin: () => Plugin } {
  const script = buildInlineScript(entry);
  return { script, plugin: virtualTextModule(virtualId, script) };
}
