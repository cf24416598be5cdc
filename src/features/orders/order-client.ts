import { AUTH_STORAGE_KEY, hasStoredSession } from '@/lib/auth-storage';
import { loadSupabase } from '@/lib/load-supabase';
import { orderStrings } from './order-strings';
import { orderRecordSchema, type CancelRequest, type OrderRecord } from './order-view';

export type OrderLoad = { kind: 'shown'; record: OrderRecord; signedIn: boolean } | { kind: 'not-found' } | { kind: 'cannot-show' };

/** The stored session's access token while it has a minute or more to run: no supabase-js needed to use it. */
function storedAccessToken(): string | null {
  try {
    const stored = window.sessionStorage.getItem(AUTH_STORAGE_KEY) ?? window.localStorage.getItem(AUTH_STORAGE_KEY);
    const session: unknown = stored ? JSON.parse(stored) : null;
    if (typeof session !== 'object' || session === null) return null;
    const { access_token: token, expires_at: expiresAt } = session as { access_token?: unknown; expires_at?: unknown };
    return typeof token === 'string' && typeof expiresAt === 'number' && expiresAt * 1000 > Date.now() + 60_000 ? token : null;
  } catch {
    return null;
  }
}

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
 * this browser may not see. Plain fetch, so the page draws it without loading supabase-js.
 */
export async function loadOrder(orderNumber: string, key: string | null): Promise<OrderLoad> {
  const token = await accessToken();
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
