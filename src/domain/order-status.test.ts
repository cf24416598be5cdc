import { describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  canMovePayment,
  customerMayCancel,
  isOrderNumber,
  orderStatuses,
  orderTransitions,
  paymentStatuses,
} from './order-status';

describe('order statuses', () => {
  it('moves forward through review, confirmation, packing and shipping to delivery', () => {
    expect(canMoveOrder('placed', 'prescription_review')).toBe(true);
    expect(canMoveOrder('prescription_review', 'confirmed')).toBe(true);
    expect(canMoveOrder('placed', 'confirmed')).toBe(true);
    expect(canMoveOrder('confirmed', 'packed')).toBe(true);
    expect(canMoveOrder('packed', 'shipped')).toBe(true);
    expect(canMoveOrder('shipped', 'delivered')).toBe(true);
  });

  it('never goes back, skips packing or leaves delivered or cancelled', () => {
    expect(canMoveOrder('shipped', 'placed')).toBe(false);
    expect(canMoveOrder('confirmed', 'prescription_review')).toBe(false);
    expect(canMoveOrder('confirmed', 'shipped')).toBe(false);
    for (const to of orderStatuses) {
      expect(canMoveOrder('delivered', to)).toBe(false);
      expect(canMoveOrder('cancelled', to)).toBe(false);
    }
  });

  it('comes back as returned only from shipped (a parcel the courier brought back), and returned is final', () => {
    expect(orderStatuses.filter((from) => canMoveOrder(from, 'returned'))).toEqual(['shipped']);
    for (const to of orderStatuses) expect(canMoveOrder('returned', to)).toBe(false);
    expect(customerMayCancel('returned')).toBe(false);
  });

  it('reaches every status from placed', () => {
    const reached = new Set(['placed']);
    for (let round = 0; round < orderStatuses.length; round += 1) {
      for (const from of [...reached]) for (const to of orderTransitions[from as keyof typeof orderTransitions]) reached.add(to);
    }
    expect([...reached].sort()).toEqual([...orderStatuses].sort());
  });

  it('lets the customer cancel until the order is shipped, as the cancellation policy says', () => {
    expect(orderStatuses.filter(customerMayCancel)).toEqual(['placed', 'prescription_review', 'confirmed', 'packed']);
  });
});

describe('payment statuses', () => {
  it('lets a failed payment be retried but never un-pays an order', () => {
    expect(canMovePayment('failed', 'paid')).toBe(true);
    expect(canMovePayment('paid', 'pending')).toBe(false);
    expect(canMovePayment('paid', 'failed')).toBe(false);
  });

  it('refunds only money that was paid, and a refund is final', () => {
    expect(canMovePayment('pending', 'refund_pending')).toBe(false);
    expect(canMovePayment('paid', 'refund_pending')).toBe(true);
    expect(canMovePayment('refund_pending', 'refunded')).toBe(true);
    for (const to of paymentStatuses) expect(canMovePayment('refunded', to)).toBe(false);
  });
});

describe('order numbers', () => {
  it('recognises the numbers the database gives and nothing else, so a malformed one is simply not found', () => {
    expect(isOrderNumber('MK-2611-000123')).toBe(true);
    expect(isOrderNumber('MK-2611-1000000')).toBe(true);
    for (const number of ['MK-2611-123', 'mk-2611-000123', 'MK-261-000123', 'MK-2611-000123/../x', ' MK-2611-000123']) {
      expect(isOrderNumber(number)).toBe(false);
    }
  });
});
