import { fetchRows, type RestRead, type RestTarget } from '../../lib/browser/rest-request';
import { LINE_DECISION_COLUMNS, ORDER_EVENT_COLUMNS, ORDER_PAGE_COLUMNS, REFUND_COLUMNS } from '../../domain/order-columns';
import { ORDERS_PER_PAGE, type OwnOrderRows } from './order-request';

/*
 * What a signed-in customer's pages read of their own orders, under row-level security: the order
 * page (the order, then its events, refunds, line decisions and refill reminders), and a page of My
 * orders. Read with plain fetch (rest-request.ts), so the page draws before supabase-js loads.
 * No zod here: the order page's inline head script reads the order with these too.
 */

export const ownOrderRead = (orderNumber: string): RestRead => ({ table: 'orders', select: ORDER_PAGE_COLUMNS, eq: { order_number: orderNumber } });

export const orderEventsRead = (orderId: string): RestRead => ({
  table: 'order_events',
  select: ORDER_EVENT_COLUMNS,
  eq: { order_id: orderId },
  order: [{ column: 'at' }, { column: 'id' }],
});

export const refundsRead = (orderId: string): RestRead => ({ table: 'refunds', select: REFUND_COLUMNS, eq: { order_id: orderId }, order: [{ column: 'created_at' }] });

export const lineDecisionsRead = (orderId: string): RestRead => ({
  table: 'order_line_decisions',
  select: LINE_DECISION_COLUMNS,
  eq: { order_id: orderId },
  order: [{ column: 'line_index' }],
});

export const refillRemindersRead = (orderId: string): RestRead => ({
  table: 'refill_reminders',
  select: 'product_id, doses_per_day, remind_on, stopped_at',
  eq: { order_id: orderId },
});

/**
 * The customer's own order and its events, refunds and line decisions, as supabase-js read them
 * before, and their refill reminders of it in the same round, so the page draws them at once and
 * loads no further script for them. A reminder read that fails leaves the order shown without its notes.
 */
export async function readOwnOrderRows(target: RestTarget, accessToken: string, orderNumber: string): Promise<OwnOrderRows | null> {
  // Order numbers are unique: one row or none, as maybeSingle() read it.
  const [order] = await fetchRows(target, accessToken, ownOrderRead(orderNumber));
  if (!order) return null;
  const id = (order as { id: string }).id;
  const [events, refunds, decisions, reminders] = await Promise.all([
    ...[orderEventsRead(id), refundsRead(id), lineDecisionsRead(id)].map((read) => fetchRows(target, accessToken, read)),
    fetchRows(target, accessToken, refillRemindersRead(id)).catch((): unknown[] => []),
  ]);
  return { order, events, refunds, decisions, reminders };
}

export const MY_ORDER_COLUMNS = 'order_number, created_at, status, payment_status, amount_paise, lines';

/** One page of the customer's orders, newest first, and one row past it, which tells whether an older page exists. */
export function myOrdersRead(userId: string, page: number): RestRead {
  const from = (page - 1) * ORDERS_PER_PAGE;
  return { table: 'orders', select: MY_ORDER_COLUMNS, eq: { user_id: userId }, order: [{ column: 'created_at', desc: true }], range: { from, to: from + ORDERS_PER_PAGE } };
}
