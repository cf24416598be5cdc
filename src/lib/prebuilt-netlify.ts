import netlify from '@astrojs/netlify';
import type { AstroIntegration, IntegrationResolvedRoute } from 'astro';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { API_SECURITY_HEADERS } from './api-security-headers';
import { translatedLanguageCodes } from './language-files';

type NetlifyOptions = Parameters<typeof netlify>[0];

/** Where Netlify's adapter writes the function that draws the pages built on request. */
export const ON_DEMAND_FUNCTION_FILE = '.netlify/v1/functions/ssr/ssr.mjs';

/** The folder of that function, with the files it imports. */
export const ON_DEMAND_FUNCTION_FOLDER = '.netlify/v1/functions/ssr';

/** Runs `action` with `folder` moved aside, then puts the folder back as it was, whatever `action` did there. */
export async function keepingFolder<T>(folder: string, action: () => Promise<T>): Promise<T> {
  const aside = `${folder}.kept-aside`;
  await rm(aside, { recursive: true, force: true });
  const moved = await rename(folder, aside).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  try {
    return await action();
  } finally {
    if (moved) {
      await rm(folder, { recursive: true, force: true });
      await rename(aside, folder);
    }
  }
}

/** A route's pattern ('/hi/products/[product]') as a Netlify function path ('/hi/products/:product'). */
export function netlifyPath(pattern: string): string {
  return pattern.replace(/\[\.\.\.[^\]]+\]/g, '*').replace(/\[([^\]]+)\]/g, ':$1');
}

/**
 * The paths of the pages drawn on request (`export const prerender = false`); every other page is a
 * file. A route under `[lang]` answers one path per language with pages under a prefix (the files in
 * src/domain/strings/languages), so a language added there is drawn with no route of its own, and
 * '/<anything>/products/x' never reaches the function.
 */
export function onDemandPaths(routes: readonly Pick<IntegrationResolvedRoute, 'type' | 'origin' | 'isPrerendered' | 'pattern'>[], prefixed: readonly string[] = translatedLanguageCodes()): string[] {
  return routes
    .filter((route) => route.type === 'page' && route.origin === 'project' && !route.isPrerendered)
    .flatMap((route) => (route.pattern.startsWith('/[lang]/') ? prefixed.map((code) => `/${code}${route.pattern.slice('/[lang]'.length)}`) : [route.pattern]))
    .map(netlifyPath);
}

/**
 * The function file with its `path: '/*'` narrowed to the given paths. The adapter routes every
 * address to it (after the files); on Netlify a function's path is matched before the redirect
 * rules, so at '/*' it would answer /orders/<number> (a mail's order link) and unknown products with
 * its 404 page instead of netlify.toml's rewrites.
 */
export function narrowFunctionPaths(source: string, paths: readonly string[]): string {
  const catchAll = /path: '\/\*',/;
  if (!catchAll.test(source)) throw new Error(`The adapter's function no longer declares "path: '/*'"; ${ON_DEMAND_FUNCTION_FILE} needs reading again.`);
  return source.replace(catchAll, `path: ${JSON.stringify(paths)},`);
}

/**
 * The function file answering with the headers netlify.toml gives every file (its [[headers]] never
 * reach a function). Astro sends a drawn page's own Content-Security-Policy (its inline scripts'
 * hashes) as a header; it goes into a `<meta>` after the page's charset, where the build puts it in
 * every prebuilt page, so a page loads the same way built or drawn (a policy in a `<meta>` holds
 * Chrome's preload scanner back, and with the header alone the drawn page's module scripts were
 * fetched ahead of its photo). The site-wide policy stays a header: frame-ancestors cannot be in a
 * `<meta>`, and browsers enforce both.
 */
export function withSiteHeaders(source: string, headers: Readonly<Record<string, string>> = API_SECURITY_HEADERS): string {
  const handler = /export default createHandler\(/;
  if (!handler.test(source)) throw new Error(`The adapter's function no longer exports createHandler(...); ${ON_DEMAND_FUNCTION_FILE} needs reading again.`);
  return (
    source.replace(handler, 'const drawPage = createHandler(') +
    `
const siteHeaders = ${JSON.stringify(headers)};
const charset = '<meta charset="utf-8">';
export default async (request, context) => {
  const drawn = await drawPage(request, context);
  const pagePolicy = drawn.headers.get('content-security-policy');
  const html = pagePolicy && (drawn.headers.get('content-type') ?? '').startsWith('text/html') ? await drawn.text() : null;
  // A page without the layout's charset keeps its policy as a header, protected all the same.
  const at = html === null ? -1 : html.indexOf(charset);
  const end = at === -1 ? -1 : at + charset.length;
  const headers = new Headers(drawn.headers);
  let body = html ?? drawn.body;
  if (end !== -1) {
    const meta = '<meta http-equiv="content-security-policy" content="' + pagePolicy.replaceAll('&', '&amp;').replaceAll('"', '&quot;') + '">';
    body = html.slice(0, end) + meta + html.slice(end);
    headers.delete('content-security-policy');
    headers.delete('content-length');
  }
  const answer = new Response(body, { status: drawn.status, statusText: drawn.statusText, headers });
  for (const [name, value] of Object.entries(siteHeaders)) {
    if (name.toLowerCase() === 'content-security-policy') answer.headers.append(name, value);
    else answer.headers.set(name, value);
  }
  return answer;
};
`
  );
}

/**
 * Netlify's adapter for a site of files with a few pages drawn on request. Every page is prebuilt
 * except those that say `export const prerender = false` (product pages and list pages 2 and on in every language but
 * the default: 100,000 more files would not fit the deploy); those are drawn by the adapter's function on their first request and
 * then kept by the CDN. Its function answers only their paths, not every address, with the headers
 * every file has.
 */
export function prebuiltNetlify(options: NetlifyOptions): AstroIntegration {
  const adapter = netlify(options);
  let paths: string[] = [];
  let root: URL | undefined;
  return {
    ...adapter,
    hooks: {
      ...adapter.hooks,
      // The adapter empties its function's folder whenever Astro loads the config; `astro check` (run
      // after the build by `npm test`), `astro sync` or a dev server left the built pages drawn on
      // request without their function. Only a build replaces it.
      'astro:config:setup': async (params) => {
        const setUp = async () => adapter.hooks['astro:config:setup']?.(params);
        if (params.command === 'build') return setUp();
        return keepingFolder(fileURLToPath(new URL(ON_DEMAND_FUNCTION_FOLDER, params.config.root)), setUp);
      },
      'astro:config:done': (params) => {
        root = params.config.root;
        return adapter.hooks['astro:config:done']?.(params);
      },
      'astro:routes:resolved': (params) => {
        paths = onDemandPaths(params.routes);
        return adapter.hooks['astro:routes:resolved']?.(params);
      },
      'astro:build:done': async (params) => {
        await adapter.hooks['astro:build:done']?.(params);
        if (paths.length === 0 || !root) return;
        const file = new URL(ON_DEMAND_FUNCTION_FILE, root);
        await writeFile(file, withSiteHeaders(narrowFunctionPaths(await readFile(file, 'utf8'), paths)));
        params.logger.info(`pages drawn on request: ${paths.join(', ')}`);
      },
    },
  };
}
