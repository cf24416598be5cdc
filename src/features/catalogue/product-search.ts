import * as z from 'zod/mini';
import type { Product, ProductCard } from '../../domain/product';
import { FOR_SALE_STATES } from '../../domain/sale-state';
import { sortProducts } from './product-list';
import { foldText } from '../../domain/salt';
import { sellingPricePaise } from '../../domain/selling-price';
import type { SearchRow } from './search-engine';

/** The search index rows (see search-engine.ts), in name order. */
export function searchRows(products: readonly Product[]): SearchRow[] {
  return sortProducts(products, 'name').map((product) => [
    product.id,
    foldText(product.name),
    foldText(product.salt),
    foldText(product.brand),
    foldText([...product.primary_uses, ...product.uses].join(' ')),
    foldText([product.category, product.marketer, product.therapeutic_class].join(' ')),
    sellingPricePaise(product),
    product.name,
  ]);
}

/** What a card shows, as a search result's catalogue entry carries it (zod/mini: loaded with the search only). */
const productCardSchema = z.object({
  id: z.int().check(z.positive()),
  slug: z.string(),
  name: z.string(),
  thumbnail_image: z.string(),
  mrp: z.number().check(z.nonnegative()),
  current_price: z.optional(z.number().check(z.nonnegative())),
  category: z.string(),
  drug_form: z.string(),
  quantity: z.string(),
  description: z.string(),
  requires_prescription: z.boolean(),
  sale_state: z.enum(FOR_SALE_STATES),
});

/**
 * A search result is the product's own catalogue entry (/catalogue/<id>.json, the file the cart
 * fetches), which carries what a card shows: the index itself holds only the searchable text.
 */
export function readSearchCard(entry: unknown): ProductCard {
  return productCardSchema.parse(entry);
}
