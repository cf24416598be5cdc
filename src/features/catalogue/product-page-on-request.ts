/**
 * The server side of a product page drawn on request (src/pages/[lang]/products/[product].astro): its
 * data fetched from the site's own shard files (product-page-data.ts) and the headers that keep the
 * drawn page at the CDN.
 */
import { gunzipSync } from 'node:zlib';
import { productPageDataReader, type ProductPageData } from './product-page-data';
import { productSegment } from '../../domain/product';

/** One reader per site origin (one in production; tests may serve from several ports). */
const readers = new Map<string, (segment: string) => Promise<ProductPageData | null>>();

/** A shard file's JSON: gzipped as the build stores it, or already unpacked by a server that sent it with Content-Encoding. */
export function shardJson(bytes: Uint8Array): unknown {
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return JSON.parse(gzipped ? gunzipSync(bytes).toString('utf8') : new TextDecoder().decode(bytes));
}

/** A JSON file of the site a page is drawn for, gzipped or not; null when the site has no such file. */
export async function fetchSiteFile(url: URL): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(8_000) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}.`);
  return shardJson(new Uint8Array(await response.arrayBuffer()));
}

/** The product page data for an address segment, from the site the request came to; null when no product lives there. */
export function readProductPageFromSite(segment: string, requestUrl: URL): Promise<ProductPageData | null> {
  const { origin } = requestUrl;
  let reader = readers.get(origin);
  if (!reader) {
    reader = productPageDataReader((path) => fetchSiteFile(new URL(path, origin)));
    readers.set(origin, reader);
  }
  return reader(segment);
}

/**
 * `npm run dev` has no build, so no shard files: there the page is made from the catalogue itself,
 * loaded only then (the function never bundles the catalogue's reader).
 */
export async function productPageFromCatalogue(segment: string): Promise<ProductPageData | null> {
  const [{ getCatalogue }, { alternativesByProduct }] = await Promise.all([import('./catalogue'), import('./substitutes')]);
  const { products } = await getCatalogue();
  const product = products.find((candidate) => productSegment(candidate) === segment);
  return product ? { product, alternatives: alternativesByProduct(products).get(product.id)! } : null;
}

const YEAR = 31_536_000;

/**
 * The content type the CDN gives the prebuilt .html files. Astro's on-demand pages say only
 * `text/html`, and without the charset the browser looks for the page's encoding before it parses.
 */
export const setHtmlContentType = (headers: Headers): void => headers.set('content-type', 'text/html; charset=utf-8');

/**
 * A drawn page's content type and cache headers: Netlify's CDN keeps it, stored once for every edge node (`durable`),
 * until the next deploy clears it (a deploy may change the product); browsers ask again each time,
 * as for the prebuilt pages, so a new deploy's page reaches them at once. The headers every file has
 * come from the function itself (src/lib/prebuilt-netlify.ts).
 */
export function setDrawnPageHeaders(headers: Headers): void {
  setHtmlContentType(headers);
  headers.set('cache-control', 'public, max-age=0, must-revalidate');
  headers.set('netlify-cdn-cache-control', `public, durable, max-age=${YEAR}`);
}
