import { describe, expect, it } from 'vitest';
import { sampleDetails, sampleRecord } from './catalogue-record.fixture';
import { hasFilters, NO_FILTERS, readFilters, writeFilters } from './list-filters';
import { listFacts, matchesFilters } from './list-facts';
import { buildCatalogue } from './product-from-record';

const products = buildCatalogue(
  [
    { id: 1, form: 'Tablet', rx: true, soldOut: false },
    { id: 2, form: 'Syrup', rx: false, soldOut: false },
    { id: 3, form: 'Tablet', rx: false, soldOut: true },
  ].map(({ id, form, rx, soldOut }) => ({
    source: `${id}.json`,
    raw: sampleRecord({ id, product_name: `Product ${id}`, form, prescription_required: rx, out_of_stock: soldOut, upm_product_details: sampleDetails({ form, mrp: 40, prescription_required: rx }) }),
  })),
);

describe('list filters', () => {
  it('read from and written to the address, unknown values ignored', () => {
    expect(readFilters(new URLSearchParams('type=rx&form=Tablet&stock=in'))).toEqual({ type: 'rx', form: 'Tablet', inStockOnly: true });
    expect(readFilters(new URLSearchParams('type=maybe&form=%20&stock=yes'))).toEqual(NO_FILTERS);
    const params = new URLSearchParams('q=metformin&type=otc');
    writeFilters(params, { type: null, form: 'Syrup', inStockOnly: true });
    expect(params.toString()).toBe('q=metformin&form=Syrup&stock=in');
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('match on prescription, form and availability together', () => {
    const { forms, facts } = listFacts(products);
    const matching = (filters: Parameters<typeof matchesFilters>[2]) =>
      products.filter((_, ordinal) => matchesFilters(facts[ordinal]!, forms, filters)).map((product) => product.id);
    expect(forms).toEqual(['Syrup', 'Tablet']);
    expect(matching(NO_FILTERS)).toEqual([1, 2, 3]);
    expect(matching({ ...NO_FILTERS, type: 'rx' })).toEqual([1]);
    expect(matching({ ...NO_FILTERS, type: 'otc' })).toEqual([2, 3]);
    expect(matching({ ...NO_FILTERS, form: 'Tablet' })).toEqual([1, 3]);
    expect(matching({ type: 'otc', form: 'Tablet', inStockOnly: false })).toEqual([3]);
    expect(matching({ type: 'otc', form: 'Tablet', inStockOnly: true })).toEqual([]);
  });
});
