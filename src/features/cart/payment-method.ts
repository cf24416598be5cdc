import { atom } from 'nanostores';
import type { PaymentMethod } from '@/domain/payment-methods';
import { OFFERED_PAYMENT_METHODS } from './offered-methods';

export { PAYMENT_METHODS, type PaymentMethod } from '@/domain/payment-methods';

export { OFFERED_PAYMENT_METHODS } from './offered-methods';

/** The customer's chosen payment method on /cart (the first offered by default); the checkout reads it. */
export const $paymentMethod = atom<PaymentMethod>(OFFERED_PAYMENT_METHODS[0]!);

/** Methods an order cannot use, each with the reason shown beside it; the payment step decides them. */
export type UnavailableMethods = Partial<Record<PaymentMethod, string>>;
