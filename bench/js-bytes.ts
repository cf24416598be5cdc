/**
 * gzip bytes of the JavaScript each built page loads before any customer action: its module
 * scripts, its islands' component and renderer chunks, and everything those import statically.
 * Chunks behind a dynamic import() (loaded on a click or a search) and islands that hydrate on the
 * first interaction (client:interact, client:form) are not counted.
 * Usage: tsx bench/js-bytes.ts [distDir] [page paths...]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageScriptEntries, staticImportClosure } from '../src/lib/module-preload';

/** The built file of a page: pages are named by their route (login.html), index routes are folders (products/index.html). */
function builtPage(distDir: string, pagePath: string): string | undefined {
  if (pagePath.endsWith('.html')) return path.join(distDir, pagePath);
  return [path.join(distDir, `${pagePath}.html`), path.join(distDir, pagePath, 'index.html')].find((file) => existsSync(file));
}

export function pageJsBytes(distDir: string, pagePath: string): { gzipBytes: number; inlineGzipBytes: number; files: number } {
  const file = builtPage(distDir, pagePath);
  if (!file) throw new Error(`${pagePath} is not built in ${distDir}`);
  const html = readFileSync(file, 'utf8');
  // Islands hydrated only by the customer's first interaction load nothing before it.
  const closure = staticImportClosure(distDir, pageScriptEntries(html));
  const gzipBytes = [...closure].reduce((sum, url) => sum + gzipSync(readFileSync(path.join(distDir, url))).length, 0);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).join('');
  return { gzipBytes, inlineGzipBytes: inline ? gzipSync(inline).length : 0, files: closure.size };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  const pages = process.argv.length > 3 ? process.argv.slice(3) : ['/', '/products', '/cart', '/login', '/contact-us', '/terms-and-conditions'];
  for (const page of pages) {
    if (!builtPage(distDir, page)) {
      console.log(`${page.padEnd(40)} (not built)`);
      continue;
    }
    const { gzipBytes, inlineGzipBytes, files } = pageJsBytes(distDir, page);
    console.log(`${page.padEnd(40)} ${(gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip in ${files} files + ${(inlineGzipBytes / 1024).toFixed(1)} KB inline`);
  }
}
