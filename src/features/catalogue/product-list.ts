import { sellingPricePaise } from '../../domain/selling-price';

/**
 * The product list's order, paging and texts. Pure functions: the build pages the catalogue with
 * them and the /products page script prints the same texts for search results.
 */

export const SORT_OPTIONS = [
  { value: 'name', label: 'Sort by Name' },
  { value: 'price-low', label: 'Sort by Price (Low to High)' },
  { value: 'price-high', label: 'Sort by Price (High to Low)' },
] as const;

export type SortOrder = (typeof SORT_OPTIONS)[number]['value'];

export const DEFAULT_SORT: SortOrder = 'name';

/** Cards per prebuilt page and per 'Show more products' step. */
export const PAGE_SIZE = 48;

export const SEARCH_PLACEHOLDER = 'Search medicines, brands, categories, or marketers...';
export const NO_MATCHING_PRODUCTS = 'No products found matching your search.';
export const NO_PRODUCTS = 'No products available.';
export const LOADING_PRODUCTS = 'Loading products…';
export const FAILED_TO_LOAD_PRODUCTS = 'Failed to load products.';
export const SHOW_MORE_PRODUCTS = 'Show more products';

/** What sorting needs. */
export interface ListedProduct {
  id: number;
  name: string;
  mrp_paise: number;
  current_price_paise?: number;
}

/** An unknown or missing ?sort= value falls back to the default order. */
export function parseSortOrder(value: string | null | undefined): SortOrder {
  return SORT_OPTIONS.find((option) => option.value === value)?.value ?? DEFAULT_SORT;
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
export function emptyListMessage(shown: number, total: number): string | null {
  if (total === 0) return NO_PRODUCTS;
  if (shown === 0) return NO_MATCHING_PRODUCTS;
  return null;
}

export function showingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} products`;
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
