import type { PaymentMethod } from '../../domain/payment-methods';
import { payWithCod, payWithPhonePe, payWithRazorpay, type PhonePeContext, type RazorpayContext } from './checkout-flows';

/** Everything a method's browser flow may use: the checkout's context with each provider's own needs. */
export type BrowserPaymentContext = RazorpayContext & PhonePeContext;

/** One payment method in the browser: how paying with it starts (its flow reports through the context). */
export interface BrowserPaymentAdapter {
  pay(context: BrowserPaymentContext): Promise<void>;
}

/**
 * Every method of the domain's table with its browser flow; the mapped type makes a method missing
 * here a compile error. The cart's and the prescription proposal's pay buttons both go through it,
 * never through a test of a method's name.
 */
export const BROWSER_PAYMENT_ADAPTERS: { readonly [Method in PaymentMethod]: BrowserPaymentAdapter } = {
  razorpay: { pay: payWithRazorpay },
  phonepe: { pay: payWithPhonePe },
  cod: { pay: payWithCod },
};
