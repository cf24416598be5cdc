import { describe, expect, it } from 'vitest';
import { sampleRecord } from './catalogue-record.fixture';
import { buildCatalogue } from './product-from-record';
import { parseSearchCard, searchRecord, searchSortKeys } from './product-search';

const products = buildCatalogue(
  [
    { id: 1, product_name: 'Metformin 500mg Tablet', mrp: '35.50' },
    { id: 2, product_name: 'Pantoprazole 40mg Tablet', mrp: '120.00' },
    { id: 3, product_name: 'aceclofenac Gel', mrp: '89.99' },
    { id: 4, product_name: 'Nicotine 2mg Gum', mrp: '120.00' },
  ].map(({ id, product_name, mrp }) => {
    const record = sampleRecord({ id, product_name, mrp });
    return { source: `${id}.json`, raw: { ...record, upm_product_details: { ...record.upm_product_details, mrp: Number(mrp) } } };
  }),
);
const sortKeys = searchSortKeys(products);
const records = products.map((product) => searchRecord(product, sortKeys.get(product.id)!));
const byName = (name: string) => records.find((record) => parseSearchCard(record.meta).name === name)!;

describe('search records', () => {
  it('indexes exactly the name, brand, category and marketer of each product', () => {
    const metformin = products.find((product) => product.id === 1)!;
    expect(byName('Metformin 500mg Tablet').content).toBe(
      [metformin.name, metformin.brand, metformin.category, metformin.marketer].join('\n'),
    );
    expect(byName('Metformin 500mg Tablet').content).not.toContain(metformin.description);
  });

  it('links each record to the product page and files every record under one filter', () => {
    expect(byName('Metformin 500mg Tablet').url).toBe('/products/metformin-500mg-tablet');
    expect(records.every((record) => record.filters.catalogue?.[0] === 'all')).toBe(true);
  });

  it('ranks each product in the three list orders, equal prices by name', () => {
    const order = (key: string) =>
      [...records].sort((a, b) => a.sort[key]!.localeCompare(b.sort[key]!)).map((record) => parseSearchCard(record.meta).id);
    expect(order('name')).toEqual([3, 1, 4, 2]);
    expect(order('price_low')).toEqual([1, 3, 4, 2]);
    expect(order('price_high')).toEqual([4, 2, 3, 1]);
    expect(byName('aceclofenac Gel').sort.name).toBe('0000000');
  });

  it('carries what a card shows, which the browser reads back unchanged', () => {
    const metformin = products.find((product) => product.id === 1)!;
    expect(parseSearchCard(byName('Metformin 500mg Tablet').meta)).toStrictEqual({
      id: 1,
      slug: metformin.slug,
      name: metformin.name,
      thumbnail_image: metformin.thumbnail_image,
      mrp: 35.5,
      category: metformin.category,
      drug_form: metformin.drug_form,
      quantity: metformin.quantity,
      description: metformin.description,
      requires_prescription: metformin.requires_prescription,
      sale_state: metformin.sale_state,
    });
  });

  it('carries the card in punctuation only, so none of its words can match a search', () => {
    expect(Object.keys(byName('Metformin 500mg Tablet').meta)).toEqual(['card']);
    expect(byName('Metformin 500mg Tablet').meta.card).toMatch(/^[^\p{L}\p{N}\s]+$/u);
  });

  it('refuses a result whose meta is not a product card', () => {
    expect(() => parseSearchCard({ card: 'metformin' })).toThrow();
    expect(() => parseSearchCard({ title: 'Metformin' })).toThrow();
  });
});
