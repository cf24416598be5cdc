// @vitest-environment happy-dom
import { useTestStorageEngine } from '@nanostores/persistent';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { paracetamol } from './cart-products.fixture';
import { type AddToCartVariant, cartControlView } from './cart-control-markup';
import { toDom } from './view-tree';

/*
 * A product's cart control is one view: static-cart-controls.ts draws it with the DOM until React
 * hydrates AddToCart over it, and React's hydration needs exactly the elements already there.
 */

useTestStorageEngine();
const { $cart, clearCart, setQuantity, addToCart } = await import('./cart-store');
const { default: AddToCart } = await import('./AddToCart');

beforeEach(() => clearCart());

function withQuantity(quantity: number): void {
  if (quantity > 0) {
    addToCart(paracetamol);
    setQuantity(paracetamol.id, quantity);
  }
}

describe('the product cart control drawn before React and by React', () => {
  for (const variant of ['card', 'detail'] satisfies AddToCartVariant[]) {
    for (const quantity of [0, 1, 20]) {
      it(`is the same markup for the ${variant} control at quantity ${quantity}`, () => {
        withQuantity(quantity);
        expect($cart.get().items.length).toBe(quantity > 0 ? 1 : 0);
        const box = document.createElement('div');
        box.innerHTML = renderToStaticMarkup(<AddToCart product={paracetamol} variant={variant} />);
        expect(box.firstElementChild!.isEqualNode(toDom(cartControlView(paracetamol, variant, quantity)))).toBe(true);
      });
    }
  }
});
