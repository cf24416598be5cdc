/** What a catalogue product's sale state can be (upm_product_details.for_sale). */
export const FOR_SALE_STATES = ['ADD TO CART', 'SOLD OUT', 'DISCONTINUED'] as const;

export type SaleState = (typeof FOR_SALE_STATES)[number];
