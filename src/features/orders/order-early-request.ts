import { isOrderNumber } from '@/domain/order-status';
import { hasStoredSession } from '@/lib/auth-storage';
import { leaveEarlyOrderCall, orderAddress, requestOrder, storedAccessToken } from './order-request';

/*
 * Inline in the order page's head (order-early-integration.ts): asks for the order while the rest
 * of the page and its script are still on their way, so a phone on slow 4G waits one round trip
 * less before the order is drawn. A stored session whose token has run out is left to the page's
 * script, which renews it with supabase-js first.
 */
const address = orderAddress(location.href);
if (isOrderNumber(address.orderNumber)) {
  const token = hasStoredSession() ? storedAccessToken() : null;
  if (!hasStoredSession() || token) leaveEarlyOrderCall({ ...address, token, response: requestOrder(address, token) });
}
