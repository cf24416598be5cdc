import { guestOrderToken, isGuestOrderToken } from '../../../domain/guest-order-link';

/**
 * The key to a request's page: the guest order link's HMAC over a name no order id can take
 * ("prescription-request:<id>"), so one kind of key never opens the other kind of page.
 */
export const requestKey = (requestId: string, secret: string) => guestOrderToken(`prescription-request:${requestId}`, secret);
export const isRequestKey = (requestId: string, key: string, secret: string) => isGuestOrderToken(`prescription-request:${requestId}`, key, secret);
