/**
 * What a product page drawn on request needs (src/pages/[lang]/products/[product].astro): the product
 * and its alternatives as listed, written at build beside the pages in shard files, a shard per
 * address's hash, and fetched from the site by the function that draws the page. 100,000 products'
 * records cannot ship inside a function; a shard is ~100 products at that size, cached by the CDN.
 * Each shard is stored gzipped (at 100,000 synthetic products 24 MB rather than 463 MB of the deploy).
 */
import { gzipSync } from 'node:zlib';
import { productSegment, type Product } from '../../domain/product';
import { CART_LINE_FIELDS, FULL_PRODUCT, productView, readProductView, someFields, type ViewOf } from '../../domain/product-schema';
import type { Alternatives } from './substitutes';

/** A fixed count, so the function needs no manifest: ~100 products a shard at 100,000. */
export const PRODUCT_PAGE_SHARDS = 1024;

/** FNV-1a of the address segment, so the builder and the function agree without a table. */
export function productPageShard(segment: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < segment.length; index += 1) {
    hash ^= segment.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % PRODUCT_PAGE_SHARDS;
}

export function productPageDataUrl(shard: number): string {
  return `/catalogue/pages/${shard}.json.gz`;
}

const SUBSTITUTE_VIEW = productView({ ...someFields(CART_LINE_FIELDS, ['id', 'slug', 'name', 'sale_state']), marketer: FULL_PRODUCT.fields.marketer });
const STRENGTH_VIEW = productView({ ...someFields(CART_LINE_FIELDS, ['id', 'slug', 'name']), salt: FULL_PRODUCT.fields.salt });

/** The alternatives as a product page lists them: a few fields of each, not whole products. */
export interface ListedAlternatives {
  substitutes: { product: ViewOf<typeof SUBSTITUTE_VIEW>; unitPaise: number; unit: string; savePercent: number }[];
  otherStrengths: ViewOf<typeof STRENGTH_VIEW>[];
}

export interface ProductPageData {
  product: Product;
  alternatives: ListedAlternatives;
}

function listed(alternatives: Alternatives): ListedAlternatives {
  return {
    substitutes: alternatives.substitutes.map(({ product, unitPaise, unit, savePercent }) => ({ product: readProductView(SUBSTITUTE_VIEW, product)!, unitPaise, unit, savePercent })),
    otherStrengths: alternatives.otherStrengths.map((product) => readProductView(STRENGTH_VIEW, product)!),
  };
}

/** Each shard's file, gzipped: its products' page data by address segment. */
export function* productPageDataFiles(products: readonly Product[], alternatives: ReadonlyMap<number, Alternatives>): Generator<[path: string, gzipped: Uint8Array]> {
  const shards = new Map<number, Record<string, ProductPageData>>();
  for (const product of products) {
    const segment = productSegment(product);
    const shard = productPageShard(segment);
    const members = shards.get(shard) ?? {};
    shards.set(shard, members);
    members[segment] = { product, alternatives: listed(alternatives.get(product.id) ?? { substitutes: [], otherStrengths: [] }) };
  }
  for (const [shard, members] of shards) yield [productPageDataUrl(shard), gzipSync(JSON.stringify(members))];
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** One entry of a fetched shard, checked field by field; null when anything is not what the build writes. */
export function readProductPageData(value: unknown): ProductPageData | null {
  if (typeof value !== 'object' || value === null) return null;
  const { product, alternatives } = value as Record<string, unknown>;
  const checkedProduct = readProductView(FULL_PRODUCT, product);
  if (!checkedProduct || typeof alternatives !== 'object' || alternatives === null) return null;
  const { substitutes, otherStrengths } = alternatives as Record<string, unknown>;
  if (!Array.isArray(substitutes) || !Array.isArray(otherStrengths)) return null;
  const checkedSubstitutes: ListedAlternatives['substitutes'] = [];
  for (const entry of substitutes as unknown[]) {
    const { product: substitute, unitPaise, unit, savePercent } = (entry ?? {}) as Record<string, unknown>;
    const checked = readProductView(SUBSTITUTE_VIEW, substitute);
    if (!checked || !isNumber(unitPaise) || typeof unit !== 'string' || !isNumber(savePercent)) return null;
    checkedSubstitutes.push({ product: checked, unitPaise, unit, savePercent });
  }
  const checkedStrengths = (otherStrengths as unknown[]).map((strength) => readProductView(STRENGTH_VIEW, strength));
  if (checkedStrengths.some((strength) => strength === null)) return null;
  return { product: checkedProduct, alternatives: { substitutes: checkedSubstitutes, otherStrengths: checkedStrengths as ListedAlternatives['otherStrengths'] } };
}

/** The shards a warm function instance keeps: the next request for a product in one costs no fetch. */
const KEPT_SHARDS = 32;

/**
 * Reads a product's page data from the site's shard files. `fetchShard` answers a site path's JSON,
 * or null when the site has no such file. Null when no product lives at the segment.
 */
export function productPageDataReader(fetchShard: (path: string) => Promise<unknown>): (segment: string) => Promise<ProductPageData | null> {
  const kept = new Map<number, Promise<unknown>>();
  return async (segment) => {
    const shard = productPageShard(segment);
    let members = kept.get(shard);
    if (!members) {
      members = fetchShard(productPageDataUrl(shard));
      // A failed fetch is tried again on the next request rather than kept.
      members.catch(() => kept.delete(shard));
      if (kept.size >= KEPT_SHARDS) kept.delete(kept.keys().next().value!);
      kept.set(shard, members);
    }
    const shardData = await members;
    if (shardData === null) return null;
    if (typeof shardData !== 'object' || Array.isArray(shardData)) throw new Error(`${productPageDataUrl(shard)} is not a shard of product pages.`);
    if (!Object.hasOwn(shardData, segment)) return null;
    const page = readProductPageData((shardData as Record<string, unknown>)[segment]);
    if (!page) throw new Error(`${productPageDataUrl(shard)} holds a product page for ${segment} the build would not write.`);
    return page;
  };
}
