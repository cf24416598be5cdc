/**
 * The availability request a prebuilt page makes after load (issue 23, target <= 2 KB): the bytes
 * of the request line and its headers and of the answer's status line, headers and body, for a
 * product page (1 product) and a full list page (48 products, every one stock-tracked, counts of
 * up to 5 digits), through the function's own handler, with the body gzipped as the CDN sends it. A CDN adds a few headers of its own
 * (about 200-400 bytes on Netlify); the figure leaves them out and says so.
 * Beside it, from a build in dist/ (when there is one), the JavaScript that product and list pages
 * load before the first tap (target <= 10 KB gzip), and the availability script they fetch once
 * they have loaded (live-stock-after-load.ts), with everything it imports that the page had not,
 * and the "Notify me" script it fetches for a product page whose product turns out to be sold out.
 * Usage: tsx bench/stock-availability.ts [distDir]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pageJsBytes } from './js-bytes.ts';
import { availabilityResponse } from '../src/features/checkout/server/stock-availability.ts';
import { PAGE_SIZE } from '../src/features/catalogue/product-list.ts';

const env = { SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_SERVICE_ROLE_KEY: 'service' };
// What Chromium sends with a same-origin fetch() (measured from a DevTools request copy).
const BROWSER_HEADERS = {
  accept: '*/*',
  'accept-encoding': 'gzip, deflate, br, zstd',
  'accept-language': 'en-IN,en;q=0.9',
  referer: 'https://medikart.example/products/azithromycin-500mg-tablet',
  'sec-ch-ua': '"Chromium";v="131", "Not_A Brand";v="24"',
  'sec-ch-ua-mobile': '?1',
  'sec-ch-ua-platform': '"Android"',
  'sec-fetch-dest': 'empty',
  'sec-fetch-mode': 'cors',
  'sec-fetch-site': 'same-origin',
  'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

const headerBytes = (headers: Iterable<[string, string]>) => [...headers].reduce((total, [name, value]) => total + name.length + value.length + 4, 0);

async function measure(label: string, ids: number[]): Promise<void> {
  const path = `/api/stock/availability?ids=${ids.join(',')}`;
  const rows = ids.map((id) => ({ product_id: id, available: 10_000 + id }));
  const fetchApi = (async () => new Response(JSON.stringify(rows))) as unknown as typeof fetch;
  const response = await availabilityResponse(new Request(`https://medikart.example${path}`), env, fetchApi);
  const body = await response.text();
  const request = `GET ${path} HTTP/1.1\r\n`.length + 'host: medikart.example\r\n'.length + headerBytes(Object.entries(BROWSER_HEADERS)) + 2;
  // The CDN (and scripts/serve.ts) compresses JSON answers of 256 bytes or more, adding two headers:
  // counted here in gzip, which a browser without Brotli gets (Brotli is smaller).
  const sent = body.length >= 256 ? gzipSync(body).length + 'content-encoding: gzip\r\nvary: Accept-Encoding\r\n'.length : body.length;
  const answer = 'HTTP/1.1 200 OK\r\n'.length + headerBytes(response.headers) + 2 + sent;
  const total = request + answer;
  console.log(`${label.padEnd(28)} request ${String(request).padStart(5)} B, answer ${String(answer).padStart(5)} B (body ${body.length} B, ${sent} B sent), total ${(total / 1024).toFixed(2)} KB  target <= 2 KB ${total <= 2048 ? 'met' : 'MISSED'}`);
}

console.log('Availability request after load: HTTP/1.1 bytes, body as sent (HTTP/2 header compression makes it smaller; CDN headers not counted)');
await measure('product page (1 product)', [16]);
await measure(`list page (${PAGE_SIZE}, not asked yet)`, Array.from({ length: PAGE_SIZE }, (_, index) => 100_000 + index));

const distDir = process.argv[2] ?? 'dist';
const JS_TARGET_BYTES = 10 * 1024;

/** A built product page that asks for its stock after load (one on sale), and the first list page. */
function stockPages(): { label: string; page: string }[] {
  const products = path.join(distDir, 'products');
  const productPage = readdirSync(products)
    .filter((name) => name.endsWith('.html'))
    .find((name) => readFileSync(path.join(products, name), 'utf8').includes('data-stock-product'));
  return [
    ...(productPage ? [{ label: 'product page', page: `/products/${productPage.replace(/\.html$/, '')}` }] : []),
    { label: 'list page (/products)', page: '/products' },
  ];
}

if (existsSync(path.join(distDir, 'products'))) {
  console.log(`JavaScript before the first tap, and the availability script after load (${distDir}):`);
  for (const { label, page } of stockPages()) {
    const { gzipBytes, inlineGzipBytes } = pageJsBytes(distDir, page);
    const total = gzipBytes + inlineGzipBytes;
    console.log(`${label.padEnd(28)} ${(total / 1024).toFixed(1).padStart(5)} KB gzip (${page})  target <= 10 KB ${total <= JS_TARGET_BYTES ? 'met' : 'MISSED'}`);
  }
  const assets = path.join(distDir, '_astro');
  const afterLoad = readdirSync(assets).filter((name) => /^(live-stock|stock)\.[\w-]+\.js$/.test(name));
  const afterLoadBytes = afterLoad.reduce((sum, name) => sum + gzipSync(readFileSync(path.join(assets, name))).length, 0);
  console.log(`${'availability script'.padEnd(28)} ${(afterLoadBytes / 1024).toFixed(1).padStart(5)} KB gzip, fetched after load (${afterLoad.join(', ')})`);
  // Fetched only when the request finds a product page's product sold out (its "Notify me" form).
  const notifyMe = readdirSync(assets).filter((name) => /^notify-me\.[\w-]+\.js$/.test(name));
  const notifyMeBytes = notifyMe.reduce((sum, name) => sum + gzipSync(readFileSync(path.join(assets, name))).length, 0);
  console.log(`${'notify-me (sold out only)'.padEnd(28)} ${(notifyMeBytes / 1024).toFixed(1).padStart(5)} KB gzip, fetched after load when the product is sold out (${notifyMe.join(', ')})`);
} else {
  console.log(`No build in ${distDir}: run 'npm run build' for the pages' JavaScript before the first tap (target <= 10 KB).`);
}
