import { describe, expect, it } from 'vitest';
import type { CatalogueIndexEntry } from './catalogue-index';
import { HttpRefusal } from '../../../lib/server/http';
import { priceOrder } from './pricing';

const product = (entry: Partial<CatalogueIndexEntry> & Pick<CatalogueIndexEntry, 'id' | 'name' | 'mrp_paise'>): CatalogueIndexEntry => ({
  requires_prescription: false,
  cod_available: true,
  sale_state: 'ADD TO CART',
  ...entry,
});

const catalogue = new Map(
  [
    product({ id: 1, name: 'Paracetamol 500mg Strip', mrp_paise: 3010 }),
    product({ id: 2, name: 'Amoxicillin 250mg Capsule', mrp_paise: 8950, requires_prescription: true }),
    product({ id: 3, name: 'Cough Syrup 100ml', mrp_paise: 12000, sale_state: 'SOLD OUT' }),
    product({ id: 4, name: 'Old Tonic', mrp_paise: 7500, sale_state: 'DISCONTINUED' }),
    product({ id: 5, name: 'Cotton Swab', mrp_paise: 50 }),
    product({ id: 6, name: 'Metformin 500mg Tablet', mrp_paise: 3450, current_price_paise: 3105 }),
    product({ id: 7, name: 'Metformin 1000mg Tablet CR', mrp_paise: 4800, current_price_paise: 5280 }),
  ].map((entry) => [entry.id, entry]),
);

