import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { keepingFolder, narrowFunctionPaths, netlifyPath, ON_DEMAND_FUNCTION_FILE, onDemandPaths, prebuiltNetlify, withSiteHeaders } from './prebuilt-netlify';

describe("the adapter's function answers only the pages drawn on request", () => {
  it('names a route by Netlify path syntax', () => {
    expect(netlifyPath('/hi/products/[product]')).toBe('/hi/products/:product');
    expect(netlifyPath('/docs/[...rest]')).toBe('/docs/*');
  });

  it('takes only project pages that are not prerendered', () => {
    const routes = [
      { type: 'page', origin: 'project', isPrerendered: false, pattern: '/[lang]/products/[product]' },
      { type: 'page', origin: 'project', isPrerendered: true, pattern: '/products/[product]' },
      { type: 'endpoint', origin: 'project', isPrerendered: false, pattern: '/api/x' },
      { type: 'page', origin: 'internal', isPrerendered: false, pattern: '/_server-islands/[name]' },
    ] as const;
    expect(onDemandPaths(routes, ['hi'])).toEqual(['/hi/products/:product']);
  });

  it('gives a page under [lang] one path per prefixed language: a third language needs no route of its own', () => {
    const routes = [{ type: 'page', origin: 'project', isPrerendered: false, pattern: '/[lang]/products/[product]' }] as const;
    expect(onDemandPaths(routes, ['hi', 'xx'])).toEqual(['/hi/products/:product', '/xx/products/:product']);
    expect(onDemandPaths(routes)).toEqual(['/hi/products/:product']);
  });

  it("replaces the adapter's catch-all path, so /orders/<number> and unknown products keep netlify.toml's rewrites", () => {
    const adapterFile = "export const config = {\n  name: 'Astro SSR',\n  path: '/*',\n  preferStatic: true,\n};";
    expect(narrowFunctionPaths(adapterFile, ['/hi/products/:product'])).toContain('path: ["/hi/products/:product"],');
    expect(narrowFunctionPaths(adapterFile, ['/hi/products/:product'])).not.toContain("'/*'");
  });

  it('stops the build when the adapter no longer writes the catch-all it replaces', () => {
    expect(() => narrowFunctionPaths("export const config = { path: '/**' };", ['/hi/products/:product'])).toThrow("no longer declares \"path: '/*'\"");
  });
});

describe("the adapter's function answers with the headers every file has", () => {
  const adapterFile = "import { createHandler } from './entry.mjs';\nexport default createHandler({});\nexport const config = { path: '/*' };";

  async function answerTo(drawn: Response): Promise<Response> {
    const source = withSiteHeaders(adapterFile, { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Content-Type-Options': 'nosniff' });
    const module = `data:text/javascript,${encodeURIComponent(source.replace("import { createHandler } from './entry.mjs';", 'const createHandler = () => async () => globalThis.drawnForTest;'))}`;
    (globalThis as { drawnForTest?: Response }).drawnForTest = drawn;
    const { default: handler } = (await import(module)) as { default: (request: Request, context: object) => Promise<Response> };
    return handler(new Request('http://localhost/hi/products/x'), {});
  }

  it('moves the page’s own policy into a <meta> after its charset, as a prebuilt page has it, and keeps the site-wide one a header', async () => {
    const page = '<!DOCTYPE html><html lang="hi"><head><meta charset="utf-8"><script>go()</script></head><body>दवा</body></html>';
    const answer = await answerTo(
      new Response(page, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': '999', 'content-security-policy': "script-src 'self' 'sha256-a+b='; img-src \"x\" &" } }),
    );
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-length')).toBeNull();
    expect(await answer.text()).toBe(
      '<!DOCTYPE html><html lang="hi"><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="script-src \'self\' \'sha256-a+b=\'; img-src &quot;x&quot; &amp;"><script>go()</script></head><body>दवा</body></html>',
    );
  });

  it('leaves an answer that is not a page as it is, its policy added to', async () => {
    const answer = await answerTo(new Response('{}', { headers: { 'content-type': 'application/json', 'content-security-policy': "script-src 'self'" } }));
    expect(answer.headers.get('content-security-policy')).toBe("script-src 'self', frame-ancestors 'none'");
    expect(await answer.text()).toBe('{}');
  });

  it('keeps the policy a header on a page without the layout’s charset', async () => {
    const answer = await answerTo(new Response('<html><head></head></html>', { headers: { 'content-type': 'text/html', 'content-security-policy': "script-src 'self'" } }));
    expect(answer.headers.get('content-security-policy')).toBe("script-src 'self', frame-ancestors 'none'");
    expect(await answer.text()).toBe('<html><head></head></html>');
  });

  it('stops the build when the adapter no longer exports its handler as it did', () => {
    expect(() => withSiteHeaders("export default somethingElse;")).toThrow('no longer exports createHandler');
  });
});

describe('a built function survives every Astro command but a build', () => {
  async function setUpFor(command: 'check' | 'build'): Promise<boolean> {
    const root = await mkdtemp(path.join(tmpdir(), 'prebuilt-netlify-'));
    const functionFile = path.join(root, ON_DEMAND_FUNCTION_FILE);
    await mkdir(path.dirname(functionFile), { recursive: true });
    await writeFile(functionFile, 'export default () => new Response("drawn");');
    const rootUrl = pathToFileURL(`${root}/`);
    const setup = prebuiltNetlify({}).hooks['astro:config:setup'] as unknown as (params: object) => Promise<void>;
    await setup({
      command,
      config: { root: rootUrl, outDir: new URL('dist/', rootUrl), image: { domains: [], remotePatterns: [] } },
      updateConfig: () => undefined,
      logger: { info: () => undefined, warn: () => undefined, debug: () => undefined, error: () => undefined },
    });
    const kept = existsSync(functionFile);
    await rm(root, { recursive: true, force: true });
    return kept;
  }

  it('keeps the function through `astro check` (npm test runs it after the build)', async () => {
    expect(await setUpFor('check')).toBe(true);
  });

  it('lets a build start from an empty function folder, as the adapter wants', async () => {
    expect(await setUpFor('build')).toBe(false);
  });

  it('puts a folder back after the action, and runs the action when there is none', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'keeping-folder-'));
    const folder = path.join(root, 'ssr');
    await mkdir(folder);
    await writeFile(path.join(folder, 'ssr.mjs'), 'kept');
    await keepingFolder(folder, async () => {
      await mkdir(folder, { recursive: true });
      await writeFile(path.join(folder, 'other.mjs'), 'written meanwhile');
    });
    expect(await readdir(folder)).toEqual(['ssr.mjs']);
    expect(await keepingFolder(path.join(root, 'missing'), async () => 'ran')).toBe('ran');
    await rm(root, { recursive: true, force: true });
  });
});
