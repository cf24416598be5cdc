import type { PaymentProviders } from '../../checkout/server/providers';
import type { DeskOrder } from './desk-store';
import { storedOrderOf } from './desk-store';

export type RefundKind = 'rejected_lines' | 'cancelled';

/** Gives money back for an order; the same idempotency key never refunds twice. */
export type RefundRequester = (order: DeskOrder, amountPaise: number, idempotencyKey: string, reason: string, kind: RefundKind) => Promise<void>;

/** Marks the order's payment after a refund; the database refuses a step that is not allowed. */
export type PaymentMarker = (orderId: string, paymentStatus: 'partially_refunded' | 'refunded', note: string) => Promise<void>;

/**
 * Refunds through the order's payment provider. Nothing is refunded for an order that was never
 * paid (cash on delivery, or a payment still pending).
 */
export function providerRefunds(providers: PaymentProviders, markPayment: PaymentMarker): RefundRequester {
  return async (order, amountPaise, idempotencyKey, reason) => {
    if (order.provider === 'cod' || !['paid', 'partially_refunded'].includes(order.payment_status) || amountPaise <= 0) return;
    await providers[order.provider].refund(storedOrderOf(order), amountPaise, idempotencyKey);
    const whole = amountPaise >= order.amount_paise || order.payment_status === 'partially_refunded';
    await markPayment(order.id, whole ? 'refunded' : 'partially_refunded', reason);
  };
}
