import { guestOrderToken, isGuestOrderToken } from './guest-order-link';

/**
 * The keys in a refill reminder's mail, which work without signing in: one fills the cart with the
 * reminder's medicine (/reorder?reminder=<id>&key=), the other stops the reminder in one click
 * (/api/refills/stop?reminder=<id>&key=). Each is the guest order link's HMAC (ORDER_LINK_SECRET)
 * over its own name, so neither opens an order, a request, or the other's action. Server code only.
 */
export const refillOrderKey = (reminderId: string, secret: string) => guestOrderToken(`refill-order:${reminderId}`, secret);
export const isRefillOrderKey = (reminderId: string, key: string, secret: string) => isGuestOrderToken(`refill-order:${reminderId}`, key, secret);
export const refillStopKey = (reminderId: string, secret: string) => guestOrderToken(`refill-stop:${reminderId}`, secret);
export const isRefillStopKey = (reminderId: string, key: string, secret: string) => isGuestOrderToken(`refill-stop:${reminderId}`, key, secret);
