import { expect, test, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { sellingPrice, fixtureProduct } from './support/fixture-catalogue';
import { MISSING_PAGE, PAGE_TYPES } from './support/page-types';

/** Every policy page: one per file in content/policies. */
const POLICY_PAGES = readdirSync('content/policies').filter((file) => file.endsWith('.md')).map((file) => `/${file.replace(/\.md$/, '')}`);
const metformin = fixtureProduct(1);
const cetirizine = fixtureProduct(14);
/** Sold out in the fixture. */
const ondansetron = fixtureProduct(5);
const EVERY_PAGE = [...new Set([...Object.values(PAGE_TYPES), ...POLICY_PAGES, `/products/${fixtureProduct(18).slug}`, `/products/${ondansetron.slug}`, MISSING_PAGE])];

const meta = (page: Page, selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');

interface ProductJsonLd {
  '@type': string;
  name: string;
  url: string;
  image: string[];
  offers: { '@type': string; priceCurrency: string; price: string; availability: string; url: string };
}

async function productJsonLd(page: Page): Promise<ProductJsonLd> {
  const text = await page.locator('script[type="application/ld+json"]').first().textContent();
  return JSON.parse(text ?? 'null') as ProductJsonLd;
}

test('every page has its own title and description, a canonical URL and the language', async ({ page }) => {
  const titles = new Map<string, string>();
  const descriptions = new Map<string, string>();
  for (const path of EVERY_PAGE) {
    await page.goto(path);
    const title = await page.title();
    const description = (await meta(page, 'name="description"')) ?? '';
    expect(title, path).not.toBe('');
    expect(description.length, path).toBeGreaterThan(20);
    expect(titles.get(title), `${path} repeats the title of`).toBeUndefined();
    expect(descriptions.get(description), `${path} repeats the description of`).toBeUndefined();
    titles.set(title, path);
    descriptions.set(description, path);

    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical, path).toMatch(/^https?:\/\//);
    expect(await meta(page, 'property="og:url"'), path).toBe(canonical);
    expect(await meta(page, 'property="og:title"'), path).toBe(title);
    expect(await meta(page, 'name="twitter:card"'), path).toBe('summary_large_image');
    if (path !== MISSING_PAGE) expect(new URL(canonical!).pathname, path).toBe(path);
  }
});

test('every page has one h1 and headings that never skip a level', async ({ page }) => {
  for (const path of EVERY_PAGE) {
    await page.goto(path);
    const levels = await page.locator('h1, h2, h3, h4, h5, h6').evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
    expect(levels.filter((level) => level === 1), path).toHaveLength(1);
    const skips = levels.filter((level, index) => index > 0 && level > levels[index - 1]! + 1);
    expect(skips, `${path} headings ${levels.join(',')}`).toEqual([]);
  }
});

test('a product page describes the product in schema.org JSON-LD with its rupee price and availability', async ({ page }) => {
  await page.goto(PAGE_TYPES.rxProduct);
  const described = await productJsonLd(page);
  expect(described['@type']).toBe('Product');
  expect(described.name).toBe(metformin.name);
  expect(described.url).toBe(await page.locator('link[rel="canonical"]').getAttribute('href'));
  expect(described.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'INR', price: sellingPrice(metformin).toFixed(2), availability: 'https://schema.org/InStock' });
  expect(described.image.length).toBeGreaterThan(0);
  for (const image of described.image) expect(image).toMatch(new RegExp(`^https?://[^/]+/images/products/${metformin.slug}/`));

  await page.goto(`/products/${ondansetron.slug}`);
  expect((await productJsonLd(page)).offers.availability).toBe('https://schema.org/OutOfStock');
});

test('a shared product link previews the product’s own share image by absolute URL', async ({ page, request }) => {
  await page.goto(PAGE_TYPES.otcProduct);
  const image = await meta(page, 'property="og:image"');
  expect(image).toMatch(new RegExp(`^https?://[^/]+/og/products/${cetirizine.id}-[0-9a-f]{12}\\.jpg$`));
  expect(await meta(page, 'name="twitter:image"')).toBe(image);
  expect(await meta(page, 'property="og:type"')).toBe('product');
  expect(await meta(page, 'property="og:description"')).toBe(await meta(page, 'name="description"'));
  const served = await request.get(new URL(image!).pathname);
  expect(served.ok()).toBe(true);
  expect(served.headers()['content-type']).toBe('image/jpeg');
});

test('robots.txt points at the sitemap, which lists every public page by absolute URL', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  const sitemapUrl = robots.match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemapUrl).toMatch(/^https?:\/\/[^/]+\/sitemap\.xml$/);

  const index = await (await request.get(new URL(sitemapUrl!).pathname)).text();
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
  expect(parts.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const part of parts) {
    const xml = await (await request.get(new URL(part).pathname)).text();
    urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!));
  }
  const paths = urls.map((url) => new URL(url).pathname);
  for (const path of ['/', '/products', PAGE_TYPES.rxProduct, PAGE_TYPES.otcProduct, '/contact-us', ...POLICY_PAGES]) expect(paths).toContain(path);
  for (const privatePath of ['/cart', '/login', PAGE_TYPES.phonePeCallback, '/product-not-found']) expect(paths).not.toContain(privatePath);
  expect(new Set(paths).size).toBe(paths.length);
});
