/*
 * Kept apart from payment-contract.ts (and its zod schemas) because /cart lists the methods as it
 * loads, and zod is most of that page's script otherwise.
 */

/** The payment methods the shop offers, in the order the cart lists them; orders.provider stores the value. */
export const PAYMENT_METHODS = [
  { value: 'razorpay', label: 'Razorpay' },
  { value: 'phonepe', label: 'PhonePe' },
  { value: 'cod', label: 'Cash on delivery' },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

/** The method /cart starts with. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'razorpay';
