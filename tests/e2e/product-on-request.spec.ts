import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixtureProduct } from './support/fixture-catalogue';
import hindiLanguage from '../../src/domain/strings/languages/hi';
import { fill } from '../../src/domain/strings/format';
import { formatRupees } from '../../src/domain/money';
import { sellingPricePaise } from '../../src/domain/selling-price';
import { buildCatalogue } from '../../src/features/catalogue/product-from-record';
import { sortProducts } from '../../src/features/catalogue/product-list';
import { browseFiles } from '../../src/features/catalogue/browse-files';
import { cardFiles, searchSiteFiles } from '../../src/features/catalogue/search-index-integration';

const hindi = hindiLanguage.text;
const repo = path.resolve(import.meta.dirname, '../..');

// Hindi product pages and list pages 2 and on are drawn by a function on their first request and then
// kept by the CDN (src/pages/[lang]/products/[product].astro, page/[page].astro); npm start's server
// keeps them as Netlify's CDN does.

test('a Hindi product page is drawn on its first request, then answered from the CDN', async ({ page }) => {
  const product = fixtureProduct(14);
  const first = await page.goto(`/hi/products/${product.slug}`);
  expect(first?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const headers = first!.headers();
  expect(headers['netlify-cdn-cache-control']).toBe('public, durable, max-age=31536000');
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  // As the CDN types the prebuilt pages: without the charset the browser sniffs before it parses.
  expect(headers['content-type']).toBe('text/html; charset=utf-8');
  // The headers netlify.toml gives every file, which never reach a function by themselves.
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  // Its price comes from the same catalogue as the English page's.
  const english = await page.request.get(`/products/${product.slug}`);
  const price = /data-price[^>]*>([^<]+)</.exec(await english.text())?.[1];
  await expect(page.locator('[data-price]')).toHaveText(price!);

  const again = await page.request.get(`/hi/products/${product.slug}`);
  expect(again.status()).toBe(200);
  expect(again.headers()['cache-status']).toBe('"Netlify Edge"; hit');
});

test('a Hindi address no product lives at goes to the product addresses function, which says in Hindi what happened to it', async ({ page }) => {
  const response = await page.goto('/hi/products/no-such-medicine-500mg');
  expect(new URL(page.url()).pathname).toBe('/products/no-such-medicine-500mg');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'दवा नहीं मिली' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});

test('a Hindi list page past the last one, or no page number at all, is a real 404 in Hindi', async ({ page }) => {
  // The fixture's 20 products fill one page of 48: /hi/products is the whole list.
  for (const address of ['/hi/products/page/2', '/hi/products/page/99999', '/hi/products/page/two', '/hi/products/page/02']) {
    const response = await page.goto(address);
    expect(response?.status(), address).toBe(404);
    expect(new URL(page.url()).pathname).toBe(address);
    await expect(page.getByText(hindi.notFound.heading)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  }
});

/*
 * Pages 2 and on need more than 48 products. A drawn list page reads only the site's files (the search
 * manifest, the card files in name order, the list's facts), so the fixture three times over (60
 * products, two pages) is given as those files, made by the build's own writers, and the rest of the
 * site is the suite's build: its files, and its function drawing the page, served as Netlify serves them.
 */
test('a Hindi list page 2 is drawn on its first request from the search card files: in Hindi, with the next cards in name order, kept by the CDN', async ({ page }) => {
  const fixtureDir = path.join(repo, 'tests/fixtures/catalogue');
  const records = [1, 2, 3].flatMap((copyNumber) =>
    readdirSync(fixtureDir)
      .filter((name) => name.endsWith('.json'))
      .map((file) => {
        const record = JSON.parse(readFileSync(path.join(fixtureDir, file), 'utf8')) as Record<string, unknown>;
        if (copyNumber > 1) {
          record.id = Number(record.id) + copyNumber * 1000;
          record.product_name = `${String(record.product_name)} Pack of ${copyNumber}`;
          record.old_id = `00000000-0000-4000-8000-${String(record.id).padStart(12, '0')}`;
          record.code = `COPY${String(record.id)}`;
        }
        return { source: `${String(record.id)}.json`, raw: record as unknown };
      }),
  );
  const products = sortProducts(buildCatalogue(records), 'name');
  expect(products).toHaveLength(60);
  const search = searchSiteFiles(products);
  const listFiles = new Map<string, string>([...search.files, search.manifest, ...cardFiles(products, search.version), ...browseFiles(products)]);

  const dist = path.join(repo, 'dist');
  const { default: drawPage } = (await import(pathToFileURL(path.join(repo, '.netlify/v1/functions/ssr/ssr.mjs')).href)) as { default: (request: Request, context: object) => Promise<Response> };
  const drawn: string[] = [];
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', `http://localhost:${(server.address() as AddressInfo).port}`);
    const answer = async (): Promise<Response> => {
      if (/^\/hi\/products\/page\/[^/]+$/.test(url.pathname)) {
        drawn.push(url.pathname);
        return drawPage(new Request(url), { waitUntil: () => undefined });
      }
      const listFile = listFiles.get(url.pathname);
      if (listFile !== undefined) return new Response(listFile, { headers: { 'content-type': 'application/json' } });
      const candidates = [url.pathname, `${url.pathname}.html`, path.join(url.pathname, 'index.html')].map((file) => path.join(dist, file));
      const file = candidates.find((candidate) => candidate.startsWith(dist) && existsSync(candidate) && statSync(candidate).isFile());
      const type = file?.endsWith('.html') ? 'text/html' : file?.endsWith('.js') ? 'text/javascript' : file?.endsWith('.css') ? 'text/css' : file?.endsWith('.json') ? 'application/json' : 'application/octet-stream';
      return file ? new Response(readFileSync(file), { headers: { 'content-type': type } }) : new Response(readFileSync(path.join(dist, '404.html')), { status: 404, headers: { 'content-type': 'text/html' } });
    };
    answer().then(
      async (response) => {
        outgoing.writeHead(response.status, Object.fromEntries(response.headers));
        outgoing.end(Buffer.from(await response.arrayBuffer()));
      },
      (error: unknown) => {
        outgoing.writeHead(500);
        outgoing.end(String(error));
      },
    );
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const response = await page.goto(`${origin}/hi/products/page/2`);
    expect(response?.status()).toBe(200);
    expect(drawn).toEqual(['/hi/products/page/2']);
    await expect(page).toHaveTitle(fill(hindi.catalogue.listPageTitle, { page: 2, pages: 2 }));
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('heading', { level: 1, name: hindi.catalogue.listHeading })).toBeVisible();
    const grid = page.getByRole('list', { name: hindi.catalogue.productsGrid });
    await expect(grid.getByRole('heading', { level: 2 })).toHaveText(products.slice(48).map((product) => product.name));
    // A card drawn from the card files links to the product's Hindi page and shows its price.
    const first = products[48]!;
    await expect(grid.getByRole('link', { name: first.name, exact: true })).toHaveAttribute('href', `/hi/products/${first.slug}`);
    await expect(grid.locator(`[data-product-card][data-id="${first.id}"] [data-price]`)).toHaveText(formatRupees(sellingPricePaise(first)));
    const pages = page.getByRole('navigation', { name: hindi.catalogue.pagesNav });
    await expect(pages.getByRole('link', { name: fill(hindi.catalogue.pageNumber, { number: 1 }) })).toHaveAttribute('href', '/hi/products');
    await expect(page.getByRole('link', { name: hindi.catalogue.previousPage })).toHaveAttribute('href', '/hi/products');
    await expect(page.getByRole('link', { name: hindi.catalogue.nextPage })).toHaveCount(0);
    // Kept by the CDN once drawn, with the headers every file has; a 404 is not kept.
    const drawnHeaders = response!.headers();
    expect(drawnHeaders['netlify-cdn-cache-control']).toBe('public, durable, max-age=31536000');
    expect(drawnHeaders['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
    expect((await page.request.get(`${origin}/hi/products/page/3`)).headers()['netlify-cdn-cache-control']).toBeUndefined();

    const pastTheEnd = await page.goto(`${origin}/hi/products/page/3`);
    expect(pastTheEnd?.status()).toBe(404);
    expect(pastTheEnd?.headers()['content-type']).toBe('text/html; charset=utf-8');
    await expect(page.getByText(hindi.notFound.heading)).toBeVisible();
  } finally {
    server.close();
  }
});
