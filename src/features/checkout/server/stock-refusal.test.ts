import { describe, expect, it } from 'vitest';
import { HttpRefusal } from '../../../lib/server/http';
import { stockRefusal } from './order-store';

const lines = [
  { product_id: 16, name: 'Azithromycin 500mg Tablet', unit_mrp_paise: 11900, unit_price_paise: 11900, quantity: 2 },
  { product_id: 14, name: 'Cetirizine 10mg Tablet', unit_mrp_paise: 2100, unit_price_paise: 2100, quantity: 1 },
];

describe('an order the database could not reserve', () => {
  it('is refused with 409 and the sentence the product page uses, naming the short line', () => {
    const refusal = stockRefusal(lines, '{"product_id": 16, "available": 1}');
    expect(refusal).toBeInstanceOf(HttpRefusal);
    expect(refusal.status).toBe(409);
    expect(refusal.message).toBe('Sorry, only 1 of Azithromycin 500mg Tablet is left. Please lower the quantity.');
    expect(stockRefusal(lines, '{"product_id": 14, "available": 0}').message).toBe('Sorry, Cetirizine 10mg Tablet is sold out.');
  });
});
