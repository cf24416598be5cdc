import { hasStoredSession } from '../../lib/browser/auth-storage';
import { requestOrder, takeEarlyOrderCall, takeEarlyOwnOrderRead, type OrderAddress, type OwnOrderRows } from './order-request';
import { order as englishOrder } from '../../domain/strings/english/order';
import { pageLanguage, pageText } from '../../lib/browser/page-text';
import type { CancelRequest } from '../../domain/order-cancel';
import { orderRecordSchema, type OrderRecord } from '../../domain/order-view';

/** A shown order's refill reminders: read with it (own rows), or null when the page is to read them itself. */
export type OrderLoad = { kind: 'shown'; record: OrderRecord; signedIn: boolean; reminders: unknown[] | null } | { kind: 'not-found' } | { kind: 'cannot-show' };

/**
 * The signed-in customer's access token (session-token.ts: the stored one while fresh, else supabase-js's);
 * null for a guest, whose page never downloads that code.
 */
export function signedInAccessToken(): Promise<string | null> {
  return hasStoredSession() ? import('../../lib/browser/session-token').then((session) => session.sessionAccessToken()) : Promise.resolve(null);
}

/** A signed-in customer's own order, read under row-level security, checked; null when RLS shows none. */
async function ownOrder(rows: Promise<OwnOrderRows | null>): Promise<OrderLoad | null> {
  const read = await rows;
  return read ? { kind: 'shown', record: orderRecordSchema.parse(read), signedIn: true, reminders: read.reminders } : null;
}

async function answerOf(response: Response): Promise<OrderLoad> {
  if (response.status === 404) return { kind: 'not-found' };
  if (response.status === 403 || response.status === 401) return { kind: 'cannot-show' };
  if (!response.ok) throw new Error(`the order could not be loaded (${response.status})`);
  return { kind: 'shown', record: orderRecordSchema.parse(await response.json()), signedIn: false, reminders: null };
}

/**
 * The order for this page. A guest (nobody signed in; the mail link's key) asks the function
 * with plain fetch, so the page draws it without supabase-js; the call the page's head already
 * started is taken rather than made again. Signed in, the order is read under RLS with plain fetch,
 * with the stored token while it is fresh, so the page draws before supabase-js loads; the head's
 * script has usually started that read already (and, when RLS shows nothing, the function tells an
 * unknown number from an order this browser may not see).
 */
export async function loadOrder(address: OrderAddress): Promise<OrderLoad> {
  const early = takeEarlyOrderCall(address);
  if (early) return answerOf(await early.response);
  const earlyOwn = takeEarlyOwnOrderRead(address.orderNumber);
  const token = earlyOwn?.accessToken ?? (await signedInAccessToken());
  if (token && !address.key) {
    const own = await ownOrder(earlyOwn?.rows ?? import('./signed-in-reads').then((reads) => reads.readOwnOrder(token, address.orderNumber)));
    if (own) return own;
  }
  const loaded = await answerOf(await requestOrder(address, token));
  return loaded.kind === 'shown' ? { ...loaded, signedIn: token !== null } : loaded;
}

/**
 * Cancels through the function, which refuses in the page's language; answers the order as it is now,
 * or the sentence to show (the page's own when the call itself fails).
 */
export async function requestCancel(request: Omit<CancelRequest, 'language'>): Promise<{ record: OrderRecord } | { error: string }> {
  const failed = { error: pageText('order', englishOrder).cancelFailed };
  try {
    const token = await signedInAccessToken();
    const response = await fetch('/api/orders/cancel', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ ...request, language: pageLanguage() }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return { record: orderRecordSchema.parse(body) };
    const message = typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string' ? (body as { error: string }).error : null;
    return message === null ? failed : { error: message };
  } catch {
    return failed;
  }
}
