import { describe, expect, it } from 'vitest';
import { readReorderRows } from '../../domain/catalogue-shards';
import { buildProduct } from './product-from-record';
import { sampleRecord } from './catalogue-record.fixture';
import { packUnits, reorderRows } from './reorder-rows';

describe('reorder rows', () => {
  it('count the doses in a pack of tablets, and none in a measure', () => {
    expect(packUnits({ pack_size: { amount: 20, unit: 'tablet' } })).toBe(20);
    expect(packUnits({ pack_size: { amount: 75, unit: 'gm' } })).toBeNull();
    expect(packUnits({ pack_size: null })).toBeNull();
  });

  it('give a discontinued product its cheapest sold substitute of the same salt, a sold one a cheaper one, and read back as written', () => {
    const gone = buildProduct(sampleRecord({ id: 1, product_name: 'Glucomet 500mg Tablet', discontinued: true }), 'gone');
    const cheap = buildProduct(sampleRecord({ id: 2, product_name: 'Glyco 500mg Tablet', mrp: '20.00', current_price: '18.00' }), 'cheap');
    const dear = buildProduct(sampleRecord({ id: 3, product_name: 'Metfo 500mg Tablet', mrp: '40.00', current_price: '39.00' }), 'dear');
    const rows = reorderRows([gone, cheap, dear]);
    expect(rows[0]).toEqual([1, 10, 2, 'Glyco 500mg Tablet', '/products/glyco-500mg-tablet']);
    expect(rows[1]).toEqual([2, 10, null, null, null]);
    // A sold product names a cheaper one of the same salt and pack: the proposal offers it.
    expect(rows[2]).toEqual([3, 10, 2, 'Glyco 500mg Tablet', '/products/glyco-500mg-tablet']);
    expect(readReorderRows(JSON.parse(JSON.stringify(rows))).get(1)).toEqual({ packUnits: 10, substitute: { id: 2, name: 'Glyco 500mg Tablet', path: '/products/glyco-500mg-tablet' } });
    expect(() => readReorderRows([[1, 0, null, null, null]])).toThrow();
  });
});
