import { paymentRules } from '../../checkout/server/public';
import { requestRefund } from '../../orders/server/refunds';
import type { RefundDependencies } from '../../orders/server/server-dependencies';
import type { DeskOrder } from './desk-store';

export type RefundKind = 'rejected_lines' | 'cancel';

/** What a refund needs of an order: its method (by stored value, whose adapter's rules decide) and payment state. */
export type RefundableOrder = Pick<DeskOrder, 'id' | 'payment_status'> & { provider: string };

/** Gives money back for an order; the same idempotency key never refunds twice. */
export type RefundRequester = (order: RefundableOrder, amountPaise: number, idempotencyKey: string, reason: string, kind: RefundKind) => Promise<void>;

/**
 * Refunds through the shop's refund pipeline (a refunds row per idempotency key, then the
 * provider). Nothing is refunded for an order whose method refunds nothing online (cash on
 * delivery) or whose payment is still pending.
 */
export function pipelineRefunds(deps: RefundDependencies): RefundRequester {
  return async (order, amountPaise, idempotencyKey, reason, kind) => {
    if (!paymentRules(deps.providers, order.provider).refundsOnline || !['paid', 'partially_refunded'].includes(order.payment_status) || amountPaise <= 0) return;
    await requestRefund(deps, order.id, amountPaise, idempotencyKey, reason, kind);
  };
}
