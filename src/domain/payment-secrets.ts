import type { PaymentMethod } from './payment-methods';

/**
 * The server secrets each payment method needs, as a group (names only, never values): a shop may
 * launch with Razorpay only or add PhonePe later, so a group left out entirely switches its method
 * off and a group set in part is a mistake. Keyed by the payment table, so a method added there
 * fails to compile until its group is here (an empty one for a method with no provider to call).
 * Kept apart from payment-methods.ts, which /cart loads.
 */
export const PAYMENT_SECRETS = {
  razorpay: ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'],
  phonepe: ['PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET', 'PHONEPE_CLIENT_VERSION', 'PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD'],
  cod: [],
} as const satisfies Record<PaymentMethod, readonly string[]>;
