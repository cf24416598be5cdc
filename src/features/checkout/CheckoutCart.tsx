import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import CartPage from '@/features/cart/CartPage';
import { $cart, $paymentMethod, type PaymentMethod } from '@/features/cart/public';
import { browserCheckoutContext } from './browser-checkout';
import { payWithPhonePe, payWithRazorpay, verifyStoredPhonePePayment } from './checkout-flows';
import { busyLabelOf, checkoutReducer, FAILURE_PANEL_MS, initialCheckoutState, PHONEPE_VERIFY_DELAY_MS } from './checkout-state';
import { PaymentPanels } from './PaymentPanels';
import { readPendingPayment } from './phonepe-transaction';

/** The /cart island: the cart with the payment step plugged into its proceed button. */
export default function CheckoutCart() {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const context = useMemo(() => browserCheckoutContext(dispatch), []);
  const hasLines = useStore($cart).items.length > 0;

  const proceed = useCallback(
    (method: PaymentMethod) => void (method === 'phonepe' ? payWithPhonePe(context) : payWithRazorpay(context)),
    [context],
  );

  // Back from PhonePe: give PhonePe a moment to settle, then ask our server.
  useEffect(() => {
    const pending = readPendingPayment(window.sessionStorage);
    if (!pending) return;
    // A retry after this verify should use the method the customer chose before leaving.
    $paymentMethod.set(pending.method);
    dispatch({ type: 'verify', method: 'phonepe' });
    const timer = setTimeout(() => void verifyStoredPhonePePayment(context), PHONEPE_VERIFY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [context]);

  useEffect(() => {
    if (state.status !== 'failed') return;
    const timer = setTimeout(() => dispatch({ type: 'failure-hidden' }), FAILURE_PANEL_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <CartPage onProceed={proceed} busyLabel={busyLabelOf(state)}>
      <PaymentPanels
        state={state}
        onRetry={hasLines ? () => proceed($paymentMethod.get()) : null}
        onCheckAgain={() => void verifyStoredPhonePePayment(context)}
      />
    </CartPage>
  );
}
