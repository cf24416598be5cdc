import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $cart, addToCart, type CartProduct, quantityOf, setQuantity } from './cart-store';
import { QuantityStepper } from './QuantityStepper';

export type AddToCartVariant = 'card' | 'detail';

/** Both states of the control share one box per variant, so hydrating it never shifts the page. */
export const CART_CONTROL_BOX: Record<AddToCartVariant, string> = {
  card: 'h-9 w-28',
  detail: 'h-12 w-full sm:w-56',
};

const ADD_LABEL: Record<AddToCartVariant, string> = { card: 'Add', detail: 'Add to Cart' };

interface Props {
  product: CartProduct;
  variant: AddToCartVariant;
}

/** 'Add' until the product is in the cart, then minus / quantity / plus; minus at 1 removes the line. */
export default function AddToCart({ product, variant }: Props) {
  const cart = useStore($cart);
  // The prebuilt HTML knows no cart; showing the stored quantity only after hydration keeps the
  // first client render identical to it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const quantity = hydrated ? quantityOf(cart, product.id) : 0;
  const box = CART_CONTROL_BOX[variant];

  if (quantity === 0) {
    return (
      <button
        type="button"
        onClick={() => addToCart(product)}
        className={`${box} inline-flex items-center justify-center rounded-md bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800`}
      >
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
    />
  );
}
