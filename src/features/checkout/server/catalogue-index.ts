import { z } from 'zod';
import { FOR_SALE_STATES } from '../../../domain/sale-state';

/** The reader of the price index the build writes from each product (toPriceIndexEntry in src/domain/product.ts). */
export const catalogueIndexEntrySchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  mrp: z.number().nonnegative(),
  /** Charged only when below MRP (sellingPricePaise); an index written before selling prices reads as MRP. */
  current_price: z.number().nonnegative().optional(),
  requires_prescription: z.boolean(),
  cod_available: z.boolean(),
  sale_state: z.enum(FOR_SALE_STATES),
});
export type CatalogueIndexEntry = z.infer<typeof catalogueIndexEntrySchema>;

export const catalogueIndexSchema = z.array(catalogueIndexEntrySchema);

export type CatalogueIndex = ReadonlyMap<number, CatalogueIndexEntry>;

/** Validates the generated index once, at cold start, so a stale or hand-edited file fails loudly. */
export function loadCatalogueIndex(raw: unknown): CatalogueIndex {
  const entries = catalogueIndexSchema.parse(raw);
  return new Map(entries.map((entry) => [entry.id, entry]));
}
