/**
 * A line as `orders.lines` stores it: frozen when the server priced the order, so a later price
 * change never alters what the customer was charged or is refunded. Money in paise.
 */
export interface OrderLine {
  product_id: number;
  name: string;
  unit_mrp_paise: number;
  /** The selling price charged per unit (at most unit_mrp_paise). */
  unit_price_paise: number;
  quantity: number;
  /**
   * The line's share of a coupon's discount, in paise (absent without one): the line charged
   * unit_price_paise * quantity minus this, and GST and refunds are worked from that.
   */
  discount_paise?: number;
}

/** What the customer was charged per unit, in paise. */
export function unitPricePaise(line: OrderLine): number {
  return line.unit_price_paise;
}

/** What the customer was charged for the line, in paise (after its share of any coupon). */
export function linePaise(line: OrderLine): number {
  return unitPricePaise(line) * line.quantity - (line.discount_paise ?? 0);
}
