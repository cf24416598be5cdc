import { productList } from './strings/english/productList';
import type { StringTable } from './strings/table';

/** What a catalogue product's sale state can be (upm_product_details.for_sale). */
export const FOR_SALE_STATES = ['ADD TO CART', 'SOLD OUT', 'DISCONTINUED'] as const;

export type SaleState = (typeof FOR_SALE_STATES)[number];

/** What the disabled cart button reads for products that cannot be bought. */
export const unavailableLabel = (text: Pick<StringTable['productList'], 'soldOut' | 'discontinued'>): Record<Exclude<SaleState, 'ADD TO CART'>, string> => ({
  'SOLD OUT': text.soldOut,
  DISCONTINUED: text.discontinued,
});

export const UNAVAILABLE_LABEL = /* @__PURE__ */ unavailableLabel(productList);
