import { productList } from './strings/english/productList';
import { fill } from './strings/format';
import type { StringTable } from './strings/table';
/** What a price is worked out from: MRP and the record's current price, in paise (the current price is absent in carts stored before it existed). */
export interface PriceSource {
  mrp_paise: number;
  current_price_paise?: number;
}

/**
 * The price a product is sold and charged at, in paise: the current price when it is below MRP,
 * otherwise MRP. A current price above MRP (or zero) is ignored: Indian law caps the price at MRP.
 */
export function sellingPricePaise(product: PriceSource): number {
  const current = product.current_price_paise;
  return current !== undefined && current > 0 && current < product.mrp_paise ? current : product.mrp_paise;
}

/** Whole percent off MRP, rounded down so the shop never promises more than it gives; 0 when not discounted. */
export function discountPercent(product: PriceSource): number {
  const mrp = product.mrp_paise;
  if (mrp === 0) return 0;
  return Math.floor(((mrp - sellingPricePaise(product)) * 100) / mrp);
}

/** The "NN% off" label, or null when the selling price is MRP (or the saving rounds to under 1%). */
export function discountLabel(product: PriceSource, text: Pick<StringTable['productList'], 'percentOff'> = productList): string | null {
  const percent = discountPercent(product);
  return percent > 0 ? fill(text.percentOff, { percent }) : null;
}

/** True when the record's current price exceeds MRP: the build lists such records as a warning. */
export function currentPriceAboveMrp(product: Required<PriceSource>): boolean {
  return product.current_price_paise > product.mrp_paise;
}
