import { atom } from 'nanostores';
import { DEFAULT_PAYMENT_METHOD, type PaymentMethod } from '@/domain/payment-methods';

export { PAYMENT_METHODS, type PaymentMethod } from '@/domain/payment-methods';

/** The customer's chosen payment method on /cart (Razorpay by default); the checkout reads it. */
export const $paymentMethod = atom<PaymentMethod>(DEFAULT_PAYMENT_METHOD);

/** Methods an order cannot use, each with the reason shown beside it; the payment step decides them. */
export type UnavailableMethods = Partial<Record<PaymentMethod, string>>;
