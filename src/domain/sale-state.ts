/** What a catalogue product's sale state can be (upm_product_details.for_sale). */
export const FOR_SALE_STATES = ['ADD TO CART', 'SOLD OUT', 'DISCONTINUED'] as const;

export type SaleState = (typeof FOR_SALE_STATES)[number];

/** What the disabled cart button reads for products that cannot be bought. */
export const UNAVAILABLE_LABEL: Record<Exclude<SaleState, 'ADD TO CART'>, string> = {
  'SOLD OUT': 'Sold Out',
  DISCONTINUED: 'Discontinued',
};
