import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useState } from 'react';
import { cartLinesTotalPaise } from '../../domain/cart-total';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import CartPage from '../cart/CartPage';
import {
  $cart,
  $appliedCoupon,
  $paymentMethod,
  couponFor,
  PAYMENT_METHODS,
  askAgainForPrescriptions,
  cartSyncSettled,
  openPrescriptionDialog,
  refreshCartFromCatalogue,
  removeFromCart,
  type PaymentMethod,
} from '../cart/public';
import { $deliveryStep, showDeliveryErrors, unavailableMethodsOf } from '../delivery/public';
import { busyLabelOf, checkoutReducer, FAILURE_PANEL_MS, initialCheckoutState, PHONEPE_VERIFY_DELAY_MS } from './checkout-state';
import { PaymentPanels } from './PaymentPanels';
import type { PaymentStep } from './payment-step';
import { CART_PATH, readPendingPayment } from './phonepe-transaction';
import type { RefusalAction } from './refusal-action';

// The form and its schema load after the cart has painted.
const DeliveryStep = lazy(() => import('../delivery/DeliveryStep'));
// So does the coupon field (with the payment API it asks).
const CouponField = lazy(() => import('./CouponField'));

/** The /cart island: the cart with the delivery and payment steps plugged into its proceed button. */
export default function CheckoutCart() {
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckoutState);
  // The payment flows load on the first payment (or the return from PhonePe), once.
  const paymentStep = useMemo(() => {
    let step: Promise<PaymentStep> | undefined;
    return () => (step ??= import('./payment-step').then(({ paymentStep }) => paymentStep(dispatch)));
  }, []);
  const lines = useStore($cart).items;
  const hasLines = lines.length > 0;
  const delivery = useStore($deliveryStep);
  // The cash-on-delivery limit is checked on what the customer will pay: after a quoted coupon.
  const coupon = couponFor(lines, useStore($appliedCoupon));
  // Read after hydration: the island is also rendered at build time, where there is no session.
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => setSignedIn(hasStoredSession()), []);

  const proceed = useCallback(
    (method: PaymentMethod) =>
      void (async () => {
        if (!$deliveryStep.get().details) {
          showDeliveryErrors();
          return;
        }
        // Just signed in: the guest prescriptions may still be moving to the account; pay with where they end up.
        if (hasStoredSession()) await cartSyncSettled();
        await (await paymentStep()).pay(method);
      })(),
    [paymentStep],
  );

  // The chosen method became unavailable for this order: back to the first one that is not.
  useEffect(() => {
    const unavailable = unavailableMethodsOf(delivery);
    if (!unavailable[$paymentMethod.get()]) return;
    const usable = PAYMENT_METHODS.find((method) => !unavailable[method.value]);
    if (usable) $paymentMethod.set(usable.value);
  }, [delivery]);

  const deliveryStep = (
    <Suspense fallback={null}>
      <CouponField />
      <DeliveryStep
        signedIn={signedIn}
        codLines={lines.map((line) => ({ name: line.product.name, codAvailable: line.product.cod_available ?? true }))}
        totalPaise={cartLinesTotalPaise(lines) - (coupon?.discountPaise ?? 0)}
      />
    </Suspense>
  );

  // Back from PhonePe: give PhonePe a moment to settle, then ask our server.
  useEffect(() => {
    const pending = readPendingPayment(window.sessionStorage, CART_PATH);
    if (!pending) return;
    // A retry after this verify should use the method the customer chose before leaving.
    $paymentMethod.set(pending.method);
    dispatch({ type: 'verify', method: pending.method });
    const step = paymentStep();
    const timer = setTimeout(() => void step.then(({ verifyPhonePePayment }) => verifyPhonePePayment()), PHONEPE_VERIFY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [paymentStep]);

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
    <CartPage
      onProceed={proceed}
      busyLabel={busyLabelOf(state)}
      deliveryStep={deliveryStep}
      unavailableMethods={unavailableMethodsOf(delivery)}
      paymentBlocked={delivery.check?.serviceable === false}
    >
      <PaymentPanels
        state={state}
        onRetry={hasLines ? () => proceed($paymentMethod.get()) : null}
        onCheckAgain={() => void paymentStep().then(({ verifyPhonePePayment }) => verifyPhonePePayment())}
        onAction={act}
      />
    </CartPage>
  );
}
