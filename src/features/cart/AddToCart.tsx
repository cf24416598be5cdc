import { useStore } from '@nanostores/react';
import { $cart, addToCart, type CartProduct, quantityOf, setQuantity } from './cart-store';
import { ADD_BUTTON_CLASS, ADD_LABEL, type AddToCartVariant, CART_CONTROL_BOX, limitHintId } from './cart-control-markup';
import { QuantityStepper } from './QuantityStepper';
// Runs first: brings every control still drawn by the static script in line with the stored
// cart, so React hydrates exactly the markup the customer sees.
import { drawStaticControls } from './static-cart-controls';

export { CART_CONTROL_BOX, type AddToCartVariant } from './cart-control-markup';

interface Props {
  product: CartProduct;
  variant: AddToCartVariant;
}

drawStaticControls();

/**
 * 'Add' until the product is in the cart, then minus / quantity / plus; minus at 1 removes the line.
 * It hydrates on the customer's first interaction (client:interact): until then
 * static-cart-controls.ts runs the same markup on the same store, so its first render is the
 * stored quantity the page already shows.
 */
export default function AddToCart({ product, variant }: Props) {
  const quantity = quantityOf(useStore($cart), product.id);
  const box = CART_CONTROL_BOX[variant];

  if (quantity === 0) {
    return (
      <button type="button" data-cart-action="add" onClick={() => addToCart(product)} className={`${box} ${ADD_BUTTON_CLASS}`}>
        {ADD_LABEL[variant]}
      </button>
    );
  }

  return (
    <QuantityStepper
      productName={product.name}
      quantity={quantity}
      onChange={(next) => setQuantity(product.id, next)}
      className={box}
      quantityInName
      hintId={limitHintId(variant, product.id)}
    />
  );
}
