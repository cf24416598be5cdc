/** What a catalogue product's sale state can be (upm_product_details.for_sale). Kept free of
 * dependencies because the browser's cart imports it. */
export const FOR_SALE_STATES = ['ADD TO CART', 'SOLD OUT', 'DISCONTINUED'] as const;

export type SaleState = (typeof FOR_SALE_STATES)[number];
