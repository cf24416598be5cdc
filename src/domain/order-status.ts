/**
 * The order life cycle. This table is the source of truth: the database trigger in
 * supabase/migrations/20261123000300_order_lifecycle.sql enforces the same pairs, and
 * supabase/tests/order-lifecycle.test.ts tries every pair from here against it.
 */

export const orderStatuses = [
  'placed',
  'prescription_review',
  'confirmed',
  'packed',
  'shipped',
  'delivered',
  'returned',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const paymentStatuses = ['pending', 'paid', 'failed', 'refund_pending', 'refunded', 'partially_refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** MK-<YYMM of creation in India>-<sequence of at least 6 digits>, assigned by the database. */
export const orderNumberPattern = /^MK-[0-9]{4}-[0-9]{6,}$/;

export function isOrderNumber(value: string): boolean {
  return orderNumberPattern.test(value);
}

/** Every order starts here, whatever the payment method. */
export const initialOrderStatus: OrderStatus = 'placed';
export const initialPaymentStatus: PaymentStatus = 'pending';

export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  placed: ['prescription_review', 'confirmed', 'cancelled'],
  prescription_review: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  // Returned: the courier brought the parcel back undelivered and the pharmacy received it (the
  // invoice credited, the money refunded or the cash on delivery closed unpaid). Final.
  shipped: ['delivered', 'returned'],
  delivered: [],
  returned: [],
  cancelled: [],
};

/**
 * A failed payment may be retried (failed -> paid); a paid order is never unpaid; a refund that
 * fails at the provider leaves the money captured (refund_pending -> paid).
 */
export const paymentTransitions: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['paid', 'failed'],
  failed: ['paid'],
  paid: ['refund_pending', 'refunded', 'partially_refunded'],
  refund_pending: ['refunded', 'partially_refunded', 'paid'],
  partially_refunded: ['refund_pending', 'refunded'],
  refunded: [],
};

export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from].includes(to);
}

/** Per the cancellation policy: until the order is shipped. */
export function customerMayCancel(status: OrderStatus): boolean {
  return canMoveOrder(status, 'cancelled');
}

export const orderStatusLabels: Readonly<Record<OrderStatus, string>> = {
  placed: 'Order placed',
  prescription_review: 'Prescription under review',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  returned: 'Returned undelivered',
  cancelled: 'Cancelled',
};

export const paymentStatusLabels: Readonly<Record<PaymentStatus, string>> = {
  pending: 'Payment pending',
  paid: 'Paid',
  failed: 'Payment failed',
  refund_pending: 'Refund in progress',
  refunded: 'Refunded',
  partially_refunded: 'Partly refunded',
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value);
}

export function isPaymentStatus(value: string): value is PaymentStatus {
  return (paymentStatuses as readonly string[]).includes(value);
}
