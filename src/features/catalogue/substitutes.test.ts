import { describe, expect, it } from 'vitest';
import { sampleDetails, sampleRecord } from './catalogue-record.fixture';
import { buildCatalogue } from './product-from-record';
import { alternativesByProduct } from './substitutes';

type Spec = { id: number; name: string; salt: string; form: string; price: number; packing: number; soldOut?: boolean };

function catalogue(specs: Spec[]) {
  return buildCatalogue(
    specs.map(({ id, name, salt, form, price, packing, soldOut = false }) => ({
      source: `${id}.json`,
      raw: sampleRecord({
        id,
        product_name: name,
        salt_composition: salt,
        form,
        packing,
        mrp: String(price),
        current_price: String(price),
        out_of_stock: soldOut,
        upm_product_details: sampleDetails({ form, mrp: price }),
      }),
    })),
  );
}

const products = catalogue([
  { id: 1, name: 'Metformin 500mg Tablet', salt: 'Metformin Hydrochloride (500mg)', form: 'Tablet', price: 40, packing: 20 },
  { id: 2, name: 'Metformin 500mg Tablet CR', salt: 'Metformin Hydrochloride (500mg)', form: 'Tablet CR', price: 10, packing: 20 },
  { id: 3, name: 'Glycomet 500mg Tablet', salt: 'metformin hydrochloride (500 mg)', form: 'Tablet', price: 30, packing: 20 },
  { id: 4, name: 'Gluconorm 500mg Tablet', salt: 'Metformin Hydrochloride (500mg)', form: 'Tablet', price: 12, packing: 10 },
  { id: 5, name: 'Obimet 500mg Tablet', salt: 'Metformin Hydrochloride (500mg)', form: 'Tablet', price: 5, packing: 10, soldOut: true },
  { id: 6, name: 'Metformin 1000mg Tablet', salt: 'Metformin Hydrochloride (1000mg)', form: 'Tablet', price: 60, packing: 20 },
  { id: 7, name: 'Glimepiride 1mg Tablet', salt: 'Glimepiride (1mg)', form: 'Tablet', price: 20, packing: 10 },
]);
const alternatives = alternativesByProduct(products);
const substituteIds = (id: number) => alternatives.get(id)!.substitutes.map((substitute) => substitute.product.id);

describe('substitutes', () => {
  it('never offers a Tablet CR for a Tablet, nor a Tablet for a Tablet CR', () => {
    expect(substituteIds(1)).not.toContain(2);
    expect(substituteIds(2)).toEqual([]);
  });

  it('offers only the same salts in the same strengths: sellable first, then cheapest per unit', () => {
    // Gluconorm ₹1.20 a tablet, Glycomet ₹1.50; Obimet is cheaper but sold out.
    expect(substituteIds(1)).toEqual([4, 3, 5]);
  });

  it('says how much cheaper each is per unit than the product on the page', () => {
    const [gluconorm, glycomet] = alternatives.get(1)!.substitutes;
    expect(gluconorm).toMatchObject({ unitPaise: 120, savePercent: 40 });
    expect(glycomet).toMatchObject({ unitPaise: 150, savePercent: 25 });
    expect(alternatives.get(4)!.substitutes.every((substitute) => substitute.savePercent === 0 || substitute.product.id === 5)).toBe(true);
  });

  it('lists other strengths of the same salt, and nothing for a salt no other product has', () => {
    expect(alternatives.get(1)!.otherStrengths.map((product) => product.id)).toEqual([6]);
    expect(alternatives.get(7)).toEqual({ substitutes: [], otherStrengths: [] });
  });
});