function refusal(work: () => unknown): HttpRefusal {
  try {
    work();
  } catch (error) {
    if (error instanceof HttpRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('priceOrder', () => {
  it('sums MRP times quantity in paise, free of floating-point drift', () => {
    // 30.10 * 3 = 90.30 and 89.50 * 2 = 179.00: 269.30 in rupees, which float arithmetic gets wrong.
    const priced = priceOrder(catalogue, [{ productId: 1, quantity: 3 }, { productId: 2, quantity: 2 }], 26930);
    expect(priced.amountPaise).toBe(26930);
    expect(priced.lines).toEqual([
      { product_id: 1, name: 'Paracetamol 500mg Strip', unit_mrp_paise: 3010, unit_price_paise: 3010, quantity: 3 },
      { product_id: 2, name: 'Amoxicillin 250mg Capsule', unit_mrp_paise: 8950, unit_price_paise: 8950, quantity: 2 },
    ]);
    expect(priced.prescriptionProducts).toEqual(['Amoxicillin 250mg Capsule']);
  });

  it('charges the selling price below MRP, never above it, and freezes both on the line', () => {
    const priced = priceOrder(catalogue, [{ productId: 6, quantity: 2 }, { productId: 7, quantity: 1 }], 3105 * 2 + 4800);
    expect(priced.amountPaise).toBe(3105 * 2 + 4800);
    expect(priced.lines).toEqual([
      { product_id: 6, name: 'Metformin 500mg Tablet', unit_mrp_paise: 3450, unit_price_paise: 3105, quantity: 2 },
      { product_id: 7, name: 'Metformin 1000mg Tablet CR', unit_mrp_paise: 4800, unit_price_paise: 4800, quantity: 1 },
    ]);
  });

  it('refuses a tampered amount and says the current total', () => {
    const error = refusal(() => priceOrder(catalogue, [{ productId: 1, quantity: 3 }], 100));
    expect(error.status).toBe(409);
    expect(error.message).toBe('Your cart total has changed: the current total is ₹90.30. Please review your cart and try again.');
  });

  it('refuses an unknown product', () => {
    const error = refusal(() => priceOrder(catalogue, [{ productId: 999, quantity: 1 }], 1000));
    expect([error.status, error.message]).toEqual([422, 'Product 999 is not in our catalogue. Please remove it from your cart.']);
  });

  it('refuses sold-out and discontinued products', () => {
    expect(refusal(() => priceOrder(catalogue, [{ productId: 3, quantity: 1 }], 12000)).message).toBe(
      'Cough Syrup 100ml is sold out. Please remove it from your cart.',
    );
    const discontinued = refusal(() => priceOrder(catalogue, [{ productId: 4, quantity: 1 }], 7500));
    expect([discontinued.status, discontinued.message]).toEqual([409, 'Old Tonic is discontinued. Please remove it from your cart.']);
  });

  it.each([0, -1, 1.5, 21, Number.NaN])('refuses quantity %s', (quantity) => {
    const error = refusal(() => priceOrder(catalogue, [{ productId: 1, quantity }], 3010));
    expect([error.status, error.message]).toEqual([422, 'Quantity of Paracetamol 500mg Strip must be a whole number from 1 to 20.']);
  });

  it('accepts the largest allowed quantity', () => {
    expect(priceOrder(catalogue, [{ productId: 1, quantity: 20 }], 60200).amountPaise).toBe(60200);
  });

  it('refuses a total below Rs 1', () => {
    const error = refusal(() => priceOrder(catalogue, [{ productId: 5, quantity: 1 }], 50));
    expect([error.status, error.message]).toEqual([422, 'The minimum order amount is ₹1.00.']);
    expect(priceOrder(catalogue, [{ productId: 5, quantity: 2 }], 100).amountPaise).toBe(100);
  });
});

describe('priceOrder with a coupon', () => {
  const monsoon = {
    code: 'MONSOON15',
    description: '',
    kind: 'percent' as const,
    percent_off: 15,
    cap_paise: null,
    flat_paise: null,
    min_order_paise: 5000,
    starts_at: '2026-11-01T00:00:00+05:30',
    ends_at: '2026-12-01T00:00:00+05:30',
    total_uses: null,
    uses_per_customer: null,
    first_order_only: false,
    applies_to: 'all' as const,
    product_ids: [],
    active: true,
  };
  const context = { now: new Date('2026-11-28T10:00:00+05:30'), usesTotal: 0, usesByCustomer: 0, earlierOrders: 0, discountPrescriptionMedicines: false };

  it('takes the discount off the over-the-counter lines, split in proportion, and checks the discounted total', () => {
    // 3 x 30.10 + 2 x 31.05 = 152.40; 15% = 22.86 split 13.545 / 9.315: the tied paisa goes to the first line (13.55 / 9.31).
    const priced = priceOrder(catalogue, [{ productId: 1, quantity: 3 }, { productId: 6, quantity: 2 }, { productId: 2, quantity: 1 }], 15240 + 8950 - 2286, { code: 'monsoon15', coupon: monsoon, context });
    expect(priced).toMatchObject({ subtotalPaise: 24190, discountPaise: 2286, amountPaise: 21904, couponCode: 'MONSOON15' });
    expect(priced.lines.map((line) => line.discount_paise)).toEqual([1355, 931, undefined]);
  });

  it('refuses with the rule\'s sentence (422) before anything else is checked', () => {
    const refused = refusal(() => priceOrder(catalogue, [{ productId: 1, quantity: 1 }], 3010, { code: 'MONSOON15', coupon: monsoon, context }));
    expect([refused.status, refused.message]).toEqual([422, 'This code needs an order of ₹50 or more.']);
    const unknown = refusal(() => priceOrder(catalogue, [{ productId: 1, quantity: 3 }], 9030, { code: 'NOPE', coupon: null, context }));
    expect([unknown.status, unknown.message]).toEqual([422, 'This code is not valid. Please check it and try again.']);
  });

  it('a total sent without the discount is the changed-total refusal', () => {
    const refused = refusal(() => priceOrder(catalogue, [{ productId: 1, quantity: 3 }, { productId: 6, quantity: 2 }], 15240, { code: 'MONSOON15', coupon: monsoon, context }));
    expect(refused.status).toBe(409);
  });
});
