import { describe, expect, it } from 'vitest';
import { applyCoupon, couponDiscountPaise, couponSentence, instantOfIndiaTime, indiaTimeOfInstant, normaliseCouponCode, splitDiscount, type Coupon, type CouponContext } from './coupon';
import { invoiceTax } from './gst';
import { buildInvoice } from './tax-invoice';
import { rejectedLinesPaise } from './desk';
import { linePaise } from './order-line';

const coupon = (fields: Partial<Coupon> = {}): Coupon => ({
  code: 'MONSOON15',
  description: '',
  kind: 'percent',
  percent_off: 15,
  cap_paise: 15000,
  flat_paise: null,
  min_order_paise: 49900,
  starts_at: '2026-11-01T00:00:00+05:30',
  ends_at: '2026-12-01T00:00:00+05:30',
  total_uses: null,
  uses_per_customer: null,
  first_order_only: false,
  applies_to: 'all',
  product_ids: [],
  active: true,
  ...fields,
});
const context = (fields: Partial<CouponContext> = {}): CouponContext => ({
  now: new Date('2026-11-28T10:00:00+05:30'),
  usesTotal: 0,
  usesByCustomer: 0,
  earlierOrders: 0,
  discountPrescriptionMedicines: false,
  ...fields,
});
const otc = (productId: number, amountPaise: number) => ({ productId, amountPaise, requiresPrescription: false });
const rx = (productId: number, amountPaise: number) => ({ productId, amountPaise, requiresPrescription: true });

