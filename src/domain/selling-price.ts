import { rupeesToPaise } from './money';

/** What a price is worked out from: the MRP and the record's current price (rupees; absent in carts stored before it existed). */
export interface PriceSource {
  mrp: number;
  current_price?: number;
}

/**
 * The price a product is sold and charged at, in paise: the current price when it is below MRP,
 * otherwise MRP. A current price above MRP (or zero) is ignored: Indian law caps the price at MRP.
 */
export function sellingPricePaise(product: PriceSource): number {
  const mrp = rupeesToPaise(product.mrp);
  if (product.current_price === undefined) return mrp;
  const current = rupeesToPaise(product.current_price);
  return current > 0 && current < mrp ? current : mrp;
}

/** Whole percent off MRP, rounded down so the shop never promises more than it gives; 0 when not discounted. */
export function discountPercent(product: PriceSource): number {
  const mrp = rupeesToPaise(product.mrp);
  if (mrp === 0) return 0;
  return Math.floor(((mrp - sellingPricePaise(product)) * 100) / mrp);
}

/** The "NN% off" label, or null when the selling price is MRP (or the saving rounds to under 1%). */
export function discountLabel(product: PriceSource): string | null {
  const percent = discountPercent(product);
  return percent > 0 ? `${percent}% off` : null;
}

/** True when the record's current price exceeds MRP: the build lists such records as a warning. */
export function currentPriceAboveMrp(product: Required<PriceSource>): boolean {
  return rupeesToPaise(product.current_price) > rupeesToPaise(product.mrp);
}
