import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { notSoldSentence, planReorder, type ReorderCatalogueFacts, type ReorderInput } from './reorder';
import { prescriptionStillValid, prescriptionValiditySchema } from './prescription-validity';

const rule = prescriptionValiditySchema.parse(JSON.parse(readFileSync('content/pharmacy/prescription-validity.json', 'utf8')));
const sold = (schedule: ReorderCatalogueFacts['schedule'], requiresPrescription = schedule !== 'OTC'): ReorderCatalogueFacts => ({ saleState: 'ADD TO CART', requiresPrescription, schedule, substitute: null });
const line = (product_id: number, name: string, quantity = 2) => ({ product_id, name, unit_mrp_paise: 1000, unit_price_paise: 1000, quantity });

function input(overrides: Partial<ReorderInput> = {}): ReorderInput {
  return {
    orderNumber: 'MK-2611-000001',
    lines: [line(1, 'Metformin 500mg Tablet'), line(14, 'Cetirizine 10mg Tablet', 1), line(3, 'Glimepiride 1mg Tablet')],
    catalogue: new Map([
      [1, sold('H')],
      [14, sold('OTC')],
      [3, { saleState: 'DISCONTINUED', requiresPrescription: true, schedule: 'H', substitute: { id: 33, name: 'Glimy 1mg Tablet', path: '/products/glimy-1mg-tablet' } }],
    ]),
    rejectedLines: new Set(),
    prescription: { paths: ['user-1/rx.png'], prescribedOn: new Date('2026-08-01T10:00:00Z') },
    rule,
    today: new Date('2026-11-26T10:00:00Z'),
    ...overrides,
  };
}

describe('reorder plan', () => {
  it('puts sold lines back with their quantities and tells each line no longer sold, with its substitute', () => {
    const plan = planReorder(input());
    expect(plan.lines.map((entry) => [entry.productId, entry.quantity])).toEqual([
      [1, 2],
      [14, 1],
    ]);
    expect(plan.notSold).toHaveLength(1);
    expect(notSoldSentence(plan.notSold[0]!)).toBe('Glimepiride 1mg Tablet is no longer sold, so it was not added. Glimy 1mg Tablet has the same salt.');
  });

  it('a product gone from the catalogue and one sold out today are told apart', () => {
    const plan = planReorder(input({ catalogue: new Map([[14, { ...sold('OTC'), saleState: 'SOLD OUT' }]]) }));
    expect(plan.lines).toEqual([]);
    expect(plan.notSold.map(notSoldSentence)).toEqual([
      'Metformin 500mg Tablet is no longer sold, so it was not added.',
      'Cetirizine 10mg Tablet is out of stock today, so it was not added.',
      'Glimepiride 1mg Tablet is no longer sold, so it was not added.',
    ]);
  });

  it('a Schedule H line keeps the earlier prescription within 6 months and asks again after', () => {
    const within = planReorder(input()).lines.find((entry) => entry.productId === 1)!;
    expect(within).toMatchObject({ prescriptionPaths: ['user-1/rx.png'], prescriptionAgain: false });
    const after = planReorder(input({ today: new Date('2027-02-02T10:00:00Z') })).lines.find((entry) => entry.productId === 1)!;
    expect(after).toMatchObject({ prescriptionPaths: null, prescriptionAgain: true });
  });

  it('a Schedule H1 line always asks for a fresh prescription, even the next day', () => {
    const plan = planReorder(input({ catalogue: new Map([[1, sold('H1')]]), today: new Date('2026-08-02T10:00:00Z') }));
    expect(plan.lines[0]).toMatchObject({ productId: 1, prescriptionPaths: null, prescriptionAgain: true });
  });

  it('a line the pharmacist rejected, or an order without a usable prescription, asks again; an OTC line never asks', () => {
    expect(planReorder(input({ rejectedLines: new Set([0]) })).lines[0]).toMatchObject({ prescriptionAgain: true, prescriptionPaths: null });
    expect(planReorder(input({ prescription: null })).lines[0]).toMatchObject({ prescriptionAgain: true, prescriptionPaths: null });
    expect(planReorder(input()).lines[1]).toMatchObject({ productId: 14, prescriptionAgain: false, prescriptionPaths: null });
  });

  it('a refill reminder reorders only its own medicine', () => {
    expect(planReorder(input({ onlyProducts: new Set([1]) }))).toMatchObject({ lines: [{ productId: 1 }], notSold: [] });
  });
});

describe('prescription validity rule', () => {
  it('refuses content that lets Schedule H1 or X reuse a prescription', () => {
    expect(prescriptionValiditySchema.safeParse({ H: 6, H1: 3, X: 0 }).success).toBe(false);
    expect(prescriptionValiditySchema.safeParse({ H: 6, H1: 0, X: 1 }).success).toBe(false);
  });

  it('counts calendar months from the day the prescription was given, the last day included', () => {
    const given = new Date('2026-05-31T00:00:00Z');
    expect(prescriptionStillValid({ H: 6, H1: 0, X: 0 }, 'H', given, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(prescriptionStillValid({ H: 6, H1: 0, X: 0 }, 'H', given, new Date('2026-12-02T00:00:00Z'))).toBe(false);
  });
});
