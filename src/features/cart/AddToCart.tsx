import { useStore } from '@nanostores/react';
import { $cart, type CartProduct, quantityOf } from './cart-store';
import { type AddToCartVariant, type CartControlText, cartControlView } from './cart-control-markup';
import { pageText } from '../../lib/browser/page-text';
import { cartControl } from '../../domain/strings/english/cartControl';
import { toReact } from './view-react';
import { actOnControl, drawStaticControls } from './cart-control-taps';

export { CART_CONTROL_BOX, type AddToCartVariant } from './cart-control-markup';

interface Props {
  product: CartProduct;
  variant: AddToCartVariant;
  /** Given on a page in another language than the default, for the drawing at build time; the browser reads the page's. */
  text?: CartControlText;
}

// Runs first: brings every control still drawn by the static script in line with the stored
// cart, so React hydrates exactly the markup the customer sees.
drawStaticControls();

/**
 * 'Add' until the product is in the cart, then minus / quantity / plus; minus at 1 removes the line.
 * It hydrates on the customer's first interaction (client:interact): until then
 * static-cart-controls.ts draws the same view (cartControlView) on the same store, so its first
 * render is the stored quantity the page already shows.
 */
export default function AddToCart({ product, variant, text }: Props) {
  const quantity = quantityOf(useStore($cart), product.id);
  return toReact(cartControlView(product, variant, quantity, text ?? pageText('cartControl', cartControl)), { onTap: (action) => actOnControl(action, product) });
}
