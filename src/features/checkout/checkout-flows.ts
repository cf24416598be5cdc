import type { CartState } from '../../domain/cart-line';
import type { DeliveryDetailsInput } from '../../domain/payment-contract';
import type { ToastKind } from '../../lib/browser/toast';
import { rupeesText } from '../../domain/money';
import type { CheckoutEvent } from './checkout-state';
import { BRAND_NAME, CHECKOUT_THEME_COLOR, ORDER_DESCRIPTION, words } from './checkout-strings';
import { checkoutRequest, type PaymentApi, PaymentApiError, type PlacedOrder } from './payment-api';
import { phonePeOutcome } from './phonepe-outcome';
import { clearPendingPayment, newMerchantTransactionId, readPendingPayment, storePendingPayment } from './phonepe-transaction';
import { refusalActionOf } from './refusal-action';
import type { RazorpayConstructor, RazorpayOptions } from './razorpay-sdk';

/** Everything a payment flow touches outside itself, so the flows are plain functions to test. */
export interface CheckoutContext {
  api: PaymentApi;
  cart(): CartState;
  clearCart(): void;
  dispatch(event: CheckoutEvent): void;
  toast(kind: ToastKind, message: string): void;
  /** The signed-in customer's email for the checkout's prefill, if any. */
  email(): Promise<string | null>;
  /** The delivery details the order goes to (checked complete before a flow starts). */
  delivery(): DeliveryDetailsInput;
  /** Takes the customer to the order's page at once when it is paid or placed, with the news to show there. */
  openOrder(order: PlacedOrder, news: { message: string; toast: string }): void;
}

export interface RazorpayContext extends CheckoutContext {
  keyId: string;
  loadRazorpay(): Promise<RazorpayConstructor>;
  /** While the customer pays in Razorpay's window, fetches what the order page needs, so it draws as soon as it opens. */
  warmOrderPage(): void;
}

export interface PhonePeContext extends CheckoutContext {
  storage: Storage;
  /** The page paying: PhonePe's return trip comes back to it, and only it verifies the payment. */
  returnPath: string;
  redirect(url: string): void;
  now(): number;
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : words().paymentFailedTryAgain;
}

function fail(context: CheckoutContext, error: unknown, toast?: string): void {
  console.error('Payment failed', error);
  const reason = reasonOf(error);
  // A refusal the customer can put right comes with its action instead of a retry.
  const action = error instanceof PaymentApiError ? refusalActionOf(error.status, error.message, context.cart().items) : null;
  context.dispatch(action ? { type: 'failed', reason, action } : { type: 'failed', reason });
  context.toast('error', toast ?? reason);
}

/** The checkout's options: the spec's name, description, dark green theme, notes, retry and modal rules. */
export function razorpayOptions(
  order: { id: string; amount: number; currency: string },
  context: { keyId: string; itemCount: number; totalPaise: number; email: string | null },
  callbacks: Pick<RazorpayOptions, 'handler'> & { ondismiss(): void },
): RazorpayOptions {
  return {
    key: context.keyId,
    amount: order.amount,
    currency: order.currency,
    name: BRAND_NAME,
    description: ORDER_DESCRIPTION,
    order_id: order.id,
    handler: callbacks.handler,
    notes: { item_count: context.itemCount, total: rupeesText(context.totalPaise) },
    prefill: context.email ? { email: context.email } : {},
    theme: { color: CHECKOUT_THEME_COLOR },
    retry: { enabled: true, max_count: 3 },
    modal: { escape: false, backdropclose: false, ondismiss: callbacks.ondismiss },
  };
}

