import { isGuestOrderToken } from '../../../domain/guest-order-link';
import { isOrderNumber } from '../../../domain/order-status';
import { HttpRefusal } from '../../../lib/server/http';
import { orderStrings } from '../../../domain/order-strings';
import { LINE_DECISION_COLUMNS, ORDER_EVENT_COLUMNS, ORDER_PAGE_COLUMNS, orderRecordSchema, orderRowSchema, REFUND_COLUMNS, type OrderRecord, type OrderRow } from '../../../domain/order-view';
import type { ServerDependencies } from './server-dependencies';

export interface AccessibleOrder {
  order: OrderRow & { user_id: string | null };
  /** The signed-in customer acting, or null for a guest with the order's key. */
  customerId: string | null;
}

function bearerToken(req: Request): string | null {
  const match = /^Bearer (.+)$/.exec(req.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

async function customerOf(deps: ServerDependencies, req: Request): Promise<string | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const { data, error } = await deps.db.auth.getUser(token);
  if (error && (error.status === undefined || error.status >= 500)) throw new Error(`checking the access token: ${error.message}`);
  return data.user?.id ?? null;
}

/**
 * The order this request may act on: its owner signed in, or anyone holding the HMAC key of this
 * very order (compared in constant time). Unknown or malformed numbers are 404 "Order not found";
 * anything else without access is 403 "This order cannot be shown".
 */
export async function accessibleOrder(deps: ServerDependencies, req: Request, orderNumber: string, key: string | undefined): Promise<AccessibleOrder> {
  if (!isOrderNumber(orderNumber)) throw new HttpRefusal(404, orderStrings.notFound);
  const { data, error } = await deps.db.from('orders').select(`${ORDER_PAGE_COLUMNS}, user_id`).eq('order_number', orderNumber).maybeSingle();
  if (error) throw new Error(`reading order ${orderNumber}: ${error.message}`);
  if (!data) throw new HttpRefusal(404, orderStrings.notFound);
  const order = { ...orderRowSchema.parse(data), user_id: (data as { user_id: string | null }).user_id };
  const customerId = await customerOf(deps, req);
  if (customerId && order.user_id === customerId) return { order, customerId };
  if (key && (await isGuestOrderToken(order.id, key, deps.env.ORDER_LINK_SECRET))) return { order, customerId: null };
  throw new HttpRefusal(403, orderStrings.cannotShow);
}

/** The order with its history and refunds, as the page shows it. */
export async function orderRecord(deps: ServerDependencies, orderId: string): Promise<OrderRecord> {
  const [order, events, refunds, decisions] = await Promise.all([
    deps.db.from('orders').select(ORDER_PAGE_COLUMNS).eq('id', orderId).single(),
    deps.db.from('order_events').select(ORDER_EVENT_COLUMNS).eq('order_id', orderId).order('at').order('id'),
    deps.db.from('refunds').select(REFUND_COLUMNS).eq('order_id', orderId).order('created_at'),
    deps.db.from('order_line_decisions').select(LINE_DECISION_COLUMNS).eq('order_id', orderId).order('line_index'),
  ]);
  for (const answer of [order, events, refunds, decisions]) if (answer.error) throw new Error(`reading order ${orderId}: ${answer.error.message}`);
  return orderRecordSchema.parse({ order: order.data, events: events.data, refunds: refunds.data, decisions: decisions.data });
}
