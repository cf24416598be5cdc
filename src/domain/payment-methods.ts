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

/**
 * The methods a build offers, in the list's order, from its comma-separated list (PUBLIC_PAYMENT_METHODS,
 * by default the providers configured at build); cash on delivery when it names none we know.
 */
export function paymentMethodsFrom(list: string): readonly PaymentMethod[] {
  const named = new Set(list.split(',').map((name) => name.trim()));
  const offered = PAYMENT_METHODS.filter((option) => named.has(option.value)).map((option) => option.value);
  return offered.length > 0 ? offered : ['cod'];
}
