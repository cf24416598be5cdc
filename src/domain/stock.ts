import { cart } from './strings/english/cart';
import { productList } from './strings/english/productList';
import { countText, fill } from './strings/format';
import type { StringTable } from './strings/table';

/**
 * Stock as customers see it: what the availability request answers, and the one sentence the
 * product page, the cart and the payment functions all use when a quantity cannot be had.
 */

/** Below this many units a product page says "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

/** Product id -> units available, for stock-tracked products (an untracked product is absent). */
export type Availability = Record<string, number>;

/** The refusal for a line asking more than is available: the same words in the browser and from the server. */
export function notAvailableSentence(productName: string, available: number, text: Pick<StringTable['cart'], 'soldOutSentence' | 'onlyLeftSentence'> = cart, locale = 'en-IN'): string {
  return available <= 0 ? fill(text.soldOutSentence, { name: productName }) : countText(text.onlyLeftSentence, available, locale, { name: productName });
}

/** What a product page shows beside the price: nothing, "Only N left" or sold out. */
export function stockNote(available: number | undefined, text: Pick<StringTable['productList'], 'onlyLeft'> = productList): { soldOut: boolean; note: string | null } {
  if (available === undefined) return { soldOut: false, note: null };
  if (available <= 0) return { soldOut: true, note: null };
  return { soldOut: false, note: available <= LOW_STOCK_THRESHOLD ? fill(text.onlyLeft, { count: available }) : null };
}

/** The database refuses an order it cannot reserve with this SQLSTATE; its detail is {product_id, available}. */
export const STOCK_SHORT_SQLSTATE = 'MK409';
