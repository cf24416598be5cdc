import { isOrderNumber } from '@/domain/order-status';
import { hasStoredSession } from '@/lib/browser/auth-storage';
import { freshStoredSession } from '@/lib/browser/stored-session';
import { placedOrderNoteHasRecord } from '@/lib/placed-order-note';
import { leaveEarlyOrderCall, leaveEarlyOwnOrderRead, orderAddress, requestOrder } from './order-request';
import { readOwnOrderRows } from './own-reads';

/*
 * Inline in the order page's head (order-early-integration.ts): the page asks for the order while the
 * rest of the page and its script are still on their way, so a phone on slow 4G waits no script
 * download before the call. A guest's page (nobody signed in, e.g. the mail link on a phone) calls the
 * function; a signed-in customer's page reads the order under RLS with the stored token while it is
 * fresh (PostgREST's address and public key come on this script's own tag). A token near its end is
 * left to supabase-js, which the page's script loads to renew it (order-client.ts). The page the cart
 * opens after a payment asks for nothing: the payment's reply carried the order.
 */
const address = orderAddress(location.href);
const rest = document.currentScript?.dataset;
if (isOrderNumber(address.orderNumber) && !placedOrderNoteHasRecord(sessionStorage, address.orderNumber)) {
  const fresh = address.key ? null : freshStoredSession();
  if (!hasStoredSession()) leaveEarlyOrderCall({ ...address, response: requestOrder(address, null) });
  else if (fresh && rest?.supabaseUrl && rest.anonKey) {
    const target = { supabaseUrl: rest.supabaseUrl, anonKey: rest.anonKey };
    leaveEarlyOwnOrderRead({ orderNumber: address.orderNumber, accessToken: fresh.accessToken, rows: readOwnOrderRows(target, fresh.accessToken, address.orderNumber) });
  }
}
