/**
 * /products/<segment> when no page file answers it: an id or a slug the product had before is sent
 * on to the product's page (301); a removed product's address answers 410 with its own 'Product
 * not found' page, which lists substitutes; anything else is the plain 'Product not found' page (404).
 * A Netlify Function rather than a redirect page or rule per product: 100,000 pages cost 0.8 GB of
 * the deploy, and Netlify advises against 10,000+ redirect rules.
 */

/** What the build knows about product addresses that are not (or no longer) a page. */
export interface ProductAddresses {
  /** The current product path by id (as text) or by a slug the product had before. */
  moved: Readonly<Record<string, string>>;
  /** The page to show, by id or slug, of products removed from the catalogue. */
  gone: Readonly<Record<string, string>>;
}

/** The site's own 'Product not found' page, asked for when the segment is no product's. */
export const PRODUCT_NOT_FOUND_PATH = '/product-not-found';

const SECURITY_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'referrer-policy', 'permissions-policy'] as const;

// Every deploy starts a new CDN cache on Netlify, so the edge may keep an answer until the next one.
const CACHED = { 'cache-control': 'public, max-age=3600', 'netlify-cdn-cache-control': 'public, durable, s-maxage=31536000' };

export async function productAddressResponse(request: Request, addresses: ProductAddresses, fetchPage: typeof fetch = fetch): Promise<Response> {
  const segment = /^\/products\/([^/]+)\/?$/.exec(new URL(request.url).pathname)?.[1];
  // Slugs are lower-case letters, digits and hyphens; a link typed in capitals finds them too.
  const key = segment?.toLowerCase();
  const moved = key === undefined ? undefined : addresses.moved[key];
  if (moved) return new Response(null, { status: 301, headers: { location: moved, ...CACHED } });
  const gone = key === undefined ? undefined : addresses.gone[key];
  const page = await fetchPage(new URL(gone ?? PRODUCT_NOT_FOUND_PATH, request.url));
  // Netlify's header rules (netlify.toml) apply to files, not to a function's answer: the page's own go with it.
  const security = SECURITY_HEADERS.flatMap((name) => {
    const value = page.headers.get(name);
    return value === null ? [] : [[name, value] as const];
  });
  return new Response(page.body, {
    status: gone ? 410 : 404,
    headers: { ...Object.fromEntries(security), 'content-type': page.headers.get('content-type') ?? 'text/html; charset=utf-8', ...(gone ? CACHED : {}) },
  });
}
