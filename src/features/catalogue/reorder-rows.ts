import type { ReorderRow } from '../../domain/catalogue-shards';
import { isPurchasable, productPath, type Product } from '../../domain/product';
import { alternativesByProduct, type Alternatives } from './substitutes';

/** Pack units that are measures, not doses: a refill's days of supply cannot be worked out from them. */
const MEASURES = new Set(['ml', 'l', 'gm', 'g', 'mg', 'kg']);

/** Doses in a pack (20 tablets), or null when the pack is a measure (75 gm) or unknown. */
export function packUnits(product: Pick<Product, 'pack_size'>): number | null {
  const size = product.pack_size;
  if (!size || MEASURES.has(size.unit) || !Number.isInteger(size.amount) || size.amount < 1 || size.amount > 1000) return null;
  return size.amount;
}

/** Each product's reorder row: its pack units, and for one not on sale its cheapest sold substitute. */
export function reorderRows(products: readonly Product[]): ReorderRow[] {
  const unsold = products.filter((product) => !isPurchasable(product));
  const alternatives = unsold.length > 0 ? alternativesByProduct(products) : new Map<number, Alternatives>();
  return products.map((product) => {
    const substitute = isPurchasable(product) ? undefined : alternatives.get(product.id)?.substitutes.find((candidate) => isPurchasable(candidate.product))?.product;
    return [product.id, packUnits(product), substitute?.id ?? null, substitute?.name ?? null, substitute ? productPath(substitute) : null];
  });
}
