import { atom } from 'nanostores';

export const PAYMENT_METHODS = [
  { value: 'razorpay', label: 'Razorpay' },
  { value: 'phonepe', label: 'PhonePe' },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

/** The customer's chosen payment method on /cart (Razorpay by default); the checkout reads it. */
export const $paymentMethod = atom<PaymentMethod>('razorpay');
