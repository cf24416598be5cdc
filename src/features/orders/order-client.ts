import { hasStoredSession } from '@/lib/auth-storage';
import { loadSupabase } from '@/lib/load-supabase';
import { requestOrder, storedAccessToken, takeEarlyOrderCall, type OrderAddress } from './order-request';
import { orderStrings } from './order-strings';
import { orderRecordSchema, type CancelRequest, type OrderRecord } from './order-view';

export type OrderLoad = { kind: 'shown'; record: OrderRecord; signedIn: boolean } | { kind: 'not-found' } | { kind: 'cannot-show' };

/** The signed-in customer's access token: the stored one while fresh, else supabase-js renews it. */
async function accessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const fresh = storedAccessToken();
  if (fresh) return fresh;
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

async function answerOf(response: Response): Promise<OrderLoad> {
  if (response.status === 404) return { kind: 'not-found' };
  if (response.status === 403 || response.status === 401) return { kind: 'cannot-show' };
  if (!response.ok) throw new Error(`the order could not be loaded (${response.status})`);
  return { kind: 'shown', record: orderRecordSchema.parse(await response.json()), signedIn: false };
}

/**
 * The order for this page, in one call to the function: it shows the order to its owner signed in
 * (the access token) or to anyone with the order's key, and tells an unknown number from an order
 * this browser may not see. Plain fetch, so the page draws it without loading supabase-js; the
 * call the page's head already started is taken rather than made again.
 */
export async function loadOrder(address: OrderAddress): Promise<OrderLoad> {
  const early = takeEarlyOrderCall(address);
  const token = early ? early.token : await accessToken();
  const loaded = await answerOf(await (early?.response ?? requestOrder(address, token)));
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
