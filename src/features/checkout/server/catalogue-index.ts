import { PRICE_INDEX_ENTRY, type PriceIndexEntry } from '../../../domain/product';
import { productProblem, readProductView } from '../../../domain/product-schema';

/** One product of the price index the build writes (toPriceIndexEntry in src/domain/product.ts). */
export type CatalogueIndexEntry = PriceIndexEntry;

export type CatalogueIndex = ReadonlyMap<number, CatalogueIndexEntry>;

/** Validates the generated index once, at cold start, so a stale or hand-edited file fails loudly. */
export function loadCatalogueIndex(raw: unknown): CatalogueIndex {
  if (!Array.isArray(raw)) throw new Error('The catalogue index is not a list of products');
  const entries = raw.map((value: unknown, index) => {
    const entry = readProductView(PRICE_INDEX_ENTRY, value);
    if (!entry) throw new Error(`The catalogue index entry ${index} is unreadable: ${productProblem(value, PRICE_INDEX_ENTRY)}`);
    return entry;
  });
  return new Map(entries.map((entry) => [entry.id, entry]));
}
