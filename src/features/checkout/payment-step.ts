import type { PaymentMethod } from '../cart/public';
import { browserCheckoutContext } from './browser-checkout';
import { BROWSER_PAYMENT_ADAPTERS } from './browser-payment-adapters';
import { verifyStoredPhonePePayment } from './checkout-flows';
import type { CheckoutEvent } from './checkout-state';

/**
 * The payment flows bound to the /cart island's state: the payment API, the provider loaders and
 * the PhonePe bookkeeping. The island loads this only when the customer pays or comes back from
 * PhonePe, so a cart that is only looked at does not download them.
 */
export function paymentStep(dispatch: (event: CheckoutEvent) => void) {
  const context = browserCheckoutContext(dispatch);
  return {
    pay: (method: PaymentMethod) => BROWSER_PAYMENT_ADAPTERS[method].pay(context),
    verifyPhonePePayment: () => verifyStoredPhonePePayment(context),
  };
}

export type PaymentStep = ReturnType<typeof paymentStep>;
