import { describe, expect, it } from 'vitest';
import { addModulePreloadLinks, pageScriptEntries, staticImportClosure } from './module-preload';

/** Built chunks as rolldown writes them (minified, relative imports). */
const chunks: Record<string, string> = {
  '/_astro/view.js': 'import{a as e}from"./common.js";import"./toast.js";const t=()=>import("./supabase.js");e(t);',
  '/_astro/common.js': 'export{b as a}from"./money.js";',
  '/_astro/money.js': 'export const b=1;',
  '/_astro/toast.js': 'import{b}from"./money.js";export const t=b;',
  '/_astro/supabase.js': 'import"./huge.js";',
  '/_astro/desk-island.js': 'import{j}from"./react.js";export default j;',
  '/_astro/react.js': 'export const j=0;',
  '/_astro/client.js': 'import"./react.js";',
  '/_astro/control.js': 'import"./cart-store.js";',
};
const read = (url: string) => {
  const source = chunks[url];
  if (source === undefined) throw new Error(`${url} was read`);
  return source;
};
const closureOf = (entries: string[]) => staticImportClosure('/dist', entries, read);

describe('the chunks a page loads before any action', () => {
  it('follows static imports and re-exports to the bottom, never an import() call', () => {
    expect([...closureOf(['/_astro/view.js'])].sort()).toEqual(['/_astro/common.js', '/_astro/money.js', '/_astro/toast.js', '/_astro/view.js']);
  });

  it('counts module scripts and the islands that load with the page, not those waiting for a first interaction', () => {
    const html =
      '<head></head><body><astro-island component-url="/_astro/desk-island.js" renderer-url="/_astro/client.js" client="only"></astro-island>' +
      '<astro-island component-url="/_astro/control.js" renderer-url="/_astro/client.js" client="interact"></astro-island>' +
      '<astro-island component-url="/_astro/login-form.js" renderer-url="/_astro/client.js" client="form"></astro-island>' +
      '<script type="module" src="/_astro/view.js"></script><script src="https://checkout.razorpay.com/v1/checkout.js"></script></body>';
    expect(pageScriptEntries(html)).toEqual(['/_astro/view.js', '/_astro/desk-island.js', '/_astro/client.js']);
  });
});

describe('modulepreload links', () => {
  it('lists every imported chunk in the head once, and not the scripts the page names itself', () => {
    const html = '<html><head><title>Your order</title></head><body><script type="module" src="/_astro/view.js"></script></body></html>';
    expect(addModulePreloadLinks(html, closureOf)).toBe(
      '<html><head><title>Your order</title>' +
        '<link rel="modulepreload" href="/_astro/common.js"><link rel="modulepreload" href="/_astro/money.js"><link rel="modulepreload" href="/_astro/toast.js">' +
        '</head><body><script type="module" src="/_astro/view.js"></script></body></html>',
    );
  });

  it('leaves a page without scripts, or whose scripts import nothing, as it was', () => {
    const plain = '<html><head></head><body><p>Terms</p></body></html>';
    expect(addModulePreloadLinks(plain, closureOf)).toBe(plain);
    const alone = '<html><head></head><body><script type="module" src="/_astro/money.js"></script></body></html>';
    expect(addModulePreloadLinks(alone, closureOf)).toBe(alone);
  });
});
