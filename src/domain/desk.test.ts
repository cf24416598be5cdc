import { describe, expect, it } from 'vitest';
import { orderAge, rejectedLinesPaise, rejectedLinesRefundKey } from './desk';

const lines = [
  { product_id: 102, name: 'Amoxicillin 250mg Capsule', unit_mrp: '89.50', quantity: 2 },
  { product_id: 105, name: 'Azithromycin 500mg', unit_mrp: '118.30', unit_price: '106.47', quantity: 1 },
];

describe('rejected prescription lines', () => {
  it('cost what the customer was charged for them (the frozen selling price times quantity), in paise', () => {
    expect(rejectedLinesPaise(lines, [0])).toBe(17900);
    expect(rejectedLinesPaise(lines, [1])).toBe(10647);
    expect(rejectedLinesPaise(lines, [0, 1])).toBe(28547);
  });

  it('share one refund key whatever order they were decided in, and differ per set of lines', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(rejectedLinesRefundKey(id, [1, 0])).toBe(rejectedLinesRefundKey(id, [0, 1]));
    expect(rejectedLinesRefundKey(id, [0])).not.toBe(rejectedLinesRefundKey(id, [0, 1]));
    expect(rejectedLinesRefundKey(id, [0, 1])).toMatch(/^[A-Za-z0-9_-]{10,}$/);
  });
});

describe('order age', () => {
  it('reads in minutes, then hours, then days', () => {
    expect(orderAge(45 * 60_000)).toBe('45 min');
    expect(orderAge(190 * 60_000)).toBe('3 h 10 min');
    expect(orderAge(3 * 24 * 3_600_000)).toBe('3 days');
  });
});
