import { rupeesToPaise } from './money';

/**
 * A line as `orders.lines` stores it: frozen when the server priced the order, so a later price
 * change never alters what the customer was charged or is refunded. Rupee strings, as the catalogue
 * gives them; unit_price is absent on orders placed before selling prices (they were charged MRP).
 */
export interface OrderLine {
  product_id: number;
  name: string;
  unit_mrp: string;
  /** The selling price charged per unit (at most unit_mrp). */
  unit_price?: string;
  quantity: number;
}

/** What the customer was charged per unit, in paise. */
export function unitPricePaise(line: OrderLine): number {
  return rupeesToPaise(Number(line.unit_price ?? line.unit_mrp));
}

/** What the customer was charged for the line, in paise. */
export function linePaise(line: OrderLine): number {
  return unitPricePaise(line) * line.quantity;
}
