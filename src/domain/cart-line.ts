import type { CartProduct } from './product';

/** The most of one product an order may hold; the payment functions refuse more (1-20 per line). */
export const MAX_QUANTITY_PER_LINE = 20;

/** A quantity brought within the per-line limit. */
export const clampQuantity = (quantity: number): number => Math.min(quantity, MAX_QUANTITY_PER_LINE);

/** One product in the cart, as the browser keeps it under CART_STORAGE_KEY. */
export interface CartLine {
  product: CartProduct;
  quantity: number;
  prescriptionAccepted: boolean;
  prescriptionFileUrl: string | null;
}

export interface CartState {
  items: CartLine[];
  sessionId: string;
}
