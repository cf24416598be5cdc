import { AUTH_STORAGE_KEY } from '@/lib/auth-storage';

/*
 * The order page's one call, /api/orders/get, as both of its scripts make it: the inline one in the
 * page's head starts it while the HTML is still arriving (order-early-request.ts), and the page's
 * script takes that answer (or makes the call itself, e.g. after renewing an expired session).
 */

export interface OrderAddress {
  orderNumber: string;
  /** The guest key of the mail link, when there is one. */
  key: string | null;
}

/** /orders/<order number>?key=…: the number and the guest key from the address. */
export function orderAddress(href: string): OrderAddress {
  const url = new URL(href);
  return { orderNumber: decodeURIComponent(url.pathname.replace(/^\/orders\/?/, '').replace(/\/$/, '')), key: url.searchParams.get('key') };
}

/** The stored session's access token while it has a minute or more to run: no supabase-js needed to use it. */
export function storedAccessToken(): string | null {
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

export function requestOrder(address: OrderAddress, token: string | null): Promise<Response> {
  const query = new URLSearchParams({ number: address.orderNumber, ...(address.key ? { key: address.key } : {}) });
  return fetch(`/api/orders/get?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** The call the head's script started: for which order, with which token, and its answer to come. */
export interface EarlyOrderCall extends OrderAddress {
  token: string | null;
  response: Promise<Response>;
}

declare global {
  interface Window {
    medikartEarlyOrderCall?: EarlyOrderCall;
  }
}

export function leaveEarlyOrderCall(call: EarlyOrderCall): void {
  // Until the page's script takes it, a failed call must not count as an unhandled rejection.
  call.response.catch(() => {});
  window.medikartEarlyOrderCall = call;
}

/** The head's call for this very order, once; null when there was none. */
export function takeEarlyOrderCall(address: OrderAddress): EarlyOrderCall | null {
  const call = window.medikartEarlyOrderCall;
  delete window.medikartEarlyOrderCall;
  return call && call.orderNumber === address.orderNumber && call.key === address.key ? call : null;
}
