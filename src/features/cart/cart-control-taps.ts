import { readCartProduct } from '../../domain/stored-cart';
import type { CartProduct } from '../../domain/product';
import { $cart, addToCart, quantityOf, setQuantity } from './cart-store';
import { type AddToCartVariant, CART_ACTION_ATTRIBUTE, cartControlView } from './cart-control-markup';
import { redraw, toDom } from './view-tree';
import { pageText } from '../../lib/browser/page-text';
import { cartControl } from '../../domain/strings/english/cartControl';

/*
 * The product cart controls' drawing and taps while React does not own them, shared by the script
 * that runs them before React (static-cart-controls.ts) and by AddToCart, which brings them in line
 * as it hydrates. Apart from that script's start-up so that a product or list page's start script
 * can hold it (one file before the first tap, not two): this module sits with the cart store.
 */

export interface StaticControl {
  island: HTMLElement;
  product: CartProduct;
  variant: AddToCartVariant;
}

export function staticControlOf(element: Element): StaticControl | null {
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
  redraw(island, toDom(cartControlView(product, variant, quantityOf($cart.get(), product.id), pageText('cartControl', cartControl))), CART_ACTION_ATTRIBUTE);
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
