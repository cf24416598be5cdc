import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $cart, addToCart, quantityOf, setQuantity, type CartProduct } from './cart-store';

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

  const stepButton =
    'inline-flex h-full w-9 shrink-0 items-center justify-center text-lg font-semibold text-brand-700 hover:bg-brand-50';
  return (
    <div className={`${box} inline-flex items-center justify-between overflow-hidden rounded-md border border-brand-700`}>
      <button
        type="button"
        aria-label={`Decrease quantity of ${product.name}`}
        onClick={() => setQuantity(product.id, quantity - 1)}
        className={stepButton}
      >
        −
      </button>
      <span role="status" aria-label={`Quantity of ${product.name}: ${quantity}`} className="text-sm font-semibold">
        {quantity}
      </span>
      <button
        type="button"
        aria-label={`Increase quantity of ${product.name}`}
        onClick={() => setQuantity(product.id, quantity + 1)}
        className={stepButton}
      >
        +
      </button>
    </div>
  );
}
