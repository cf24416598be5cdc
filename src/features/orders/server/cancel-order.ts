import { customerMayCancel } from '../../../domain/order-status';
import { paymentRules } from '../../checkout/server/public';
import { HttpRefusal } from '../../../lib/server/http';
import { orderStrings } from '../../../domain/order-strings';
import { cancelReasonText, type CancelRequest } from '../../../domain/order-cancel';
import type { OrderRecord } from '../../../domain/order-view';
import { sendWaitingMessages } from '../../messages/server/public';
import { accessibleOrder, orderRecord } from './order-access';
import type { ServerDependencies } from './server-dependencies';
import { issueRefund, requestRefund, type RefundRow } from './refunds';

const REFUNDABLE = new Set(['paid', 'refund_pending', 'partially_refunded']);

export const cancelRefundKey = (orderId: string) => `cancel-${orderId}`;

/** The refund's reason when a cancelled order's open payment completes after all. */
const PAID_AFTER_CANCELLATION = 'Paid after the order was cancelled';

/** What is still refundable: the amount paid minus refunds made or under way (e.g. rejected lines). */
async function remainingPaise(deps: ServerDependencies, orderId: string, amountPaise: number): Promise<number> {
  const { data, error } = await deps.db.from('refunds').select('amount_paise, state').eq('order_id', orderId);
  if (error) throw new Error(`reading refunds of ${orderId}: ${error.message}`);
  const refunded = (data as Pick<RefundRow, 'amount_paise' | 'state'>[]).filter((refund) => refund.state !== 'failed').reduce((sum, refund) => sum + refund.amount_paise, 0);
  return amountPaise - refunded;
}

/**
 * Cancels an order for its customer (signed in, or a guest with the order's key) until it ships, then
 * refunds what is left of the payment under the key cancel-<order id>: a repeated click, a retry or
 * a webhook arriving at the same time all reach the same refund row and the same provider refund.
 * Unpaid and cash-on-delivery orders are cancelled without a refund.
 */
export async function cancelOrder(deps: ServerDependencies, req: Request, request: Omit<CancelRequest, 'language'>): Promise<OrderRecord> {
  const { order, customerId } = await accessibleOrder(deps, req, request.orderNumber, request.key);
  const reason = cancelReasonText(request);
  if (order.status !== 'cancelled') {
    if (!customerMayCancel(order.status)) {
      throw new HttpRefusal(409, order.status === 'shipped' || order.status === 'delivered' ? orderStrings.shippedCannotCancel : orderStrings.cannotCancel);
    }
    const { error } = await deps.db.rpc('set_order_status', {
      p_order_id: order.id,
      p_status: 'cancelled',
      p_actor_role: 'customer',
      p_actor_id: customerId,
      p_note: reason,
    });
    if (error) throw new Error(`cancelling ${order.order_number}: ${error.message}`);
  }

  await refundCancelledOrder(deps, order.id, reason);
  await sendWaitingMessages(deps, { orderId: order.id });
  return orderRecord(deps, order.id);
}

/**
 * Refunds what is left of a cancelled order's online payment, once, under the key cancel-<order id>;
 * an unpaid order, or one whose method refunds nothing online (cash on delivery), has nothing to
 * refund. An earlier refund under the key is asked about again rather than made twice.
 */
async function refundCancelledOrder(deps: ServerDependencies, orderId: string, reason: string): Promise<void> {
  const { data: current, error } = await deps.db
    .from('orders')
    .select('status, payment_status, provider, amount_paise')
    .eq('id', orderId)
    .single<{ status: string; payment_status: string; provider: string; amount_paise: number }>();
  if (error) throw new Error(`reading order ${orderId}: ${error.message}`);
  if (current.status !== 'cancelled' || !paymentRules(deps.providers, current.provider).refundsOnline || !REFUNDABLE.has(current.payment_status)) return;
  const key = cancelRefundKey(orderId);
  const { data: earlier, error: earlierError } = await deps.db.from('refunds').select('*').eq('idempotency_key', key).maybeSingle<RefundRow>();
  if (earlierError) throw new Error(`reading refund ${key}: ${earlierError.message}`);
  if (earlier) await issueRefund(deps, earlier);
  else {
    const remaining = await remainingPaise(deps, orderId, current.amount_paise);
    if (remaining > 0) await requestRefund(deps, orderId, remaining, key, reason, 'cancel');
  }
}

/**
 * What follows a recorded payment or a placed cash-on-delivery order, whoever recorded it: an order
 * cancelled while its payment was still open is refunded in full, then the order's mails go out.
 * Never throws: the payment is recorded already, and a refund the provider did not take stays in
 * the refunds table for reconciliation to ask again.
 */
export async function afterOrderPlaced(deps: ServerDependencies, orderId: string): Promise<void> {
  try {
    await refundCancelledOrder(deps, orderId, PAID_AFTER_CANCELLATION);
  } catch (error) {
    console.error(`[orders] refund of order ${orderId}, paid after it was cancelled, left for reconciliation:`, error);
  }
  await sendWaitingMessages(deps, { orderId });
}
