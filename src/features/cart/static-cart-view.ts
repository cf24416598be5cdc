import { $cartStock, $goneProductIds, refreshCartOnArrival } from './cart-availability';
import {
  clickOnRelease,
  FIRST_SCREEN_ID,
  offeredMethodsIn,
  queueTapForIsland,
  SCREEN_DRAWING,
  takeEarlyTaps,
  tapKeyOf,
  unavailableMethodsIn,
} from './cart-first-screen';
import { $cart } from './cart-store';
import { redraw, TAP_KEY_ATTRIBUTE } from './view-tree';
import { isIslandTap, writeTap } from './cart-taps';
import type { PaymentMethod } from '../../domain/payment-methods';
import { $paymentMethod, type UnavailableMethods } from './payment-method';

/*
 * Runs the /cart page's first screen until React takes its place: the inline first paint
 * (cart-first-paint.ts) drew it from storage; this draws the same view from the stores, with the
 * drawing the first paint left (so /cart ships the view once before React), answers what is a
 * store write (quantity, Remove, Clear Cart, the payment method) itself, keeps the taps only React
 * can answer (cart-first-screen.ts), and redraws on every change, another tab's included. React
 * hydrates on the customer's first sign (client:interact="page") and replaces it without a flash.
 */

/** Draws (again) into the holder (redraw keeps an equal screen and the focus); a mouse press on a replaced control counts on its release. */
function draw(holder: HTMLElement, offered: readonly PaymentMethod[], unavailableMethods: UnavailableMethods): void {
  const drawScreen = window[SCREEN_DRAWING];
  if (!drawScreen) return;
  const state = {
    lines: $cart.get().items,
    gone: $goneProductIds.get(),
    stock: $cartStock.get(),
    // Signed links arrive only with an upload, which React makes: none before it.
    prescriptionLinks: {},
    method: $paymentMethod.get(),
    offered,
    unavailableMethods,
    busyLabel: null,
    paymentBlocked: false,
  };
  if (redraw(holder, drawScreen(state), TAP_KEY_ATTRIBUTE)) clickOnRelease(holder, holder);
}

function tap(key: string | null): void {
  if (key && !writeTap(key) && isIslandTap(key)) queueTapForIsland(key);
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
    if (event.target instanceof Element) tap(tapKeyOf(event.target.closest('button')));
  });
  holder.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement) tap(tapKeyOf(event.target));
  });
  const redraw = () => {
    if (holder.isConnected) draw(holder, offered, unavailableMethods);
    else for (const stop of stops) stop();
  };
  const stops = [$cart.listen(redraw), $goneProductIds.listen(redraw), $cartStock.listen(redraw), $paymentMethod.listen(redraw)];
  // Taps made on the first paint, before this script: made now, in order, on the same keys.
  for (const key of earlyTaps) tap(key);
  void refreshCartOnArrival();
}
