import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useReducer } from 'react';
import { hasStoredSession } from '@/lib/auth-storage';
import CartPage from '@/features/cart/CartPage';
import {
  $cart,
  $paymentMethod,
  askAgainForPrescriptions,
  cartSyncSettled,
  openPrescriptionDialog,
  refreshCartFromCatalogue,
  removeFromCart,
  type PaymentMethod,
} from '@/features/cart/public';
import { browserCheckoutContext } from './browser-checkout';
import { payWithPhonePe, payWithRazorpay, verifyStoredPhonePePayment } from './checkout-flows';
import { busyLabelOf, checkoutReducer, FAILURE_PANEL_MS, initialCheckoutState, PHONEPE_VERIFY_DELAY_MS } from './checkout-state';
import { PaymentPanels } from './PaymentPanels';
import { readPendingPayment } from './phonepe-transaction';
import type { RefusalAction } from './refusal-action';

/** The /cart island: the cart with the payment step plugged into its proceed button. */
export default function CheckoutCart() {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const context = useMemo(() => browserCheckoutContext(dispatch), []);
  const hasLines = useStore($cart).items.length > 0;

  const proceed = useCallback(
    (method: PaymentMethod) =>
      void (async () => {
        // Just signed in: the guest prescriptions may still be moving to the account; pay with where they end up.
        if (hasStoredSession()) await cartSyncSettled();
        await (method === 'phonepe' ? payWithPhonePe(context) : payWithRazorpay(context));
      })(),
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

  // A refused prescription is no longer attached: the cart asks for it again.
  useEffect(() => {
    if (state.status === 'failed' && state.action?.kind === 'upload-prescription') askAgainForPrescriptions();
  }, [state]);

  const act = useCallback((action: RefusalAction) => {
    dispatch({ type: 'failure-hidden' });
    if (action.kind === 'remove-line') removeFromCart(action.productId);
    else if (action.kind === 'refresh-total') void refreshCartFromCatalogue();
    else openPrescriptionDialog();
  }, []);

  useEffect(() => {
    // A refusal with an action stays until the customer acts on it.
    if (state.status !== 'failed' || state.action) return;
    const timer = setTimeout(() => dispatch({ type: 'failure-hidden' }), FAILURE_PANEL_MS);
    return () => clearTimeout(timer);
  }, [state]);

  return (
    <CartPage onProceed={proceed} busyLabel={busyLabelOf(state)}>
      <PaymentPanels
        state={state}
        onRetry={hasLines ? () => proceed($paymentMethod.get()) : null}
        onCheckAgain={() => void verifyStoredPhonePePayment(context)}
        onAction={act}
      />
    </CartPage>
  );
}
