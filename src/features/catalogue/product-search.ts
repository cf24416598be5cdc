import * as z from 'zod/mini';
import { catalogueEntryUrl, type Product, type ProductCard } from '../../domain/product';
import { FOR_SALE_STATES } from '../../domain/sale-state';
import { SORT_OPTIONS, type SortOrder, sortProducts } from './product-list';

/**
 * The product search index (Pagefind) as the build writes it and the /products script reads it:
 * one record per product whose text is exactly the four searchable fields, whose address is the
 * product's catalogue entry, and whose sort keys are the product's position in each list order.
 */

/** Every record carries this filter, so an empty search can list the whole catalogue in price order. */
export const EVERY_PRODUCT_FILTER = { catalogue: 'all' } as const;

/** Pagefind sort key per list order; each is the product's rank in that order, so ties break as the build's. */
export const SORT_KEY: Record<SortOrder, string> = { name: 'name', 'price-low': 'price_low', 'price-high': 'price_high' };

export interface SearchRecord {
  url: string;
  content: string;
  language: 'en';
  meta: Record<string, string>;
  sort: Record<string, string>;
  filters: Record<string, string[]>;
}

// Zero-padded so the ranks order the same as text and as numbers.
const rankKey = (rank: number) => String(rank).padStart(7, '0');

/** Each product's rank in every list order, as Pagefind sort keys, by product id. */
export function searchSortKeys(products: readonly Product[]): Map<number, Record<string, string>> {
  const ranks = new Map<number, Record<string, string>>(products.map((product) => [product.id, {}]));
  for (const { value } of SORT_OPTIONS) {
    sortProducts(products, value).forEach((product, rank) => {
      ranks.get(product.id)![SORT_KEY[value]] = rankKey(rank);
    });
  }
  return ranks;
}

/** One product's index record; made as needed, since 100,000 of them at once strain the build's memory. */
export function searchRecord(product: Product, sort: Record<string, string>): SearchRecord {
  return {
    url: catalogueEntryUrl(product.id),
    content: [product.name, product.brand, product.category, product.marketer].join('\n'),
    language: 'en',
    meta: {},
    sort,
    filters: { catalogue: [EVERY_PRODUCT_FILTER.catalogue] },
  };
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
