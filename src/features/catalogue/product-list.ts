import { productList } from '../../domain/strings/english/productList';
import { fill } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';
import { sellingPricePaise } from '../../domain/selling-price';

/**
 * The product list's order, paging and texts. Pure functions: the build pages the catalogue with
 * them and the /products page script prints the same texts for search results.
 */

export const SORT_ORDERS = ['name', 'price-low', 'price-high'] as const;

/** The sort menu's options in a language. */
export const sortOptions = (text: Pick<StringTable['catalogue'], 'sortByName' | 'sortByPriceLow' | 'sortByPriceHigh'>) => [
  { value: 'name' as const, label: text.sortByName },
  { value: 'price-low' as const, label: text.sortByPriceLow },
  { value: 'price-high' as const, label: text.sortByPriceHigh },
];

export type SortOrder = (typeof SORT_ORDERS)[number];

export const DEFAULT_SORT: SortOrder = 'name';

/** Cards per prebuilt page and per 'Show more products' step. */
export const PAGE_SIZE = 48;

export const NO_MATCHING_PRODUCTS = productList.noMatchingProducts;
export const NO_PRODUCTS = productList.noProducts;

type ListText = Pick<StringTable['productList'], 'noMatchingProducts' | 'noProducts' | 'showing'>;

/** What sorting needs. */
export interface ListedProduct {
  id: number;
  name: string;
  mrp_paise: number;
  current_price_paise?: number;
}

/** An unknown or missing ?sort= value falls back to the default order. */
export function parseSortOrder(value: string | null | undefined): SortOrder {
  return SORT_ORDERS.find((order) => order === value) ?? DEFAULT_SORT;
}

// One collator for every comparison: localeCompare with options builds one per call, which made
// sorting 10,000 products take seconds.
const nameCollator = new Intl.Collator('en-IN', { sensitivity: 'base', numeric: true });
const byName = (a: ListedProduct, b: ListedProduct) => nameCollator.compare(a.name, b.name) || a.id - b.id;

/** A new array in the given order; equal prices fall back to name order so the result is stable. */
export function sortProducts<T extends ListedProduct>(products: readonly T[], order: SortOrder): T[] {
  const sorted = [...products];
  if (order === 'price-low') return sorted.sort((a, b) => sellingPricePaise(a) - sellingPricePaise(b) || byName(a, b));
  if (order === 'price-high') return sorted.sort((a, b) => sellingPricePaise(b) - sellingPricePaise(a) || byName(a, b));
  return sorted.sort(byName);
}

/** The empty-list text, or null when something is shown. */
export function emptyListMessage(shown: number, total: number, text: ListText = productList): string | null {
  if (total === 0) return text.noProducts;
  if (shown === 0) return text.noMatchingProducts;
  return null;
}

export function showingText(shown: number, total: number, text: ListText = productList): string {
  return fill(text.showing, { shown, total });
}

/** How many prebuilt pages the default order needs; an empty catalogue still has its one page. */
export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

/** Page 1 is /products itself, so its address never changes with the catalogue's size. */
export function listPagePath(page: number): string {
  return page <= 1 ? '/products' : `/products/page/${page}`;
}

/** The page numbers linked around the current page: the first, the last and two either side. */
export function pageNumbersAround(current: number, count: number): number[] {
  const pages = new Set([1, count]);
  for (let page = current - 2; page <= current + 2; page += 1) if (page >= 1 && page <= count) pages.add(page);
  return [...pages].sort((a, b) => a - b);
}
