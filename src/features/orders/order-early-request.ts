import { isOrderNumber } from '../../domain/order-status';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { fetchRows, type RestTarget } from '../../lib/browser/rest-request';
import { freshStoredSession } from '../../lib/browser/stored-session';
import { placedOrderNoteHasRecord } from '../../lib/placed-order-note';
import { leaveEarlyMyOrdersRead, leaveEarlyOrderCall, leaveEarlyOwnOrderRead, myOrdersPage, orderAddress, requestOrder } from './order-request';
import { myOrdersRead, readOwnOrderRows } from './own-reads';

/*
 * Inline in the head of the order page and My orders (order-early-integration.ts): the page asks for
 * its data while the rest of the page and its script are still on their way, so a phone on slow 4G
 * waits no script download before the call. A guest's order page (nobody signed in, e.g. the mail
 * link on a phone) calls the function; a signed-in customer's pages read under RLS with the stored
 * token while it is fresh (PostgREST's address and public key come on this script's own tag). A
 * token near its end is left to supabase-js, which the page's script loads to renew it. The order
 * page the cart opens after a payment asks for nothing: the payment's reply carried the order.
 */
const tag = document.currentScript?.dataset;
const rest: RestTarget | null = tag?.supabaseUrl && tag.anonKey ? { supabaseUrl: tag.supabaseUrl, anonKey: tag.anonKey } : null;

if (location.pathname.startsWith('/account/orders')) {
  const fresh = freshStoredSession();
  const page = myOrdersPage(location.href);
  if (fresh && rest) leaveEarlyMyOrdersRead({ userId: fresh.userId, page, rows: fetchRows(rest, fresh.accessToken, myOrdersRead(fresh.userId, page)) });
} else {
  const address = orderAddress(location.href);
  if (isOrderNumber(address.orderNumber) && !placedOrderNoteHasRecord(sessionStorage, address.orderNumber)) {
    const fresh = address.key ? null : freshStoredSession();
    if (!hasStoredSession()) leaveEarlyOrderCall({ ...address, response: requestOrder(address, null) });
    else if (fresh && rest) {
      leaveEarlyOwnOrderRead({ orderNumber: address.orderNumber, accessToken: fresh.accessToken, rows: readOwnOrderRows(rest, fresh.accessToken, address.orderNumber) });
    }
  }
}
