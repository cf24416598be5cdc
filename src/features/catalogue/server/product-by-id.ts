/**
 * /products/<id>: a product page is built under its slug, and this answer sends the customer there.
 * A Netlify Function rather than a redirect page or rule per product: 100,000 pages cost 0.8 GB of
 * the deploy, and Netlify advises against 10,000+ redirect rules.
 */

/** The path of the product with this id when its page lives under its slug, otherwise undefined. */
export type ProductPathOf = (id: number) => Promise<string | undefined>;

/** The site's own 'Product not found' page, asked for when the id is no product's. */
export const PRODUCT_NOT_FOUND_PATH = '/product-not-found';

// Every deploy starts a new CDN cache on Netlify, so the edge may keep an answer until the next one.
const CACHED = { 'cache-control': 'public, max-age=3600', 'netlify-cdn-cache-control': 'public, durable, s-maxage=31536000' };

export async function productByIdResponse(request: Request, pathOf: ProductPathOf, fetchPage: typeof fetch = fetch): Promise<Response> {
  const id = /^\/products\/(\d+)\/?$/.exec(new URL(request.url).pathname)?.[1];
  const path = id === undefined ? undefined : await pathOf(Number(id));
  if (path) return new Response(null, { status: 301, headers: { location: path, ...CACHED } });
  const page = await fetchPage(new URL(PRODUCT_NOT_FOUND_PATH, request.url));
  return new Response(page.body, { status: 404, headers: { 'content-type': page.headers.get('content-type') ?? 'text/html; charset=utf-8' } });
}
