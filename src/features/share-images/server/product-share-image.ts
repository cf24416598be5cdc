/**
 * /og/products/<id>-<hash>.jpg: a product page's share image, drawn on the first request for it
 * (netlify/functions/og-product-image.mts) instead of at build, where 100,000 products would cost
 * hours. The hash names what the image shows (share-cards.ts), so each address always shows the
 * same thing: Netlify's CDN keeps the answer durably (one draw per product per change, shared by
 * every edge node) and, since nothing at that address can change, across deploys too.
 */
import { readShareCardRows, type ShareCardFacts } from '../../../domain/catalogue-shards';
import { catalogueShardReader } from '../../../lib/catalogue-shard-files';
import { parseProductShareImagePath, productShareCard, productShareImagePath, shareCardHash } from './share-cards';
import { renderShareImage } from './share-image';
import { API_SECURITY_HEADERS } from '../../../lib/api-security-headers';

export interface ProductShareImageDependencies {
  /** The share-card facts of these product ids that exist (the build's share-cards shards). */
  lookup: (ids: readonly number[]) => Promise<ReadonlyMap<number, ShareCardFacts>>;
  /** The picture's bytes; null when the site has no file there (the card is drawn without it, as at build). */
  loadPicture: (sitePath: string, request: Request) => Promise<Buffer | null>;
}

/**
 * A product picture from the site itself (public/images, published with the pages, cached by the
 * CDN): 100,000 photos cannot ship inside the function.
 */
export async function fetchSitePicture(sitePath: string, request: Request): Promise<Buffer | null> {
  const response = await fetch(new URL(sitePath, request.url), { signal: AbortSignal.timeout(8_000) });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`The picture ${sitePath} answered ${response.status}.`);
  return Buffer.from(await response.arrayBuffer());
}

export function productShareImageDependencies(root: string): ProductShareImageDependencies {
  return { lookup: catalogueShardReader(root, 'share-cards', readShareCardRows), loadPicture: fetchSitePicture };
}

const YEAR = 31_536_000;
/**
 * The image at a hashed address never changes: browsers and the CDN keep it for a year without
 * asking again; `durable` stores it once for every edge node; a Netlify-Cache-ID keeps it across
 * deploys (a deploy that changes the drawing changes SHARE_CARD_DESIGN, and so every address).
 */
const IMMUTABLE = {
  'cache-control': `public, max-age=${YEAR}, immutable`,
  'netlify-cdn-cache-control': `public, durable, max-age=${YEAR}, immutable`,
  'netlify-cache-id': 'share-images',
};
/** Answers that change with the catalogue stay a few minutes and go with the next deploy. */
const SHORT = { 'cache-control': 'public, max-age=300' };
const TEXT = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };

export async function productShareImageResponse(request: Request, dependencies: ProductShareImageDependencies): Promise<Response> {
  const response = await shareImageAnswer(request, dependencies);
  // Every answer of a function carries the headers the pages have (tests/e2e/api-headers.spec.ts).
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) response.headers.set(name, value);
  return response;
}

async function shareImageAnswer(request: Request, dependencies: ProductShareImageDependencies): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(`Method ${request.method} is not allowed; use GET.`, { status: 405, headers: { ...TEXT, allow: 'GET, HEAD' } });
  }
  const url = new URL(request.url);
  const address = parseProductShareImagePath(url.pathname);
  if (!address) return new Response('No share image at this address.', { status: 404, headers: { ...TEXT, ...SHORT } });
  const facts = (await dependencies.lookup([address.id])).get(address.id);
  if (!facts) return new Response(`No product with id ${address.id}.`, { status: 404, headers: { ...TEXT, ...SHORT } });
  const card = productShareCard(facts);
  // An old address (the price or name has changed since the page that linked it) or one with a
  // query (which would be a new CDN entry, drawn again): sent on to today's image, so a preview
  // cached by WhatsApp or Facebook still shows the product. A 302, not a 301: the same address
  // is current again if the price returns to what it was (an offer ends), and a remembered 301
  // would then loop.
  if (shareCardHash(card) !== address.hash || url.search !== '') {
    return new Response(null, { status: 302, headers: { location: productShareImagePath(facts), ...SHORT } });
  }
  let picture: Buffer | null;
  try {
    picture = await dependencies.loadPicture(facts.picture, request);
  } catch (error) {
    // Never cached: an image drawn without its photo would be kept for a year.
    console.error(`Share image of product ${facts.id}: ${(error as Error).message}`);
    return new Response('The product picture could not be loaded; try again shortly.', { status: 503, headers: { ...TEXT, 'cache-control': 'no-store', 'retry-after': '30' } });
  }
  const jpeg = await renderShareImage(card, picture);
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(jpeg), {
    headers: { 'content-type': 'image/jpeg', 'content-length': String(jpeg.length), 'x-content-type-options': 'nosniff', ...IMMUTABLE },
  });
}
