import * as z from 'zod/mini';
import type { DisplayProduct } from './display-product';
import { productPath } from './product-path';
import { SORT_OPTIONS, sortProducts, type SortOrder } from './product-list';
import { FOR_SALE_STATES } from './sale-state';

/**
 * The product search index (Pagefind) as the build writes it and the /products script reads it:
 * one record per product whose text is exactly the four searchable fields, whose meta is what a
 * card shows, and whose sort keys are the product's position in each list order.
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

/** The index records of a whole catalogue. */
export function searchRecords(products: readonly DisplayProduct[]): SearchRecord[] {
  const ranks = new Map<number, Record<string, string>>(products.map((product) => [product.id, {}]));
  for (const { value } of SORT_OPTIONS) {
    sortProducts(products, value).forEach((product, rank) => {
      ranks.get(product.id)![SORT_KEY[value]] = rankKey(rank);
    });
  }
  return products.map((product) => ({
    url: productPath(product),
    content: [product.name, product.brand, product.category, product.marketer].join('\n'),
    language: 'en',
    meta: {
      title: product.name,
      id: String(product.id),
      slug: product.slug,
      name: product.name,
      image: product.thumbnail_image,
      mrp: String(product.mrp),
      category: product.category,
      drug_form: product.drug_form,
      quantity: product.quantity,
      description: product.description,
      rx: product.requires_prescription ? 'yes' : 'no',
      sale_state: product.sale_state,
    },
    sort: ranks.get(product.id)!,
    filters: { catalogue: [EVERY_PRODUCT_FILTER.catalogue] },
  }));
}

/** A search result's meta, checked, in the shape a card is filled from. */
const searchCardSchema = z.pipe(
  z.object({
    id: z.string().check(z.regex(/^\d+$/)),
    slug: z.string(),
    name: z.string(),
    image: z.string(),
    mrp: z.string().check(z.regex(/^\d+(\.\d+)?$/)),
    category: z.string(),
    drug_form: z.string(),
    quantity: z.string(),
    description: z.string(),
    rx: z.enum(['yes', 'no']),
    sale_state: z.enum(FOR_SALE_STATES),
  }),
  z.transform((meta) => ({
    id: Number(meta.id),
    slug: meta.slug,
    name: meta.name,
    thumbnail_image: meta.image,
    mrp: Number(meta.mrp),
    category: meta.category,
    drug_form: meta.drug_form,
    quantity: meta.quantity,
    description: meta.description,
    requires_prescription: meta.rx === 'yes',
    sale_state: meta.sale_state,
  })),
);

export type SearchCard = z.infer<typeof searchCardSchema>;

export function parseSearchCard(meta: unknown): SearchCard {
  return searchCardSchema.parse(meta);
}
