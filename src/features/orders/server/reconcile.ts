import { reconciledMethods, type StoredOrder } from '../../checkout/server/public';
import { afterOrderPlaced } from './cancel-order';
import { sendWaitingMessages } from '../../messages/server/public';
import type { ServerDependencies } from './server-dependencies';
import { issueRefund, unsettledRefunds } from './refunds';

/** PhonePe's guidance: ask about a payment still pending after 5 minutes. */
export const PENDING_CHECK_AFTER_MS = 5 * 60 * 1000;
/** An online order with no payment after 30 minutes is abandoned. */
export const ABANDONED_AFTER_MS = 30 * 60 * 1000;
export const ABANDONED_REASON = 'No payment within 30 minutes (abandoned)';

const ORDER_COLUMNS = 'id, provider, provider_order_id, provider_payment_id, payment_status, amount_paise, currency, created_at';

/**
 * What one run may spend. Netlify stops a scheduled function after 30 s: a run starts no provider
 * call it could not finish by the deadline (orders-reconcile.mts gives each call a shorter timeout),
 * and takes at most a batch of orders; the rest wait for the next run, oldest-asked first.
 */
export interface ReconcileBudget {
  /** No new order, refund or mail is started after this (on deps.now's clock). */
  deadline: Date;
  /** The longest one provider or mail call may take, so work started before the deadline ends by it. */
  callTimeoutMs: number;
  /** Pending orders asked about per run at most. */
  batch: number;
}

/** Ample for the in-process tests; the scheduled function passes its own (scheduledRunBudget). */
const UNBOUNDED: Omit<ReconcileBudget, 'deadline'> = { callTimeoutMs: 0, batch: 200 };

/** 20 s of a scheduled function's 30 s for work, 4 s per call, 25 orders a run (12 runs an hour: 300 orders). */
export const SCHEDULED_RUN = { workMs: 20_000, callTimeoutMs: 4_000, batch: 25 } as const;

export function scheduledRunBudget(startedAt: Date): ReconcileBudget {
  return { deadline: new Date(startedAt.getTime() + SCHEDULED_RUN.workMs), callTimeoutMs: SCHEDULED_RUN.callTimeoutMs, batch: SCHEDULED_RUN.batch };
}

export interface ReconciliationReport {
  paid: number;
  failed: number;
  abandoned: number;
  refundsSettled: number;
  mailsSent: number;
  errors: number;
  /** Pending orders this run asked about. */
  checked: number;
  /** True when the deadline stopped the run with work left for the next one. */
  outOfTime: boolean;
}

/**
 * One run of the every-5-minutes job: settles pending online payments through the provider's status
 * API (the same mark_order_paid / mark_order_failed the webhooks use, so each outcome is recorded once
 * and a paid order never moves back), fails orders left unpaid past 30 minutes (cash on delivery is
 * never pending a payment), asks again about refunds still open and sends the mails still waiting,
 * all within the run's budget.
 */
export async function reconcile(deps: ServerDependencies, budget: ReconcileBudget = { deadline: new Date(8.64e15), ...UNBOUNDED }): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { paid: 0, failed: 0, abandoned: 0, refundsSettled: 0, mailsSent: 0, errors: 0, checked: 0, outOfTime: false };
  const now = deps.now().getTime();
  // A call started after this could still be running at the deadline.
  const lastStart = budget.deadline.getTime() - budget.callTimeoutMs;
  const timeLeft = () => {
    const left = deps.now().getTime() < lastStart;
    if (!left) report.outOfTime = true;
    return left;
  };
  const checkBefore = new Date(now - PENDING_CHECK_AFTER_MS).toISOString();
  const { data, error } = await deps.db
    .from('orders')
    .select(ORDER_COLUMNS)
    .eq('payment_status', 'pending')
    .in('provider', reconciledMethods(deps.providers))
    .lt('created_at', checkBefore)
    .order('reconciled_at', { ascending: true, nullsFirst: true })
    .order('created_at')
    .limit(budget.batch);
  if (error) throw new Error(`reading pending orders: ${error.message}`);

  for (const order of data as (StoredOrder & { created_at: string })[]) {
    if (!timeLeft()) break;
    report.checked += 1;
    try {
      const adapter = deps.providers[order.provider];
      if (!adapter) throw new Error(`${order.provider} is not configured on this deployment`);
      // Asked now, whatever the answer: the next run starts with the orders asked about longest ago.
      const { error: markError } = await deps.db.from('orders').update({ reconciled_at: new Date(now).toISOString() }).eq('id', order.id);
      if (markError) throw new Error(markError.message);
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
    if (!timeLeft()) break;
    try {
      const settled = await issueRefund(deps, refund);
      if (settled.state === 'processed' || settled.state === 'failed') report.refundsSettled += 1;
    } catch (problem) {
      report.errors += 1;
      console.error(`[reconcile] refund ${refund.idempotency_key} not settled:`, problem);
    }
  }

  if (timeLeft()) report.mailsSent = await sendWaitingMessages(deps, {}, timeLeft);
  return report;
}
