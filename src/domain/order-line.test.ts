import { describe, expect, it } from 'vitest';
import { linePaise, unitPricePaise } from './order-line';

describe('a frozen order line', () => {
  it('is charged at its selling price when it has one, not at MRP', () => {
    const line = { product_id: 1, name: 'Metformin 500mg Tablet', unit_mrp_paise: 3450, unit_price_paise: 3105, quantity: 3 };
    expect(unitPricePaise(line)).toBe(3105);
    expect(linePaise(line)).toBe(9315);
  });

  it('placed before selling prices existed, was charged MRP', () => {
    expect(linePaise({ product_id: 2, name: 'Cetirizine 10mg Tablet', unit_mrp_paise: 1890, unit_price_paise: 1890, quantity: 2 })).toBe(3780);
  });
});
