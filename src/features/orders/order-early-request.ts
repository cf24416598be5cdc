import { isOrderNumber } from '@/domain/order-status';
import { hasStoredSession } from '@/lib/browser/auth-storage';
import { placedOrderNoteHasRecord } from '@/lib/placed-order-note';
import { leaveEarlyOrderCall, orderAddress, requestOrder } from './order-request';

/*
 * Inline in the order page's head (order-early-integration.ts): a guest's page (nobody signed in,
 * e.g. the mail link on a phone) asks for the order while the rest of the page and its script are still on their
 * way, so a phone on slow 4G waits no script download before the call. A signed-in customer's page
 * reads the order under RLS with the stored session's token (order-client.ts). The page the cart
 * opens after a payment asks for nothing: the payment's reply carried the order.
 */
const address = orderAddress(location.href);
if (isOrderNumber(address.orderNumber) && !hasStoredSession() && !placedOrderNoteHasRecord(sessionStorage, address.orderNumber)) {
  leaveEarlyOrderCall({ ...address, response: requestOrder(address, null) });
}
