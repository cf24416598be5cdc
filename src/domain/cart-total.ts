import { sellingPricePaise, type PriceSource } from './selling-price';
import type { CartLine } from './cart-line';

/*
 * What cart lines cost, apart from the line itself (./cart-line): the product controls that run
 * before the first tap keep lines, and need neither prices nor the discount's words that come with them.
 */

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
