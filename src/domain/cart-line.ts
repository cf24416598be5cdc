import { sellingPricePaise, type PriceSource } from './selling-price';
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

export interface PricedLine extends PriceSource {
  quantity: number;
}

/** Line total in paise: the selling price (incl. of all taxes, never above MRP) times quantity. */
export function lineTotalPaise(line: PricedLine): number {
  return sellingPricePaise(line) * line.quantity;
}

/** Cart total in paise: the spec's "sum of mrp times quantity", at the selling price; delivery is free. */
export function cartTotalPaise(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalPaise(line), 0);
}

/** What the cart's lines cost together, in paise, each at its product's selling price. */
export function cartLinesTotalPaise(lines: readonly CartLine[]): number {
  return cartTotalPaise(lines.map((line) => ({ mrp_paise: line.product.mrp_paise, current_price_paise: line.product.current_price_paise, quantity: line.quantity })));
}
