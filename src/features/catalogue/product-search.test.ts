import { describe, expect, it } from 'vitest';
import { sampleRecord } from './catalogue-record.fixture';
import { buildCatalogue } from './product-from-record';
import { toProductCard } from '../../domain/product';
import { readSearchCard, searchRows } from './product-search';
import { searchIndexFiles } from './search-index-files';

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
const rows = searchRows(products);

describe('search index', () => {
  it('writes each product folded, in name order, with its selling price in paise', () => {
    expect(rows.map((row) => row[0])).toEqual([3, 1, 4, 2]);
    expect(rows[0]!.slice(1, 3)).toEqual(['aceclofenac gel', 'metformin 500mg']);
    expect(rows[0]![6]).toBe(8999);
  });

  it("gives the index each product's place in selling-price order, by its place in name order, and the equal prices before it", () => {
    expect(JSON.parse(searchIndexFiles(rows).files.get('price-places/0')!)).toEqual([
      [1, 0, 2, 3],
      [0, 0, 0, 1],
    ]);
  });

  it("reads a card back from the product's catalogue entry unchanged", () => {
    const metformin = products.find((product) => product.id === 1)!;
    const entry: unknown = JSON.parse(JSON.stringify(toProductCard(metformin)));
    expect(readSearchCard(entry)).toStrictEqual({
      id: 1,
      slug: 'metformin-500mg-tablet',
      name: 'Metformin 500mg Tablet',
      thumbnail_image: metformin.thumbnail_image,
      mrp_paise: 3550,
      current_price_paise: 3550,
      category: 'Diabetes',
      drug_form: metformin.drug_form,
      quantity: metformin.quantity,
      description: metformin.description,
      requires_prescription: metformin.requires_prescription,
      cod_available: metformin.cod_available,
      sale_state: 'ADD TO CART',
    });
  });

  it('refuses an entry that is not a product card', () => {
    expect(() => readSearchCard({ id: 1, name: 'Metformin' })).toThrow();
    expect(() => readSearchCard('metformin')).toThrow();
  });
});
