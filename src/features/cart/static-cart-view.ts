import { $prescriptionLinks } from '@/features/prescriptions/public';
import { $goneProductIds, refreshCartOnArrival } from './cart-availability';
import { elementAt, FIRST_SCREEN_ID, offeredMethodsIn, pathOf, queueTapForIsland, takeEarlyTaps, unavailableMethodsIn } from './cart-first-screen';
import { cartScreen, type CartScreenActions, tapActionOf } from './cart-screen-dom';
import { $cart, clearCart, removeFromCart, setQuantity } from './cart-store';
import { PAYMENT_RADIO_NAME } from './cart-view-markup';
import type { PaymentMethod } from '@/domain/payment-methods';
import { $paymentMethod, PAYMENT_METHODS, type UnavailableMethods } from './payment-method';

/*
 * Runs the /cart page's first screen until React takes its place: the inline first paint
 * (cart-first-paint.ts) drew it from storage; this draws the same DOM from the stores, answers what
 * is a store write (quantity, Remove, Clear Cart, the payment method) itself, keeps the taps only
 * React can answer (cart-first-screen.ts), and redraws on every change, another tab's included.
 * React hydrates on the customer's first sign (client:interact="page") and replaces it without a flash.
 */

const STORE_ACTIONS: CartScreenActions = { setQuantity, remove: removeFromCart, clear: clearCart };

/** Draws (again) into the holder, keeping the focus on the element in the same place. */
function draw(holder: HTMLElement, offered: readonly PaymentMethod[], unavailableMethods: UnavailableMethods): void {
  const focused = document.activeElement;
  const focusPath = focused && holder.contains(focused) ? pathOf(holder, focused) : null;
  const state = {
    lines: $cart.get().items,
    gone: $goneProductIds.get(),
    prescriptionLinks: $prescriptionLinks.get(),
    method: $paymentMethod.get(),
    offered,
    unavailableMethods,
  };
  holder.replaceChildren(cartScreen(state, STORE_ACTIONS));
  if (focusPath) elementAt(holder, focusPath)?.focus({ preventScroll: true });
}

function tap(target: Element): void {
  const tapped = tapActionOf(target);
  if (!tapped) return;
  if (tapped.action) tapped.action();
  else queueTapForIsland(tapped.element);
}

/** Takes over the first screen in the page's holder; it stops by itself once React has taken its place. */
export function startFirstScreen(): void {
  const holder = document.getElementById(FIRST_SCREEN_ID);
  if (!holder) return;
  const unavailableMethods = unavailableMethodsIn(holder);
  // The build's methods, from the page (reading the build's config here would cost /cart a script file).
  const offered = offeredMethodsIn(holder);
  if (!offered.includes($paymentMethod.get())) $paymentMethod.set(offered[0]!);
  const earlyTaps = takeEarlyTaps(holder);
  draw(holder, offered, unavailableMethods);
  holder.addEventListener('click', (event) => {
    if (event.target instanceof Element) tap(event.target);
  });
  holder.addEventListener('change', (event) => {
    const radio = event.target;
    const method = radio instanceof HTMLInputElement && radio.name === PAYMENT_RADIO_NAME ? PAYMENT_METHODS.find((option) => option.value === radio.value) : undefined;
    if (method) $paymentMethod.set(method.value);
  });
  const redraw = () => {
    if (holder.isConnected) draw(holder, offered, unavailableMethods);
    else for (const stop of stops) stop();
  };
  const stops = [$cart.listen(redraw), $goneProductIds.listen(redraw), $prescriptionLinks.listen(redraw)];
  // Taps made on the first paint, before this script: made now, in order, on the same places.
  for (const path of earlyTaps) {
    const target = elementAt(holder, path);
    if (target) tap(target);
  }
  void refreshCartOnArrival();
}
