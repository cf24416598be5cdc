import { atom } from 'nanostores';
import { PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment-methods';

export { PAYMENT_METHODS, type PaymentMethod } from '../../domain/payment-methods';

/**
 * The customer's chosen payment method on /cart; the checkout reads it. The page's first screen sets
 * it to the first method the build offers (static-cart-view.ts) when that is not this first one.
 */
export const $paymentMethod = atom<PaymentMethod>(PAYMENT_METHODS[0].value);

/** Methods an order cannot use, each with the reason shown beside it; the payment step decides them. */
export type UnavailableMethods = Partial<Record<PaymentMethod, string>>;
