import { describe, expect, it } from 'vitest';
import { narrowFunctionPaths, netlifyPath, onDemandPaths } from './prebuilt-netlify';

describe("the adapter's function answers only the pages drawn on request", () => {
  it('names a route by Netlify path syntax', () => {
    expect(netlifyPath('/hi/products/[product]')).toBe('/hi/products/:product');
    expect(netlifyPath('/docs/[...rest]')).toBe('/docs/*');
  });

  it('takes only project pages that are not prerendered', () => {
    const routes = [
      { type: 'page', origin: 'project', isPrerendered: false, pattern: '/hi/products/[product]' },
      { type: 'page', origin: 'project', isPrerendered: true, pattern: '/products/[product]' },
      { type: 'endpoint', origin: 'project', isPrerendered: false, pattern: '/api/x' },
      { type: 'page', origin: 'internal', isPrerendered: false, pattern: '/_server-islands/[name]' },
    ] as const;
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
