import { describe, expect, it } from 'vitest';
import { orderAge, rejectedLinesPaise, rejectedLinesRefundKey } from './desk';

const lines = [
  { product_id: 102, name: 'Amoxicillin 250mg Capsule', unit_mrp_paise: 8950, unit_price_paise: 8950, quantity: 2 },
  { product_id: 105, name: 'Azithromycin 500mg', unit_mrp_paise: 11830, unit_price_paise: 10647, quantity: 1 },
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

  it('stay within PhonePe’s 63-character merchantRefundId however many of an order’s 50 lines are rejected, one key per set', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const all = Array.from({ length: 50 }, (_, index) => index);
    const keys = new Set<string>();
    for (let count = 1; count <= all.length; count += 1) {
      const rejected = all.slice(all.length - count);
      const key = rejectedLinesRefundKey(id, rejected);
      expect(key).toMatch(/^[A-Za-z0-9_-]{1,63}$/);
      expect(rejectedLinesRefundKey(id, [...rejected].reverse())).toBe(key);
      keys.add(key);
    }
    expect(keys.size).toBe(all.length);
    // Sets that differ in one line only still get different keys once they are written as a mask.
    expect(rejectedLinesRefundKey(id, all.slice(1))).not.toBe(rejectedLinesRefundKey(id, [0, ...all.slice(2)]));
  });
});

describe('order age', () => {
  it('reads in minutes, then hours, then days', () => {
    expect(orderAge(45 * 60_000)).toBe('45 min');
    expect(orderAge(190 * 60_000)).toBe('3 h 10 min');
    expect(orderAge(3 * 24 * 3_600_000)).toBe('3 days');
  });
});
