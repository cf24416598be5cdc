import { FIRST_TAP_QUEUE, type FirstTapQueue } from './first-tap-queue';
import { $cart, cartLineCount } from './cart-store';
import { showLineCount } from './badge-count';
import { CART_ACTION_ATTRIBUTE } from './cart-control-markup';
import { actOnControl, drawStaticControls, staticControlOf } from './cart-control-taps';

/*
 * Runs the product cart controls before React has loaded (product pages and lists ship no React
 * until the customer's first interaction): it draws AddToCart's own view (cartControlView) on the
 * same cart store (cart-control-taps.ts). A control is ours while its island still carries Astro's
 * `ssr` attribute; from hydration on, React owns it and this script leaves it alone, so no tap is
 * handled twice.
 */

/** A tap on a control React does not own yet. */
function act(target: Element): void {
  const control = staticControlOf(target);
  if (control) actOnControl(target.getAttribute(CART_ACTION_ATTRIBUTE), control.product);
}

declare global {
  interface Window {
    [FIRST_TAP_QUEUE]?: FirstTapQueue;
  }
}

if (typeof document !== 'undefined') {
  $cart.subscribe(drawStaticControls);
  $cart.subscribe((cart) => showLineCount(cartLineCount(cart)));
  // Taps caught by the inline queue before this script arrived count now, in order; later ones
  // come straight here.
  const queued = window[FIRST_TAP_QUEUE];
  window[FIRST_TAP_QUEUE] = { push: act };
  if (Array.isArray(queued)) queued.forEach((target: Element) => act(target));
}