describe('splitDiscount (largest remainder, in paise)', () => {
  it('adds up to the discount exactly and is proportional', () => {
    expect(splitDiscount(100, [100, 100, 100])).toEqual([34, 33, 33]);
    expect(splitDiscount(1000, [3000, 7000])).toEqual([300, 700]);
    expect(splitDiscount(0, [500, 0])).toEqual([0, 0]);
  });
  it('gives the odd paise to the largest remainders and never to a line with nothing', () => {
    const shares = splitDiscount(7, [1, 2, 0, 4]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(7);
    expect(shares).toEqual([1, 2, 0, 4]);
    const many = [2999, 101, 4500, 33, 17];
    for (const discount of [1, 13, 777, 1234, 7650]) {
      const split = splitDiscount(discount, many);
      expect(split.reduce((a, b) => a + b, 0)).toBe(discount);
      split.forEach((share, index) => {
        expect(share).toBeLessThanOrEqual(many[index]!);
        expect(Math.abs(share - (discount * many[index]!) / 7650)).toBeLessThan(1);
      });
    }
  });
  it('refuses a discount larger than the amounts', () => {
    expect(() => splitDiscount(101, [100])).toThrow(RangeError);
  });
});

describe('couponDiscountPaise', () => {
  it('takes a percentage rounded down, at most the cap; flat never more than the amount', () => {
    expect(couponDiscountPaise(coupon(), 59999)).toBe(8999);
    expect(couponDiscountPaise(coupon(), 500000)).toBe(15000);
    expect(couponDiscountPaise(coupon({ cap_paise: null }), 500000)).toBe(75000);
    expect(couponDiscountPaise(coupon({ kind: 'flat', percent_off: null, cap_paise: null, flat_paise: 10000 }), 60000)).toBe(10000);
    expect(couponDiscountPaise(coupon({ kind: 'flat', percent_off: null, cap_paise: null, flat_paise: 10000 }), 6000)).toBe(6000);
  });
});

describe('applyCoupon: one sentence per rule', () => {
  const lines = [otc(1, 30000), otc(2, 30000)];
  it.each([
    ['unknown', null, context(), 'This code is not valid. Please check it and try again.'],
    ['inactive', coupon({ active: false }), context(), 'This code is not valid. Please check it and try again.'],
    ['not started', coupon({ starts_at: '2026-11-29T00:00:00+05:30' }), context(), 'This code is not active yet.'],
    ['expired', coupon(), context({ now: new Date('2026-12-01T00:00:00+05:30') }), 'This code has expired.'],
    ['used up', coupon({ total_uses: 1 }), context({ usesTotal: 1 }), 'This code has been used.'],
    ['used by this customer', coupon({ uses_per_customer: 1 }), context({ usesByCustomer: 1 }), 'You have already used this code.'],
    ['first order', coupon({ first_order_only: true }), context({ earlierOrders: 2 }), 'This code is for your first order.'],
  ] as const)('%s', (_name, given, ctx, sentence) => {
    expect(applyCoupon(given, lines, ctx)).toEqual({ ok: false, rule: expect.any(String), sentence });
  });
  it('minimum order', () => {
    expect(applyCoupon(coupon(), [otc(1, 49899)], context())).toMatchObject({ ok: false, rule: 'minimum', sentence: 'This code needs an order of ₹499 or more.' });
    expect(applyCoupon(coupon(), [otc(1, 49900)], context())).toMatchObject({ ok: true, discountPaise: 7485 });
    expect(couponSentence('minimum', { min_order_paise: 49950 })).toBe('This code needs an order of ₹499.50 or more.');
  });
  it('does not apply to prescription medicines unless the owner allows it, nor outside its products', () => {
    expect(applyCoupon(coupon({ min_order_paise: 0 }), [rx(1, 60000)], context())).toMatchObject({ ok: false, sentence: 'This code does not apply to these medicines.' });
    expect(applyCoupon(coupon({ min_order_paise: 0 }), [rx(1, 60000)], context({ discountPrescriptionMedicines: true }))).toMatchObject({ ok: true, discountPaise: 9000 });
    expect(applyCoupon(coupon({ applies_to: 'products', product_ids: [9] }), lines, context())).toMatchObject({ ok: false, rule: 'not_applicable' });
    expect(applyCoupon(coupon({ applies_to: 'otc', min_order_paise: 0 }), [rx(1, 60000)], context({ discountPrescriptionMedicines: true }))).toMatchObject({ ok: false, rule: 'not_applicable' });
  });
  it('discounts only the eligible lines, split in proportion', () => {
    const result = applyCoupon(coupon({ applies_to: 'products', product_ids: [1, 3], cap_paise: null }), [otc(1, 20001), otc(2, 40000), otc(3, 10001)], context());
    expect(result).toEqual({ ok: true, discountPaise: 4500, lineDiscounts: [3000, 0, 1500] });
  });
});

describe('codes and India time', () => {
  it('codes are case-insensitive', () => expect(normaliseCouponCode('  monsoon15 ')).toBe('MONSOON15'));
  it('an India time typed at the desk is stored as its instant and shown back the same', () => {
    expect(instantOfIndiaTime('2026-12-01T09:00')).toBe('2026-12-01T03:30:00.000Z');
    expect(indiaTimeOfInstant('2026-12-01T03:30:00.000Z')).toBe('2026-12-01T09:00');
    expect(instantOfIndiaTime('1 Dec')).toBeNull();
  });
});

describe('a discounted invoice', () => {
  it('works GST back from each discounted row and adds up to what was paid, to the paisa', () => {
    const seller = {
      legalName: 'MediKart Pharmacy Pvt Ltd',
      tradeName: 'MediKart',
      address: ['1 MG Road, Bengaluru'],
      state: 'Karnataka',
      stateCode: '29',
      gstin: '29AAKCM4821Q1Z6',
      drugLicences: [{ form: '20', number: 'KA-B-1' }],
      pharmacistInCharge: { name: 'Asha Rao', registrationNumber: 'KA-PH-004512' },
    };
    // 10% off 3 x 333.33 (12%) and 2 x 101.01 (5%) = 1201.01: 120.10 off, split 99.91 / 20.19, then 33.30 / 66.61 over the first line's batches.
    const amounts = [99999, 20202];
    const [first, second] = splitDiscount(12010, amounts);
    const invoice = buildInvoice({
      seller,
      buyer: { name: 'Ravi', addressLines: ['2 Park St'], state: 'Karnataka', pinCode: '560001' },
      orderNumber: 'MK-1',
      lines: [
        { name: 'A', hsnCode: '3004', gstRate: 12, schedule: 'OTC', unitPricePaise: 33333, discountPaise: first!, batches: [{ batchNumber: 'B1', expiryDate: '2027-12-31', quantity: 1, mrpPaise: 33333 }, { batchNumber: 'B2', expiryDate: '2028-01-31', quantity: 2, mrpPaise: 33333 }] },
        { name: 'B', hsnCode: '3004', gstRate: 5, schedule: 'OTC', unitPricePaise: 10101, discountPaise: second!, batches: [{ batchNumber: 'C1', expiryDate: '2027-12-31', quantity: 2, mrpPaise: 10101 }] },
      ],
      pharmacist: seller.pharmacistInCharge,
      paidPaise: 120201 - 12010,
    });
    expect(invoice.rows.map((row) => row.discountPaise)).toEqual([3330, 6661, 2019]);
    for (const row of invoice.rows) {
      expect(row.taxablePaise + row.cgstPaise + row.sgstPaise).toBe(row.amountPaise);
      expect(row.amountPaise + row.discountPaise!).toBe(row.mrpPaise * row.quantity);
    }
    expect(invoice.totals.totalPaise).toBe(108191);
    expect(invoiceTax([{ amountPaise: 30000, ratePercent: 12 }], 'intra_state').taxablePaise).toBe(26786);
  });
});

describe('refunds of a discounted order', () => {
  it('refund a rejected line at its discounted charge, so the refunds never come to more than was paid', () => {
    const lines = [
      { product_id: 1, name: 'A', unit_mrp_paise: 20000, unit_price_paise: 18000, quantity: 2, discount_paise: 3601 },
      { product_id: 2, name: 'B', unit_mrp_paise: 5000, unit_price_paise: 5000, quantity: 1, discount_paise: 499 },
    ];
    const paid = lines.reduce((sum, line) => sum + linePaise(line), 0);
    expect(paid).toBe(36000 - 3601 + 5000 - 499);
    expect(rejectedLinesPaise(lines, [0])).toBe(32399);
    expect(rejectedLinesPaise(lines, [0, 1])).toBe(paid);
  });
});
