import { earlyHandoff } from '../../lib/browser/early-handoff';

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

/** /orders/<order number>?key=… (or under a language's prefix, /hi/orders/…): the number and the guest key from the address. */
export function orderAddress(href: string): OrderAddress {
  const url = new URL(href);
  return { orderNumber: decodeURIComponent(url.pathname.replace(/^(\/[a-z]{2})?\/orders\/?/, '').replace(/\/$/, '')), key: url.searchParams.get('key') };
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
  /** The customer's refill reminders of this order (refill-section.ts checks them). */
  reminders: unknown[];
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

const earlyOrderCall = earlyHandoff<EarlyOrderCall>('medikartEarlyOrderCall', (call) => [call.response]);
const earlyOwnOrderRead = earlyHandoff<EarlyOwnOrderRead>('medikartEarlyOwnOrderRead', (read) => [read.rows]);
const earlyMyOrdersRead = earlyHandoff<EarlyMyOrdersRead>('medikartEarlyMyOrdersRead', (read) => [read.rows]);

export const leaveEarlyOrderCall = earlyOrderCall.leave;
export const leaveEarlyOwnOrderRead = earlyOwnOrderRead.leave;
export const leaveEarlyMyOrdersRead = earlyMyOrdersRead.leave;

/** The head's call for this very order, once; null when there was none. */
export const takeEarlyOrderCall = (address: OrderAddress): EarlyOrderCall | null =>
  earlyOrderCall.take((call) => call.orderNumber === address.orderNumber && call.key === address.key);

/** The head's read of this very order, once; null when there was none. */
export const takeEarlyOwnOrderRead = (orderNumber: string): EarlyOwnOrderRead | null => earlyOwnOrderRead.take((read) => read.orderNumber === orderNumber);

/** The head's read of this page of My orders for this customer, once; null when there was none. */
export const takeEarlyMyOrdersRead = (userId: string, page: number): EarlyMyOrdersRead | null =>
  earlyMyOrdersRead.take((read) => read.userId === userId && read.page === page);
