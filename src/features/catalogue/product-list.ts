/**
 * Search and sort of the product list. Pure functions: the build orders the prebuilt cards with
 * them and the /products page script applies them to those cards in the browser.
 */

export const SORT_OPTIONS = [
  { value: 'name', label: 'Sort by Name' },
  { value: 'price-low', label: 'Sort by Price (Low to High)' },
  { value: 'price-high', label: 'Sort by Price (High to Low)' },
] as const;

export type SortOrder = (typeof SORT_OPTIONS)[number]['value'];

export const DEFAULT_SORT: SortOrder = 'name';

export const SEARCH_PLACEHOLDER = 'Search medicines, brands, categories, or marketers...';
export const NO_MATCHING_PRODUCTS = 'No products found matching your search.';
export const NO_PRODUCTS = 'No products available.';

/** The fields a search looks at, plus what sorting needs. */
export interface ListedProduct {
  id: number;
  name: string;
  brand: string;
  category: string;
  marketer: string;
  mrp: number;
}

/** An unknown or missing ?sort= value falls back to the default order. */
export function parseSortOrder(value: string | null | undefined): SortOrder {
  return SORT_OPTIONS.find((option) => option.value === value)?.value ?? DEFAULT_SORT;
}

/** Case-insensitive substring match on name, brand, category or marketer; a blank query matches all. */
export function matchesSearch(product: ListedProduct, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('en-IN');
  if (needle === '') return true;
  return [product.name, product.brand, product.category, product.marketer].some((field) =>
    field.toLocaleLowerCase('en-IN').includes(needle),
  );
}

const byName = (a: ListedProduct, b: ListedProduct) =>
  a.name.localeCompare(b.name, 'en-IN', { sensitivity: 'base', numeric: true }) || a.id - b.id;

/** A new array in the given order; equal prices fall back to name order so the result is stable. */
export function sortProducts<T extends ListedProduct>(products: readonly T[], order: SortOrder): T[] {
  const sorted = [...products];
  if (order === 'price-low') return sorted.sort((a, b) => a.mrp - b.mrp || byName(a, b));
  if (order === 'price-high') return sorted.sort((a, b) => b.mrp - a.mrp || byName(a, b));
  return sorted.sort(byName);
}

export function searchAndSort<T extends ListedProduct>(products: readonly T[], query: string, order: SortOrder): T[] {
  return sortProducts(
    products.filter((product) => matchesSearch(product, query)),
    order,
  );
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
