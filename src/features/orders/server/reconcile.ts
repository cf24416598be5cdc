import type { StoredOrder } from '../../checkout/server/public';
import { afterOrderPlaced } from './cancel-order';
import { sendOrderMails } from './order-mail';
import type { OrderDependencies } from './order-dependencies';
import { issueRefund, unsettledRefunds } from './refunds';

/** PhonePe's guidance: ask about a payment still pending after 5 minutes. */
export const PENDING_CHECK_AFTER_MS = 5 * 60 * 1000;
/** An online order with no payment after 30 minutes is abandoned. */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;
export const ABANDONED_REASON = 'No payment within 30 minutes (abandoned)';

const ORDER_COLUMNS = 'id, provider, provider_order_id, provider_payment_id, payment_status, amount_paise, currency, created_at';

export interface ReconciliationReport {
  paid: number;
  failed: number;
  abandoned: number;
  refundsSettled: number;
  mailsSent: number;
  errors: number;
}

/**
 * One run of the every-5-minutes job: settles pending online payments through the provider's status
 * API (the same mark_order_paid / mark_order_failed the webhooks use, so each outcome is recorded once
 * and a paid order never moves back), fails orders left unpaid past 30 minutes (cash on delivery is
 * never pending a payment), asks again about refunds still open and sends the mails still waiting.
 */
export async function reconcile(deps: OrderDependencies): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { paid: 0, failed: 0, abandoned: 0, refundsSettled: 0, mailsSent: 0, errors: 0 };
  const now = deps.now().getTime();
  const checkBefore = new Date(now - PENDING_CHECK_AFTER_MS).toISOString();
  const { data, error } = await deps.db
    .from('orders')
    .select(ORDER_COLUMNS)
    .eq('payment_status', 'pending')
    .neq('provider', 'cod')
    .lt('created_at', checkBefore)
    .order('created_at')
    .limit(200);
  if (error) throw new Error(`reading pending orders: ${error.message}`);

  for (const order of data as (StoredOrder & { created_at: string })[]) {
    try {
      const adapter = deps.providers[order.provider];
      const outcome = await adapter.status(order);
      if (outcome.state === 'paid' && outcome.amountPaise === order.amount_paise && outcome.currency === order.currency) {
        // mark_order_paid also moves the order on (to prescription review or confirmed).
        const { error: paidError } = await deps.db.rpc('mark_order_paid', { p_provider_order_id: order.provider_order_id, p_provider_payment_id: outcome.paymentId });
        if (paidError) throw new Error(paidError.message);
        await afterOrderPlaced(deps, order.id);
        report.paid += 1;
      } else if (outcome.state === 'paid') {
        console.error(`[reconcile] order ${order.id}: paid ${outcome.amountPaise} ${outcome.currency} but the order is ${order.amount_paise} ${order.currency}; left for a person`);
      } else if (outcome.state === 'failed') {
        const { error: failedError } = await deps.db.rpc('mark_order_failed', { p_provider_order_id: order.provider_order_id, p_reason: outcome.reason });
        if (failedError) throw new Error(failedError.message);
        report.failed += 1;
      } else if (now - Date.parse(order.created_at) >= ABANDONED_AFTER_MS) {
        const { error: failedError } = await deps.db.rpc('mark_order_failed', { p_provider_order_id: order.provider_order_id, p_reason: ABANDONED_REASON });
        if (failedError) throw new Error(failedError.message);
        report.abandoned += 1;
      }
    } catch (problem) {
      report.errors += 1;
      console.error(`[reconcile] order ${order.id} (${order.provider}) not reconciled:`, problem);
      // An order its provider cannot tell us about for 30 minutes is abandoned like an unpaid one;
      // a payment that still arrives later moves it from failed to paid (the webhook or verify).
      if (now - Date.parse(order.created_at) >= ABANDONED_AFTER_MS) {
        const { error: failedError } = await deps.db.rpc('mark_order_failed', { p_provider_order_id: order.provider_order_id, p_reason: ABANDONED_REASON });
        if (!failedError) report.abandoned += 1;
      }
    }
  }

  for (const refund of await unsettledRefunds(deps)) {
    try {
      const settled = await issueRefund(deps, refund);
      if (settled.state === 'processed' || settled.state === 'failed') report.refundsSettled += 1;
    } catch (problem) {
      report.errors += 1;
      console.error(`[reconcile] refund ${refund.idempotency_key} not settled:`, problem);
    }
  }

  report.mailsSent = await sendOrderMails(deps);
  return report;
}
