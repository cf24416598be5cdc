/*
 * Kept apart from payment-contract.ts (and its zod schemas) because /cart lists the methods as it
 * loads, and zod is most of that page's script otherwise.
 */

/**
 * The payment methods the shop offers, in the order the cart lists them; orders.provider stores the
 * value. What sets a method apart is a property here or of its adapters (the browser's in
 * browser-payment-adapters.ts; the server's in PAYMENT_REGISTRY, whose rules decide refunds, mails
 * and reconciliation), never a test of its name elsewhere. collectedOnDelivery: the courier takes
 * the money, so the browser offers and shows no online payment. The SQL's orders_provider_check lists the same values
 * (supabase/tests/payment-methods.test.ts holds them equal).
 */
export const PAYMENT_METHODS = [
  { value: 'razorpay', label: 'Razorpay', collectedOnDelivery: false },
  { value: 'phonepe', label: 'PhonePe', collectedOnDelivery: false },
  { value: 'cod', label: 'Cash on delivery', collectedOnDelivery: true },
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];

const methodOf = (value: string) => PAYMENT_METHODS.find((method) => method.value === value);

/** The name customers and staff read for a method (an order's stored provider, say). */
export const paymentMethodLabel = (value: string): string => methodOf(value)?.label ?? value;

/** True for a method whose money the courier collects (see PAYMENT_METHODS). */
export const collectedOnDelivery = (value: string): boolean => methodOf(value)?.collectedOnDelivery ?? false;

/**
 * The methods a build offers, in the list's order, from its comma-separated list (PUBLIC_PAYMENT_METHODS,
 * by default the providers configured at build); cash on delivery when it names none we know.
 */
export function paymentMethodsFrom(list: string): readonly PaymentMethod[] {
  const named = new Set(list.split(',').map((name) => name.trim()));
  const offered = PAYMENT_METHODS.filter((option) => named.has(option.value)).map((option) => option.value);
  return offered.length > 0 ? offered : PAYMENT_METHODS.filter((method) => method.collectedOnDelivery).map((method) => method.value);
}
