import { languageCodeSchema } from '../../../domain/language';
import { pathIn } from '../../../domain/strings/paths';

/**
 * /products/<segment> when no page file answers it: an id or a slug the product had before is sent
 * on to the product's page (301); a removed product's address answers 410 with its own 'Product
 * not found' page, which lists substitutes; anything else is the plain 'Product not found' page (404).
 * A Netlify Function rather than a redirect page or rule per product: 100,000 pages cost 0.8 GB of
 * the deploy, and Netlify advises against 10,000+ redirect rules. A product page in another language
 * that finds no product sends the customer here with `?language=<code>`: the answer is then that
 * language's address and page (English's where the language has none).
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
  const language = languageCodeSchema.safeParse(new URL(request.url).searchParams.get('language'));
  const inLanguage = (path: string) => (language.success ? pathIn(language.data, path) : path);
  const moved = key === undefined ? undefined : addresses.moved[key];
  if (moved) return new Response(null, { status: 301, headers: { location: inLanguage(moved), ...CACHED } });
  const gone = key === undefined ? undefined : addresses.gone[key];
  const pagePath = gone ?? PRODUCT_NOT_FOUND_PATH;
  const translated = inLanguage(pagePath) === pagePath ? null : await fetchPage(new URL(inLanguage(pagePath), request.url));
  const page = translated?.ok ? translated : await fetchPage(new URL(pagePath, request.url));
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
