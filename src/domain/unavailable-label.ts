import type { SaleState } from './sale-state';
import type { StringTable } from './strings/table';

/** What the disabled cart button reads for products that cannot be bought (apart from ./sale-state, which the cart reads stored lines by before the first tap). */
export const unavailableLabel = (text: Pick<StringTable['productList'], 'soldOut' | 'discontinued'>): Record<Exclude<SaleState, 'ADD TO CART'>, string> => ({
  'SOLD OUT': text.soldOut,
  DISCONTINUED: text.discontinued,
});
