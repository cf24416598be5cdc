import { useEffect, useMemo, useReducer } from 'react';
import { browserCheckoutContext, checkoutReducer, initialCheckoutState, PHONEPE_VERIFY_DELAY_MS, readPendingPayment, verifyStoredPhonePePayment } from '../checkout/public';
import { PaymentPanels } from '../checkout/PaymentPanels';

/**
 * Back from PhonePe on the request page the payment started on: as on /cart, PhonePe gets the spec's
 * 2 s to settle before our server is asked; a paid one opens its order. The shopping cart is not what
 * was paid for here, so it is never touched. `onSettled` tells the page the proposal may be paid again.
 */
export default function PhonePeReturn({ returnPath, onSettled }: { returnPath: string; onSettled(): void }) {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  const context = useMemo(() => ({ ...browserCheckoutContext(dispatch), clearCart: () => {}, returnPath }), [returnPath]);

  useEffect(() => {
    const pending = readPendingPayment(window.sessionStorage, returnPath);
    if (!pending) return;
    dispatch({ type: 'verify', method: pending.method });
    const timer = setTimeout(() => void verifyStoredPhonePePayment(context), PHONEPE_VERIFY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [context, returnPath]);

  useEffect(() => {
    if (state.status === 'failed') onSettled();
  }, [state.status, onSettled]);

  return <PaymentPanels state={state} onRetry={null} onCheckAgain={() => void verifyStoredPhonePePayment(context)} onAction={() => window.location.reload()} />;
}
