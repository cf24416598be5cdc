import { productPath, productSegment, productSlug, type Product } from '../../domain/product';
import type { CatalogueFileHistory } from './catalogue-history';
import { productPathsById } from './id-redirect';
import { buildProduct } from './product-from-record';
import { PRODUCT_NOT_FOUND_PATH, type ProductAddresses } from './server/product-by-id';

/** A product no longer in the catalogue, as its record last was; its addresses answer 410 with its own page. */
export interface RemovedProduct {
  product: Product;
  /** Where its 'Product not found' page with substitutes is built. */
  pagePath: string;
}

export interface ProductMoves {
  addresses: ProductAddresses;
  removed: RemovedProduct[];
}

/** The removed product's page, beside the shop's 'Product not found' page. */
export function removedProductPagePath(product: Pick<Product, 'id' | 'slug'>): string {
  return `/product-removed/${productSegment(product)}`;
}

function recordId(raw: unknown): number | undefined {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'number' && Number.isInteger(id) ? id : undefined;
}

/**
 * Every address a product had: its id (when its page lives under its slug) and each slug from an
 * earlier name go to its page for good; a removed product's id and slugs go to its removed page.
 * A slug some current product lives under stays that product's.
 * @param idOfFile the id of the current record in a catalogue file, undefined when the file is gone
 */
export function productMoves(products: readonly Product[], history: readonly CatalogueFileHistory[], idOfFile: (file: string) => number | undefined): ProductMoves {
  const byId = new Map(products.map((product) => [product.id, product]));
  const pages = new Set(products.map(productSegment));
  const moved: Record<string, string> = { ...productPathsById(products) };
  const gone: Record<string, string> = {};
  const removed = new Map<number, RemovedProduct>();
  const goneIds = new Set<number>();

  for (const entry of history) {
    const id = idOfFile(entry.file) ?? recordId(entry.deletedRecord);
    const names = [...entry.earlierNames];
    const current = id === undefined ? undefined : byId.get(id);
    const slugs = names.map(productSlug).filter((slug) => slug !== '' && !pages.has(slug));
    if (current) {
      for (const slug of slugs) moved[slug] ??= productPath(current);
      continue;
    }
    let pagePath = PRODUCT_NOT_FOUND_PATH;
    if (entry.deletedRecord !== undefined && id !== undefined && !removed.has(id)) {
      try {
        const product = buildProduct(entry.deletedRecord, entry.file);
        removed.set(id, { product, pagePath: removedProductPagePath(product) });
      } catch {
        // A record today's rules refuse still answers 410, with the plain page.
      }
    }
    if (id !== undefined) {
      pagePath = removed.get(id)?.pagePath ?? pagePath;
      goneIds.add(id);
      const own = removed.get(id)?.product.slug;
      if (own && !pages.has(own)) slugs.push(own);
    }
    for (const slug of slugs) gone[slug] ??= pagePath;
  }
  for (const id of goneIds) if (!byId.has(id)) gone[String(id)] ??= removed.get(id)?.pagePath ?? PRODUCT_NOT_FOUND_PATH;
  for (const slug of Object.keys(gone)) if (moved[slug]) delete gone[slug];
  return { addresses: { moved, gone }, removed: [...removed.values()] };
}
