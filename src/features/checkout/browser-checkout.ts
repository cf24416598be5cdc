import { pagePathPrefix } from '../../lib/browser/page-text';
import { PUBLIC_RAZORPAY_CHECKOUT_URL, PUBLIC_RAZORPAY_KEY_ID } from 'astro:env/client';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { leavePlacedOrderNote } from '../../lib/placed-order-note';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { showToast } from '../../lib/browser/toast';
import { warmPageScripts } from '../../lib/browser/warm-page';
import { ORDER_PAGE_FILE } from '../../domain/payment-contract';
import { $cart, clearCart } from '../cart/public';
import { $deliveryStep, $whatsappUpdates } from '../delivery/public';
import type { CheckoutEvent } from './checkout-state';
import type { PhonePeContext, RazorpayContext } from './checkout-flows';
import { createPaymentApi } from './payment-api';
import { CART_PATH } from './phonepe-transaction';
import { loadRazorpay } from './razorpay-sdk';

/** A guest has no stored session, so a guest's checkout never downloads the Supabase client. */
async function currentSession() {
  if (!hasStoredSession()) return null;
  const { data } = await (await loadSupabase()).auth.getSession();
  return data.session;
}

/** The payment functions on this origin, as the signed-in customer when there is one. */
export const paymentApi = createPaymentApi({
  fetch: (input, init) => window.fetch(input, init),
  accessToken: async () => (await currentSession())?.access_token ?? null,
});

/** The real browser behind the payment flows: the cart store, the one toast, sessionStorage, the address bar. */
export function browserCheckoutContext(dispatch: (event: CheckoutEvent) => void): RazorpayContext & PhonePeContext {
  return {
    api: paymentApi,
    cart: () => $cart.get(),
    clearCart,
    dispatch,
    toast: showToast,
    email: async () => (await currentSession())?.user.email ?? null,
    delivery: () => {
      const { details } = $deliveryStep.get();
      if (!details) throw new Error('delivery details are checked before a payment starts');
      return $whatsappUpdates.get() ? { ...details, whatsappUpdates: true } : details;
    },
    // No pause on the cart (it was 1.5 s): the order page shows the same news with the order number,
    // and draws the order the reply carried without asking for it again.
    // The task only lets the placed panel paint once before the page goes.
    openOrder: (order, news) => {
      leavePlacedOrderNote(window.sessionStorage, { orderNumber: order.orderNumber, ...news, ...(order.record ? { record: order.record } : {}) });
      // The order page in the page's own language.
      setTimeout(() => window.location.assign(pagePathPrefix() + order.path), 0);
    },
    keyId: PUBLIC_RAZORPAY_KEY_ID,
    loadRazorpay: () => loadRazorpay(PUBLIC_RAZORPAY_CHECKOUT_URL),
    warmOrderPage: () => void warmPageScripts(ORDER_PAGE_FILE),
    // Read on use: the island is also rendered at build time, where there is no window.
    get storage() {
      return window.sessionStorage;
    },
    returnPath: CART_PATH,
    redirect: (url) => window.location.assign(url),
    now: () => Date.now(),
  };
}
