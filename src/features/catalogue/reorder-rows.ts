import type { ReorderRow } from '../../domain/catalogue-shards';
import { isPurchasable, productPath, type Product } from '../../domain/product';
import { sellingPricePaise } from '../../domain/selling-price';
import { alternativesByProduct, type Alternatives } from './substitutes';

/** Pack units that are measures, not doses: a refill's days of supply cannot be worked out from them. */
const MEASURES = new Set(['ml', 'l', 'gm', 'g', 'mg', 'kg']);

/** Doses in a pack (20 tablets), or null when the pack is a measure (75 gm) or unknown. */
export function packUnits(product: Pick<Product, 'pack_size'>): number | null {
  const size = product.pack_size;
  if (!size || MEASURES.has(size.unit) || !Number.isInteger(size.amount) || size.amount < 1 || size.amount > 1000) return null;
  return size.amount;
}

const samePack = (a: Product, b: Product) => a.pack_size !== null && b.pack_size !== null && a.pack_size.amount === b.pack_size.amount && a.pack_size.unit === b.pack_size.unit;

/**
 * The substitute a product's row names: for a product not on sale, the cheapest sold product of the
 * same salt and form (Reorder names it); for one on sale, the cheapest sold product of the same salt,
 * form and pack that costs less per pack (the prescription request's proposal offers it, pack for pack).
 */
function substituteOf(product: Product, alternatives: Alternatives | undefined): Product | undefined {
  const sold = (alternatives?.substitutes ?? []).map((candidate) => candidate.product).filter(isPurchasable);
  if (!isPurchasable(product)) return sold[0];
  const price = sellingPricePaise(product);
  return sold.filter((candidate) => samePack(candidate, product) && sellingPricePaise(candidate) < price).sort((a, b) => sellingPricePaise(a) - sellingPricePaise(b))[0];
}

/** Each product's reorder row: its pack units and its substitute (above). */
export function reorderRows(products: readonly Product[]): ReorderRow[] {
  const alternatives = alternativesByProduct(products);
  return products.map((product) => {
    const substitute = substituteOf(product, alternatives.get(product.id));
    return [product.id, packUnits(product), substitute?.id ?? null, substitute?.name ?? null, substitute ? productPath(substitute) : null];
  });
}
