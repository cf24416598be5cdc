import type { AstroIntegration } from 'astro';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A built chunk's static imports and re-exports (`import"./x.js"`, `from"./x.js"`), never an import() call. */
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

/** Every built file the given script addresses (`/_astro/x.js`) load before they run: themselves and their static imports, all the way down. */
export function staticImportClosure(distDir: string, entries: readonly string[], read = (url: string) => readFileSync(path.join(distDir, url), 'utf8')): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const url = queue.pop()!;
    if (seen.has(url)) continue;
    seen.add(url);
    for (const match of read(url).matchAll(STATIC_IMPORT)) queue.push(path.posix.join(path.posix.dirname(url), match[1]!));
  }
  return seen;
}

/** Islands that load nothing until the customer's first interaction: client:interact and client:form. */
const ON_INTERACTION = /\bclient="(?:interact|form)"/;

/** The scripts a built page runs before any customer action: its module scripts, and the chunks of islands that load with the page (not those hydrated on interaction). */
export function pageScriptEntries(html: string): string[] {
  const islands = [...html.matchAll(/<astro-island[^>]*>/g)].map((match) => match[0]).filter((tag) => !ON_INTERACTION.test(tag));
  return [
    ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) => match[1]!),
    ...islands.flatMap((tag) => [...tag.matchAll(/(?:component-url|renderer-url)="([^"]+)"/g)].map((match) => match[1]!)),
  ].filter((url) => url.startsWith('/'));
}

/**
 * `<link rel="modulepreload">` for every chunk a page's scripts import, in its head. Without them the
 * browser finds a chunk only once the chunk importing it has arrived: the order page's scripts came
 * in three waves, each a round trip (562 ms on slow 4G) before the order could be drawn. Listed, they
 * all come in the first. Catalogue pages (`skip`) are left as they are: their first screen is HTML,
 * and 100,000 of them would each carry the links.
 */
export function addModulePreloadLinks(html: string, closureOf: (entries: string[]) => Set<string>): string {
  const entries = pageScriptEntries(html);
  if (entries.length === 0) return html;
  const direct = new Set(entries);
  const imported = [...closureOf(entries)].filter((url) => !direct.has(url)).sort();
  if (imported.length === 0 || !html.includes('</head>')) return html;
  return html.replace('</head>', `${imported.map((url) => `<link rel="modulepreload" href="${url}">`).join('')}</head>`);
}

async function* htmlFiles(dir: string, skip: RegExp, root = dir): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (skip.test(path.relative(root, file))) continue;
    if (entry.isDirectory()) yield* htmlFiles(file, skip, root);
    else if (entry.name.endsWith('.html')) yield file;
  }
}

/**
 * The built paths a catalogue page lives at, in every language: `products.html` and the folder
 * `products/`, and the same under each language's prefix (`hi/products.html`, `hi/products/`).
 */
export function cataloguePagePaths(folders: readonly string[], languagePrefixes: readonly string[]): RegExp {
  const prefix = languagePrefixes.length > 0 ? `(?:(?:${languagePrefixes.join('|')})/)?` : '';
  return new RegExp(`^${prefix}(?:${folders.join('|')})(?:\\.html)?$`);
}

export function modulePreloadLinks(skip: RegExp): AstroIntegration {
  return {
    name: 'module-preload-links',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const distDir = fileURLToPath(dir);
        const sources = new Map<string, string>();
        const read = (url: string) => {
          if (!sources.has(url)) sources.set(url, readFileSync(path.join(distDir, url), 'utf8'));
          return sources.get(url)!;
        };
        let pages = 0;
        for await (const file of htmlFiles(distDir, skip)) {
          const html = await readFile(file, 'utf8');
          const linked = addModulePreloadLinks(html, (entries) => staticImportClosure(distDir, entries, read));
          if (linked === html) continue;
          await writeFile(file, linked);
          pages += 1;
        }
        logger.info(`module preload links written into ${pages} pages`);
      },
    },
  };
}
