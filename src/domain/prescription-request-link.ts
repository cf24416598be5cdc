import { guestOrderToken, isGuestOrderToken } from './guest-order-link';

/**
 * The key to a request's page and to paying for it: the guest order link's HMAC over a name no order
 * id can take ("prescription-request:<id>"), so one kind of key never opens the other kind of page.
 * Server code only, as guest-order-link.
 */
export const requestKey = (requestId: string, secret: string) => guestOrderToken(`prescription-request:${requestId}`, secret);
export const isRequestKey = (requestId: string, key: string, secret: string) => isGuestOrderToken(`prescription-request:${requestId}`, key, secret);
