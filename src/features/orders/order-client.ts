import { hasStoredSession } from '@/lib/browser/auth-storage';
import { loadSupabase } from '@/lib/browser/load-supabase';
import { requestOrder, takeEarlyOrderCall, type OrderAddress } from './order-request';
import { orderStrings } from '@/domain/order-strings';
import { LINE_DECISION_COLUMNS, ORDER_EVENT_COLUMNS, ORDER_PAGE_COLUMNS, orderRecordSchema, REFUND_COLUMNS, type CancelRequest, type OrderRecord } from '@/domain/order-view';

export type OrderLoad = { kind: 'shown'; record: OrderRecord; signedIn: boolean } | { kind: 'not-found' } | { kind: 'cannot-show' };

/** The signed-in customer's access token (supabase-js renews it when it has run out). */
async function accessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

/** A signed-in customer's own order, read under row-level security; null when RLS shows none. */
async function readOwnOrder(orderNumber: string): Promise<OrderRecord | null> {
  const supabase = await loadSupabase();
  const order = await supabase.from('orders').select(ORDER_PAGE_COLUMNS).eq('order_number', orderNumber).maybeSingle();
  if (order.error) throw new Error(order.error.message);
  if (!order.data) return null;
  const id = (order.data as unknown as { id: string }).id;
  const [events, refunds, decisions] = await Promise.all([
    supabase.from('order_events').select(ORDER_EVENT_COLUMNS).eq('order_id', id).order('at').order('id'),
    supabase.from('refunds').select(REFUND_COLUMNS).eq('order_id', id).order('created_at'),
    supabase.from('order_line_decisions').select(LINE_DECISION_COLUMNS).eq('order_id', id).order('line_index'),
  ]);
  for (const answer of [events, refunds, decisions]) if (answer.error) throw new Error(answer.error.message);
  return orderRecordSchema.parse({ order: order.data, events: events.data, refunds: refunds.data, decisions: decisions.data });
}

async function answerOf(response: Response): Promise<OrderLoad> {
  if (response.status === 404) return { kind: 'not-found' };
  if (response.status === 403 || response.status === 401) return { kind: 'cannot-show' };
  if (!response.ok) throw new Error(`the order could not be loaded (${response.status})`);
  return { kind: 'shown', record: orderRecordSchema.parse(await response.json()), signedIn: false };
}

/**
 * The order for this page. A guest (nobody signed in; the mail link's key) asks the function
 * with plain fetch, so the page draws it without supabase-js; the call the page's head already
 * started is taken rather than made again. Signed in, the order is read under RLS (and, when RLS
 * shows nothing, the function tells an unknown number from an order this browser may not see).
 */
export async function loadOrder(address: OrderAddress): Promise<OrderLoad> {
  const early = takeEarlyOrderCall(address);
  if (early) return answerOf(await early.response);
  const token = await accessToken();
  if (token && !address.key) {
    const own = await readOwnOrder(address.orderNumber);
    if (own) return { kind: 'shown', record: own, signedIn: true };
  }
  const loaded = await answerOf(await requestOrder(address, token));
  return loaded.kind === 'shown' ? { ...loaded, signedIn: token !== null } : loaded;
}

/** Cancels through the function; answers the order as it is now, or the sentence to show. */
export async function requestCancel(request: CancelRequest): Promise<{ record: OrderRecord } | { error: string }> {
  const token = await accessToken();
  const response = await fetch('/api/orders/cancel', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(request),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { record: orderRecordSchema.parse(body) };
  const message = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : null;
  return { error: message ?? orderStrings.cancelFailed };
}
