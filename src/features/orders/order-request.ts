/*
 * A guest's call for the order, /api/orders/get, as both of the page's scripts make it: the inline
 * one in the head starts it while the page is still arriving (order-early-request.ts), and the
 * page's script takes that answer (or makes the call itself). The same for a signed-in customer's
 * read of their own order, or of a page of My orders, with the stored token while it is fresh.
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

/** My orders shows this many orders to a page. */
export const ORDERS_PER_PAGE = 20;

/** The page of My orders an address asks for (?page=N), 1 when it names none or no sensible one. */
export function myOrdersPage(href: string): number {
  return Math.max(1, Math.floor(Number(new URL(href).searchParams.get('page'))) || 1);
}

export function requestOrder(address: OrderAddress, token: string | null): Promise<Response> {
  const query = new URLSearchParams({ number: address.orderNumber, ...(address.key ? { key: address.key } : {}) });
  return fetch(`/api/orders/get?${query}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** The call the head's script started: for which order, and its answer to come. */
export interface EarlyOrderCall extends OrderAddress {
  response: Promise<Response>;
}

/** The rows the order page draws, unchecked (the page checks them with orderRecordSchema); null when RLS shows no such order. */
export interface OwnOrderRows {
  order: unknown;
  events: unknown[];
  refunds: unknown[];
  decisions: unknown[];
}

/** The head's read of a signed-in customer's own order: with which token, and its rows to come. */
export interface EarlyOwnOrderRead {
  orderNumber: string;
  accessToken: string;
  rows: Promise<OwnOrderRows | null>;
}

/** The head's read of a page of My orders: whose, which page, and its rows to come. */
export interface EarlyMyOrdersRead {
  userId: string;
  page: number;
  rows: Promise<unknown[]>;
}

declare global {
  interface Window {
    medikartEarlyOrderCall?: EarlyOrderCall;
    medikartEarlyOwnOrderRead?: EarlyOwnOrderRead;
    medikartEarlyMyOrdersRead?: EarlyMyOrdersRead;
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

export function leaveEarlyOwnOrderRead(read: EarlyOwnOrderRead): void {
  read.rows.catch(() => {});
  window.medikartEarlyOwnOrderRead = read;
}

/** The head's read of this very order, once; null when there was none. */
export function takeEarlyOwnOrderRead(orderNumber: string): EarlyOwnOrderRead | null {
  const read = window.medikartEarlyOwnOrderRead;
  delete window.medikartEarlyOwnOrderRead;
  return read && read.orderNumber === orderNumber ? read : null;
}

export function leaveEarlyMyOrdersRead(read: EarlyMyOrdersRead): void {
  read.rows.catch(() => {});
  window.medikartEarlyMyOrdersRead = read;
}

/** The head's read of this page of My orders for this customer, once; null when there was none. */
export function takeEarlyMyOrdersRead(userId: string, page: number): EarlyMyOrdersRead | null {
  const read = window.medikartEarlyMyOrdersRead;
  delete window.medikartEarlyMyOrdersRead;
  return read && read.userId === userId && read.page === page ? read : null;
}
