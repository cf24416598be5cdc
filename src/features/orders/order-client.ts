import { hasStoredSession } from '@/lib/browser/auth-storage';
import { loadSupabase } from '@/lib/browser/load-supabase';
import { orderStrings } from '@/domain/order-strings';
import { LINE_DECISION_COLUMNS, ORDER_EVENT_COLUMNS, ORDER_PAGE_COLUMNS, orderRecordSchema, REFUND_COLUMNS, type CancelRequest, type OrderRecord } from '@/domain/order-view';

export type OrderLoad = { kind: 'shown'; record: OrderRecord; signedIn: boolean } | { kind: 'not-found' } | { kind: 'cannot-show' };

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
 * The order for this page: with a key, through the function that checks it; signed in, under RLS
 * (and, when RLS shows nothing or nobody is signed in, the function tells an unknown number from an
 * order this browser may not see).
 */
export async function loadOrder(orderNumber: string, key: string | null): Promise<OrderLoad> {
  const token = await accessToken();
  if (token && !key) {
    const own = await readOwnOrder(orderNumber);
    if (own) return { kind: 'shown', record: own, signedIn: true };
  }
  const query = new URLSearchParams({ number: orderNumber, ...(key ? { key } : {}) });
  const loaded = await answerOf(await fetch(`/api/orders/get?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
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
