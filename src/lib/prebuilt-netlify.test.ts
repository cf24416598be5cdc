import { describe, expect, it } from 'vitest';
import { narrowFunctionPaths, netlifyPath, onDemandPaths, withSiteHeaders } from './prebuilt-netlify';

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

  it('adds the site-wide policy beside the page’s own and sets the other headers', async () => {
    const source = withSiteHeaders(adapterFile, { 'Content-Security-Policy': "frame-ancestors 'none'", 'X-Content-Type-Options': 'nosniff' });
    const drawn = new Response('<!doctype html>', { headers: { 'content-security-policy': "script-src 'self'" } });
    const module = `data:text/javascript,${encodeURIComponent(source.replace("import { createHandler } from './entry.mjs';", 'const createHandler = () => async () => globalThis.drawnForTest;'))}`;
    (globalThis as { drawnForTest?: Response }).drawnForTest = drawn;
    const { default: handler } = (await import(module)) as { default: (request: Request, context: object) => Promise<Response> };
    const answer = await handler(new Request('http://localhost/hi/products/x'), {});
    expect(answer.headers.get('content-security-policy')).toBe("script-src 'self', frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await answer.text()).toBe('<!doctype html>');
  });

  it('stops the build when the adapter no longer exports its handler as it did', () => {
    expect(() => withSiteHeaders("export default somethingElse;")).toThrow('no longer exports createHandler');
  });
});
