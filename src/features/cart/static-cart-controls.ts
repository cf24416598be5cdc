import { readCartProduct } from '../../domain/stored-cart';
import type { CartProduct } from '../../domain/product';
import { $cart, addToCart, quantityOf, setQuantity } from './cart-store';
import { type AddToCartVariant, CART_ACTION_ATTRIBUTE, cartControlView } from './cart-control-markup';
import { FIRST_TAP_QUEUE, type FirstTapQueue } from './first-tap-queue';
import { toDom } from './view-tree';
import { pageText } from '../../lib/browser/page-text';
import { cartControl } from '../../domain/strings/english/cartControl';

/*
 * Runs the product cart controls before React has loaded (product pages and lists ship no React
 * until the customer's first interaction): it draws AddToCart's own view (cartControlView) on the
 * same cart store. A control is ours while its island still carries Astro's `ssr` attribute; from
 * hydration on, React owns it and this script leaves it alone, so no tap is handled twice.
 */

interface StaticControl {
  island: HTMLElement;
  product: CartProduct;
  variant: AddToCartVariant;
}

function staticControlOf(element: Element): StaticControl | null {
  const wrapper = element.closest<HTMLElement>('[data-cart-control]');
  const island = wrapper?.querySelector<HTMLElement>('astro-island[ssr]');
  if (!wrapper || !island || !island.contains(element)) return null;
  let product: CartProduct | null = null;
  try {
    product = readCartProduct(JSON.parse(wrapper.dataset.product ?? 'null'));
  } catch {
    return null;
  }
  const variant = wrapper.dataset.variant === 'detail' ? 'detail' : 'card';
  return product ? { island, product, variant } : null;
}

/** Draws the control for the stored quantity; a focused button keeps the focus, as it does under React. */
function draw({ island, product, variant }: StaticControl): void {
  const drawn = toDom(cartControlView(product, variant, quantityOf($cart.get(), product.id), pageText('cartControl', cartControl)));
  if (island.firstElementChild?.outerHTML === drawn.outerHTML) return;
  const focused = document.activeElement;
  const focusedAction = focused && island.contains(focused) ? focused.getAttribute(CART_ACTION_ATTRIBUTE) : null;
  island.replaceChildren(drawn);
  if (focusedAction) island.querySelector<HTMLElement>(`[${CART_ACTION_ATTRIBUTE}="${focusedAction}"]`)?.focus();
}

/** Draws every control React does not own yet from the stored cart. */
export function drawStaticControls(): void {
  if (typeof document === 'undefined') return;
  for (const wrapper of document.querySelectorAll('[data-cart-control]')) {
    const island = wrapper.querySelector('astro-island[ssr]');
    const control = island && staticControlOf(island);
    if (control) draw(control);
  }
}

/** What a tap on a product control's button does, before React and under it (AddToCart). */
export function actOnControl(action: string | null, product: CartProduct): void {
  const quantity = quantityOf($cart.get(), product.id);
  if (action === 'add') addToCart(product);
  else if (action === 'increase') setQuantity(product.id, quantity + 1);
  else if (action === 'decrease') setQuantity(product.id, quantity - 1);
}

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
  // Taps caught by the inline queue before this script arrived count now, in order; later ones
  // come straight here.
  const queued = window[FIRST_TAP_QUEUE];
  window[FIRST_TAP_QUEUE] = { push: act };
  if (Array.isArray(queued)) queued.forEach((target: Element) => act(target));
}
