import { collectedOnDelivery } from '../../../domain/payment-methods';
import { requestRefund } from '../../orders/server/refunds';
import type { RefundDependencies } from '../../orders/server/order-dependencies';
import type { DeskOrder } from './desk-store';

export type RefundKind = 'rejected_lines' | 'cancel';

/** Gives money back for an order; the same idempotency key never refunds twice. */
export type RefundRequester = (order: DeskOrder, amountPaise: number, idempotencyKey: string, reason: string, kind: RefundKind) => Promise<void>;

/**
 * Refunds through the shop's refund pipeline (a refunds row per idempotency key, then the
 * provider). Nothing is refunded for an order that was never paid online (cash on delivery, or a
 * payment still pending).
 */
export function pipelineRefunds(deps: RefundDependencies): RefundRequester {
  return async (order, amountPaise, idempotencyKey, reason, kind) => {
    if (collectedOnDelivery(order.provider) || !['paid', 'partially_refunded'].includes(order.payment_status) || amountPaise <= 0) return;
    await requestRefund(deps, order.id, amountPaise, idempotencyKey, reason, kind);
  };
}
