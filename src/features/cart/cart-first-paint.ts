import { CART_STORAGE_KEY, decodeCart } from '../../domain/stored-cart';
import { cartScreenView } from './cart-screen-view';
import { FIRST_SCREEN_ID, keepEarlyTaps, keepMousePress, offeredMethodsIn, SCREEN_DRAWING, type ScreenDrawing, unavailableMethodsIn } from './cart-first-screen';
import { showFallbackImage, toDom } from './view-tree';

/*
 * Inline in /cart right after the holder, run as the page is parsed: draws the stored cart before
 * the browser first paints, so the lines are there at once and nothing moves when scripts arrive.
 * Built into one classic script at build (first-paint-integration.ts); it leaves its drawing for
 * static-cart-view.ts, which then draws the same screen from the stores with its controls working
 * and makes again any tap made in between.
 */

const drawScreen: ScreenDrawing = (state) => toDom(cartScreenView(state));
window[SCREEN_DRAWING] = drawScreen;

const holder = document.getElementById(FIRST_SCREEN_ID);
if (holder) {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage refused (a privacy mode): the cart is empty, as the cart store will find it.
  }
  const offered = offeredMethodsIn(holder);
  holder.replaceChildren(
    drawScreen({
      lines: decodeCart(stored).items,
      gone: new Set(),
      prescriptionLinks: {},
      method: offered[0]!,
      offered,
      unavailableMethods: unavailableMethodsIn(holder),
      busyLabel: null,
      paymentBlocked: false,
    }),
  );
  // An image's `error` does not bubble: caught on its way down, for every drawing the holder gets.
  holder.addEventListener('error', showFallbackImage, true);
  keepEarlyTaps(holder);
  keepMousePress(holder);
}
