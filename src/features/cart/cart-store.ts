import { persistentAtom } from '@nanostores/persistent';
import { clampQuantity, type CartLine, type CartState } from '../../domain/cart-line';
import { toCartProduct, type CartProduct } from '../../domain/cart-product';
import { CART_STORAGE_KEY, decodeCart, emptyCart, encodeCart } from '../../domain/stored-cart';

export type { CartLine, CartState } from '../../domain/cart-line';
export type { CartProduct } from '../../domain/product';
export { MAX_QUANTITY_PER_LINE } from '../../domain/cart-line';

export { MAX_QUANTITY_HINT } from './cart-control-markup';

export const $cart = persistentAtom<CartState>(
  CART_STORAGE_KEY,
  emptyCart(),
  { encode: encodeCart, decode: decodeCart },
);

/** Number of distinct cart lines: what the header badge shows. */
export const cartLineCount = (cart: CartState): number => cart.items.length;

function update(change: (items: CartLine[]) => CartLine[]): void {
  const current = $cart.get();
  $cart.set({ items: change(current.items), sessionId: current.sessionId });
}

/** Adds one: increments the line (never past the limit) if the product is present, otherwise appends it at quantity 1. */
export function addToCart(product: CartProduct): void {
  update((items) => {
    if (items.some((line) => line.product.id === product.id)) {
      return items.map((line) => (line.product.id === product.id ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line));
    }
    return [
      ...items,
      {
        product: toCartProduct(product),
        quantity: 1,
        prescriptionAccepted: !product.requires_prescription,
        prescriptionFileUrl: null,
      },
    ];
  });
}

/** Sets a line's quantity, at most the limit; 0 or less removes the line. */
export function setQuantity(productId: number, quantity: number): void {
  if (quantity <= 0) {
    removeFromCart(productId);
    return;
  }
  const whole = clampQuantity(Math.floor(quantity));
  update((items) => items.map((line) => (line.product.id === productId ? { ...line, quantity: whole } : line)));
}

export function removeFromCart(productId: number): void {
  update((items) => items.filter((line) => line.product.id !== productId));
}

/** Empties the cart and starts a new cart session (a new guest prescription folder). */
export function clearCart(): void {
  $cart.set(emptyCart());
}

export function setPrescription(productId: number, accepted: boolean, fileUrl: string | null = null): void {
  update((items) =>
    items.map((line) =>
      line.product.id === productId ? { ...line, prescriptionAccepted: accepted, prescriptionFileUrl: fileUrl } : line,
    ),
  );
}

export function quantityOf(cart: CartState, productId: number): number {
  return cart.items.find((line) => line.product.id === productId)?.quantity ?? 0;
}