/** Razorpay: load the script, create a fresh order, open the checkout; the cart empties only once verified. */
export async function payWithRazorpay(context: RazorpayContext): Promise<void> {
  context.dispatch({ type: 'start', method: 'razorpay' });
  let Razorpay: RazorpayConstructor;
  try {
    Razorpay = await context.loadRazorpay();
  } catch (error) {
    fail(context, error);
    return;
  }
  const request = checkoutRequest(context.cart(), context.delivery());
  let order: Awaited<ReturnType<PaymentApi['createRazorpayOrder']>>;
  try {
    order = await context.api.createRazorpayOrder(request);
  } catch (error) {
    fail(context, error, words().createOrderToast);
    return;
  }
  const itemCount = request.lines.reduce((sum, line) => sum + line.quantity, 0);
  const options = razorpayOptions(
    order,
    { keyId: context.keyId, itemCount, totalPaise: request.amount, email: await context.email() },
    {
      handler: (confirmation) => {
        context.dispatch({ type: 'verify', method: 'razorpay' });
        context.api.verifyRazorpayPayment(confirmation).then(
          (placed) => {
            context.clearCart();
            context.dispatch({ type: 'placed', message: words().orderPlaced });
            context.toast('success', words().orderPlacedToast);
            context.openOrder(placed, { message: words().orderPlaced, toast: words().orderPlacedToast });
          },
          (error: unknown) => fail(context, error, words().verifyToast),
        );
      },
      ondismiss: () => {
        context.dispatch({ type: 'failed', reason: words().paymentWasCancelled });
        context.toast('info', words().paymentCancelledToast);
      },
    },
  );
  try {
    const checkout = new Razorpay(options);
    checkout.on('payment.failed', (failure) => {
      const reason = failure.error?.description || words().paymentFailed;
      context.dispatch({ type: 'failed', reason });
      context.toast('error', reason);
    });
    checkout.open();
    context.warmOrderPage();
  } catch (error) {
    fail(context, error);
  }
}

/** PhonePe: create the payment, remember it for the return trip, and leave for PhonePe's page. */
export async function payWithPhonePe(context: PhonePeContext): Promise<void> {
  context.dispatch({ type: 'start', method: 'phonepe' });
  const request = checkoutRequest(context.cart(), context.delivery());
  const merchantTransactionId = newMerchantTransactionId(context.now());
  try {
    const reply = await context.api.createPhonePePayment(request, merchantTransactionId);
    storePendingPayment(context.storage, { merchantTransactionId, totalPaise: request.amount, method: 'phonepe', returnPath: context.returnPath });
    context.redirect(reply.data.instrumentResponse.redirectInfo.url);
  } catch (error) {
    fail(context, error, words().phonePeCreateToast);
  }
}

/**
 * Verifies the PhonePe payment stored by this page (context.returnPath). Verified empties the cart;
 * a final answer forgets the stored payment; a pending one or an unanswered call keeps it, so it can
 * be checked again.
 */
export async function verifyStoredPhonePePayment(context: PhonePeContext): Promise<void> {
  const pending = readPendingPayment(context.storage, context.returnPath);
  if (!pending) {
    context.dispatch({ type: 'failed', reason: words().noTransactionId });
    return;
  }
  context.dispatch({ type: 'verify', method: 'phonepe' });
  let outcome: ReturnType<typeof phonePeOutcome>;
  let placed: PlacedOrder | null;
  try {
    const reply = await context.api.verifyPhonePePayment(pending.merchantTransactionId);
    outcome = phonePeOutcome(reply);
    placed = reply.order;
  } catch (error) {
    // A 4xx is the server's final word on this transaction (e.g. unknown); anything else may pass.
    if (error instanceof PaymentApiError && error.status !== null && error.status < 500) clearPendingPayment(context.storage);
    fail(context, error);
    return;
  }
  if (outcome.final) clearPendingPayment(context.storage);
  if (outcome.kind === 'verified') {
    context.clearCart();
    context.dispatch({ type: 'placed', message: outcome.message });
    context.toast('success', outcome.message);
    if (placed) context.openOrder(placed, { message: outcome.message, toast: outcome.message });
  } else if (outcome.kind === 'pending') {
    context.dispatch({ type: 'pending', message: outcome.message });
    context.toast('info', outcome.message);
  } else {
    context.dispatch({ type: 'failed', reason: outcome.message });
    context.toast('error', outcome.message);
  }
}

/** Cash on delivery: the server places the order at once; nothing is paid online. */
export async function payWithCod(context: CheckoutContext): Promise<void> {
  context.dispatch({ type: 'start', method: 'cod' });
  try {
    const placed = await context.api.createCodOrder(checkoutRequest(context.cart(), context.delivery()));
    context.clearCart();
    context.dispatch({ type: 'placed', message: words().codOrderPlaced });
    context.toast('success', words().codOrderPlaced);
    context.openOrder(placed, { message: words().codOrderPlaced, toast: words().codOrderPlaced });
  } catch (error) {
    fail(context, error, words().codCreateToast);
  }
}
