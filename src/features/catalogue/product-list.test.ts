import { describe, expect, it } from 'vitest';
import {
  emptyListMessage,
  matchesSearch,
  NO_MATCHING_PRODUCTS,
  NO_PRODUCTS,
  parseSortOrder,
  searchAndSort,
  showingText,
  sortProducts,
  type ListedProduct,
} from './product-list';

const metformin: ListedProduct = { id: 1, name: 'Metformin 500mg Tablet', brand: 'Healwell Pharma', category: 'Diabetes', marketer: 'Sunrise Marketing', mrp: 35.5 };
const pantoprazole: ListedProduct = { id: 2, name: 'Pantoprazole 40mg Tablet', brand: 'Gastrocare Labs', category: 'Gastro', marketer: 'Northwind Health', mrp: 120 };
const aceclofenac: ListedProduct = { id: 3, name: 'aceclofenac Gel', brand: 'Reliefco', category: 'Pain Relief', marketer: 'Reliefco', mrp: 89.99 };
const nicotine: ListedProduct = { id: 4, name: 'Nicotine 2mg Gum', brand: 'Quitwell', category: 'Smoking Cessation', marketer: 'Healwell Marketing', mrp: 120 };
const all = [metformin, pantoprazole, aceclofenac, nicotine];

describe('matchesSearch', () => {
  it.each([
    ['name', 'pantoprazole', pantoprazole],
    ['brand', 'Gastrocare', pantoprazole],
    ['category', 'smoking', nicotine],
    ['marketer', 'Northwind', pantoprazole],
  ])('matches by %s', (_field, query, expected) => {
    expect(all.filter((product) => matchesSearch(product, query))).toEqual([expected]);
  });

  it('ignores case and surrounding spaces', () => {
    expect(matchesSearch(metformin, '  METFORMIN ')).toBe(true);
    expect(matchesSearch(aceclofenac, 'AceClo')).toBe(true);
  });

  it('matches every product for a blank query and none for an unknown word', () => {
    expect(all.filter((product) => matchesSearch(product, '   '))).toHaveLength(4);
    expect(all.filter((product) => matchesSearch(product, 'zzz'))).toHaveLength(0);
  });
});

describe('sortProducts', () => {
  it('orders by name by default, ignoring case', () => {
    expect(sortProducts(all, 'name').map((product) => product.id)).toEqual([3, 1, 4, 2]);
  });

  it('orders by price low to high and high to low, equal prices by name', () => {
    expect(sortProducts(all, 'price-low').map((product) => product.mrp)).toEqual([35.5, 89.99, 120, 120]);
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

describe('searchAndSort', () => {
  it('filters, then orders what is left', () => {
    expect(searchAndSort(all, 'healwell', 'price-high').map((product) => product.id)).toEqual([4, 1]);
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
