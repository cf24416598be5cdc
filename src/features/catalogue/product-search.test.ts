import { describe, expect, it } from 'vitest';
import { sampleRecord } from './catalogue-record.fixture';
import { buildCatalogue } from './product-from-record';
import { toProductCard } from '@/domain/product';
import { readSearchCard, searchRecord, searchSortKeys } from './product-search';

const products = buildCatalogue(
  [
    { id: 1, product_name: 'Metformin 500mg Tablet', mrp: '35.50' },
    { id: 2, product_name: 'Pantoprazole 40mg Tablet', mrp: '120.00' },
    { id: 3, product_name: 'aceclofenac Gel', mrp: '89.99' },
    { id: 4, product_name: 'Nicotine 2mg Gum', mrp: '120.00' },
  ].map(({ id, product_name, mrp }) => {
    const record = sampleRecord({ id, product_name, mrp, current_price: mrp });
    return { source: `${id}.json`, raw: { ...record, upm_product_details: { ...record.upm_product_details, mrp: Number(mrp) } } };
  }),
);
const sortKeys = searchSortKeys(products);
const records = products.map((product) => searchRecord(product, sortKeys.get(product.id)!));
const byName = (name: string) => records.find((record) => record.content.split('\n')[0] === name)!;
const idOf = (url: string) => Number(/^\/catalogue\/(\d+)\.json$/.exec(url)![1]);

describe('search records', () => {
  it('indexes exactly the name, brand, category and marketer of each product', () => {
    const content = byName('Metformin 500mg Tablet').content;
    expect(content.split('\n')).toEqual(['Metformin 500mg Tablet', 'Healwell Pharma Ltd', 'Diabetes', 'Healwell Marketing Pvt Ltd']);
    expect(content).not.toContain(products.find((product) => product.id === 1)!.description);
  });

  it("points each record at the product's catalogue entry and files every record under one filter", () => {
    expect(byName('Metformin 500mg Tablet').url).toBe('/catalogue/1.json');
    expect(records.every((record) => record.filters.catalogue?.[0] === 'all')).toBe(true);
  });

  it('ranks each product in the three list orders, equal prices by name', () => {
    const order = (key: string) =>
      [...records].sort((a, b) => a.sort[key]!.localeCompare(b.sort[key]!)).map((record) => idOf(record.url));
    expect(order('name')).toEqual([3, 1, 4, 2]);
    expect(order('price_low')).toEqual([1, 3, 4, 2]);
    expect(order('price_high')).toEqual([4, 2, 3, 1]);
    expect(byName('aceclofenac Gel').sort.name).toBe('0000000');
  });

  it("reads a card back from the product's catalogue entry unchanged", () => {
    const metformin = products.find((product) => product.id === 1)!;
    const entry: unknown = JSON.parse(JSON.stringify(toProductCard(metformin)));
    expect(readSearchCard(entry)).toStrictEqual({
      id: 1,
      slug: 'metformin-500mg-tablet',
      name: 'Metformin 500mg Tablet',
      thumbnail_image: metformin.thumbnail_image,
      mrp: 35.5,
      current_price: 35.5,
      category: 'Diabetes',
      drug_form: metformin.drug_form,
      quantity: metformin.quantity,
      description: metformin.description,
      requires_prescription: metformin.requires_prescription,
      sale_state: 'ADD TO CART',
    });
  });

  it('keeps nothing but the searchable text in the index', () => {
    expect(records.every((record) => Object.keys(record.meta).length === 0)).toBe(true);
  });

  it('refuses an entry that is not a product card', () => {
    expect(() => readSearchCard({ id: 1, name: 'Metformin' })).toThrow();
    expect(() => readSearchCard('metformin')).toThrow();
  });
});
