import { describe, expect, it } from 'vitest';
import {
  emptyListMessage,
  listPagePath,
  NO_MATCHING_PRODUCTS,
  NO_PRODUCTS,
  PAGE_SIZE,
  pageCount,
  pageNumbersAround,
  parseSortOrder,
  showingText,
  sortProducts,
  type ListedProduct,
} from './product-list';

const metformin: ListedProduct = { id: 1, name: 'Metformin 500mg Tablet', mrp_paise: 3550 };
const pantoprazole: ListedProduct = { id: 2, name: 'Pantoprazole 40mg Tablet', mrp_paise: 12000 };
const aceclofenac: ListedProduct = { id: 3, name: 'aceclofenac Gel', mrp_paise: 8999 };
const nicotine: ListedProduct = { id: 4, name: 'Nicotine 2mg Gum', mrp_paise: 12000 };
const all = [metformin, pantoprazole, aceclofenac, nicotine];

describe('sortProducts', () => {
  it('orders by name by default, ignoring case', () => {
    expect(sortProducts(all, 'name').map((product) => product.id)).toEqual([3, 1, 4, 2]);
  });

  it('orders by price low to high and high to low, equal prices by name', () => {
    expect(sortProducts(all, 'price-low').map((product) => product.mrp_paise)).toEqual([3550, 8999, 12000, 12000]);
    expect(sortProducts(all, 'price-low').slice(2).map((product) => product.id)).toEqual([4, 2]);
    expect(sortProducts(all, 'price-high').map((product) => product.id)).toEqual([4, 2, 3, 1]);
  });

  it('leaves its input untouched', () => {
    const input = [...all];
    sortProducts(input, 'price-high');
    expect(input).toEqual(all);
  });
});

describe('parseSortOrder', () => {
  it('accepts the three values and falls back to name', () => {
    expect(parseSortOrder('price-low')).toBe('price-low');
    expect(parseSortOrder('price-high')).toBe('price-high');
    expect(parseSortOrder('name')).toBe('name');
    expect(parseSortOrder('cheapest')).toBe('name');
    expect(parseSortOrder(null)).toBe('name');
  });
});

describe('paging', () => {
  it('needs one page up to 48 products, even for none, and one more per further 48', () => {
    expect(PAGE_SIZE).toBe(48);
    expect([0, 18, 48, 49, 100_000].map(pageCount)).toEqual([1, 1, 1, 2, 2084]);
  });

  it('keeps page 1 at /products', () => {
    expect(listPagePath(1)).toBe('/products');
    expect(listPagePath(2)).toBe('/products/page/2');
  });

  it('links the first, the last and two either side of the current page', () => {
    expect(pageNumbersAround(1, 1)).toEqual([1]);
    expect(pageNumbersAround(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbersAround(10, 2084)).toEqual([1, 8, 9, 10, 11, 12, 2084]);
    expect(pageNumbersAround(2084, 2084)).toEqual([1, 2082, 2083, 2084]);
  });
});

describe('list texts', () => {
  it('says no products are available when the catalogue is empty', () => {
    expect(emptyListMessage(0, 0)).toBe(NO_PRODUCTS);
    expect(NO_PRODUCTS).toBe('No products available.');
  });

  it('says nothing matched when a search hides every product', () => {
    expect(emptyListMessage(0, 4)).toBe(NO_MATCHING_PRODUCTS);
    expect(NO_MATCHING_PRODUCTS).toBe('No products found matching your search.');
  });

  it('says nothing when products are shown', () => {
    expect(emptyListMessage(2, 4)).toBeNull();
  });

  it('counts what is shown', () => {
    expect(showingText(2, 16)).toBe('Showing 2 of 16 products');
  });
});
