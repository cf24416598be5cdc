import { REFUND_ROW_STATES, type Refund, type StoredOrder } from '../../checkout/server/public';
import { HttpRefusal } from '../../../lib/server/http';
import type { RefundDependencies } from './server-dependencies';

export type RefundKind = 'cancel' | 'rejected_lines';
export type RefundState = 'requested' | 'pending' | 'processed' | 'failed';

export interface RefundRow {
  id: string;
  order_id: string;
  amount_paise: number;
  idempotency_key: string;
  reason: string;
  kind: RefundKind;
  state: RefundState;
  provider_refund_id: string | null;
}

const ORDER_COLUMNS = 'id, provider, provider_order_id, provider_payment_id, payment_status, amount_paise, currency';
const CHECK_VIOLATION = '23514';

async function storedOrder(deps: RefundDependencies, orderId: string): Promise<StoredOrder> {
  const { data, error } = await deps.db.from('orders').select(ORDER_COLUMNS).eq('id', orderId).maybeSingle<StoredOrder>();
  if (error) throw new Error(`reading order ${orderId}: ${error.message}`);
  if (!data) throw new HttpRefusal(404, 'Order not found');
  return data;
}

async function recordState(deps: RefundDependencies, refund: RefundRow, answer: Refund): Promise<RefundRow> {
  const { data, error } = await deps.db.rpc('record_refund_state', {
    p_refund_id: refund.id,
    p_state: REFUND_ROW_STATES[answer.state],
    p_provider_refund_id: answer.refundId,
    p_actor_role: 'payment_provider',
  });
  if (error) throw new Error(`recording refund ${refund.id}: ${error.message}`);
  return data as RefundRow;
}

/**
 * Asks the order's provider about a refund with its own idempotency key, so a repeated call is the
 * same refund there too, and records what the provider answered.
 */
export async function issueRefund(deps: RefundDependencies, refund: RefundRow): Promise<RefundRow> {
  if (refund.state === 'processed') return refund;
  const order = await storedOrder(deps, refund.order_id);
  const adapter = deps.providers[order.provider];
  if (!adapter) throw new Error(`${order.provider} is not configured on this deployment, so its refunds wait until it is`);
  const answer =
    refund.state === 'pending' && adapter.refundStatus
      ? await adapter.refundStatus(refund.idempotency_key)
      : await adapter.refund(order, refund.amount_paise, refund.idempotency_key);
  return recordState(deps, refund, answer);
}

/**
 * Refunds `amountPaise` of a paid order exactly once per idempotency key, however often it is
 * called: the row is inserted once (unique key; the database refuses refunds above the order's
 * amount) and the provider receives the same key. The payment moves to refund_pending, then to
 * refunded or partially_refunded when the provider confirms (at once, or later through
 * reconciliation).
 */
export async function requestRefund(
  deps: RefundDependencies,
  orderId: string,
  amountPaise: number,
  idempotencyKey: string,
  reason: string,
  kind: RefundKind,
): Promise<RefundRow> {
  const { data, error } = await deps.db.rpc('request_refund', {
    p_order_id: orderId,
    p_amount_paise: amountPaise,
    p_idempotency_key: idempotencyKey,
    p_reason: reason,
    p_kind: kind,
  });
  if (error?.code === CHECK_VIOLATION) throw new HttpRefusal(422, `This refund cannot be made: ${error.message}`);
  if (error) throw new Error(`requesting refund ${idempotencyKey}: ${error.message}`);
  const refund = data as RefundRow;
  if (refund.order_id !== orderId || refund.amount_paise !== amountPaise) {
    throw new HttpRefusal(409, `The refund key ${idempotencyKey} was already used for another refund.`);
  }
  return issueRefund(deps, refund);
}

/** Refunds still waiting for the provider, oldest first, for the reconciliation run. */
export async function unsettledRefunds(deps: RefundDependencies): Promise<RefundRow[]> {
  const { data, error } = await deps.db.from('refunds').select('*').in('state', ['requested', 'pending']).order('created_at').limit(100);
  if (error) throw new Error(`reading unsettled refunds: ${error.message}`);
  return data as RefundRow[];
}
