import { CART_STORAGE_KEY, decodeCart } from '@/domain/stored-cart';
import { FIRST_SCREEN_ID, keepEarlyTaps, offeredMethodsIn, unavailableMethodsIn } from './cart-first-screen';
import { cartScreen, type CartScreenActions } from './cart-screen-dom';

/*
 * Inline in /cart right after the holder, run as the page is parsed: draws the stored cart before
 * the browser first paints, so the lines are there at once and nothing moves when scripts arrive.
 * Built into one classic script at build (first-paint-integration.ts); static-cart-view.ts then
 * draws the same screen with its controls working and makes again any tap made in between.
 */

// Nothing answers a tap yet: keepEarlyTaps keeps it for static-cart-view.ts.
const PAINT_ONLY: CartScreenActions = { setQuantity: () => {}, remove: () => {}, clear: () => {} };

const holder = document.getElementById(FIRST_SCREEN_ID);
if (holder) {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    // Storage refused (a privacy mode): the cart is empty, as the cart store will find it.
  }
  const unavailableMethods = unavailableMethodsIn(holder);
  const offered = offeredMethodsIn(holder);
  holder.replaceChildren(
    cartScreen({ lines: decodeCart(stored).items, gone: new Set(), prescriptionLinks: {}, method: offered[0]!, offered, unavailableMethods }, PAINT_ONLY),
  );
  keepEarlyTaps(holder);
}
