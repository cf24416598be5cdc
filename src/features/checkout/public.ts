/**
 * What other features use of the checkout in the browser: the payment flows and their state, so a
 * prescription request is paid by the same code as /cart (PaymentPanels is a component of its own).
 */
export { browserCheckoutContext, paymentApi } from './browser-checkout';
export { type CheckoutContext, type RazorpayContext, verifyStoredPhonePePayment } from './checkout-flows';
export { readPendingPayment } from './phonepe-transaction';
export { BROWSER_PAYMENT_ADAPTERS, type BrowserPaymentContext } from './browser-payment-adapters';
export { busyLabelOf, checkoutReducer, initialCheckoutState, PHONEPE_VERIFY_DELAY_MS, type CheckoutEvent } from './checkout-state';
