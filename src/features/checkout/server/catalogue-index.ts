import { z } from 'zod';
import { PRICE_INDEX_ENTRY, type PriceIndexEntry } from '../../../domain/product';
import { productProblem, readProductView } from '../../../domain/product-schema';
import { catalogueShardReader } from '../../../lib/catalogue-shard-files';
import { FOR_SALE_STATES } from '../../../domain/sale-state';

/** What the payment and desk functions know of a product (toPriceIndexEntry in src/domain/product.ts). */
export type CatalogueIndexEntry = PriceIndexEntry;

/**
 * The read of a prices shard (toPriceRow in src/domain/catalogue-shards.ts): the compact row is
 * unpacked, then read through the one product schema's price view, so a stale or hand-edited
 * shard fails loudly.
 */
const priceRowSchema = z
  .tuple([
    z.number().int().positive(),
    z.string().min(1),
    z.number().int().nonnegative(),
    z.number().int().nonnegative().nullable(),
    z.union([z.literal(0), z.literal(1)]),
    z.union([z.literal(0), z.literal(1)]),
    z.enum(FOR_SALE_STATES),
  ])
  .transform(([id, name, mrp, currentPrice, prescription, cod, saleState], context): CatalogueIndexEntry => {
    const unpacked = {
      id,
      name,
      mrp_paise: mrp,
      ...(currentPrice === null ? {} : { current_price_paise: currentPrice }),
      requires_prescription: prescription === 1,
      cod_available: cod === 1,
      sale_state: saleState,
    };
    const entry = readProductView(PRICE_INDEX_ENTRY, unpacked);
    if (!entry) {
      context.addIssue({ code: 'custom', message: `product ${id}: ${productProblem(unpacked, PRICE_INDEX_ENTRY)}` });
      return z.NEVER;
    }
    return entry;
  });
const priceShardSchema = z.array(priceRowSchema);

/** The products an order names, found by id; a product missing from the result is not in the catalogue. */
export type CatalogueEntries = ReadonlyMap<number, CatalogueIndexEntry>;

export interface CatalogueIndex {
  lookup(ids: readonly number[]): Promise<CatalogueEntries>;
}

/** A catalogue held in memory (the function tests' own). */
export function inMemoryCatalogueIndex(entries: readonly CatalogueIndexEntry[]): CatalogueIndex {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return {
    lookup: async (ids) => new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : []))),
  };
}

/**
 * The published catalogue's prices, read from the build's prices shards under `root`: only the
 * shards an order's products fall in (catalogueShardReader).
 */
export function catalogueIndexFiles(root: string): CatalogueIndex {
  return { lookup: catalogueShardReader(root, 'prices', (json) => new Map(priceShardSchema.parse(json).map((entry) => [entry.id, entry]))) };
}
