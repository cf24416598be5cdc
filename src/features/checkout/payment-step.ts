import type { PaymentMethod } from '@/features/cart/public';
import { browserCheckoutContext } from './browser-checkout';
import { payWithCod, payWithPhonePe, payWithRazorpay, verifyStoredPhonePePayment } from './checkout-flows';
import type { CheckoutEvent } from './checkout-state';

const FLOWS = { razorpay: payWithRazorpay, phonepe: payWithPhonePe, cod: payWithCod } as const;

/**
 * The payment flows bound to the /cart island's state: the payment API, the provider loaders and
 * the PhonePe bookkeeping. The island loads this only when the customer pays or comes back from
 * PhonePe, so a cart that is only looked at does not download them.
 */
export function paymentStep(dispatch: (event: CheckoutEvent) => void) {
  const context = browserCheckoutContext(dispatch);
  return {
    pay: (method: PaymentMethod) => FLOWS[method](context),
    verifyPhonePePayment: () => verifyStoredPhonePePayment(context),
  };
}

export type PaymentStep = ReturnType<typeof paymentStep>;
