import type { SaleState } from './sale-state';

/** Customer-facing catalogue strings printed by more than one page or component. */
export const RX_REQUIRED = 'Rx Required';
export const BACK_TO_PRODUCTS = 'Back to Products';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRESCRIPTION_NEEDED_AT_CHECKOUT = 'A valid prescription is required at checkout for this medicine.';

/** What the disabled cart button reads for products that cannot be bought. */
export const UNAVAILABLE_LABEL: Record<Exclude<SaleState, 'ADD TO CART'>, string> = {
  'SOLD OUT': 'Sold Out',
  DISCONTINUED: 'Discontinued',
};

export const UNAVAILABLE_NOTICE: Record<Exclude<SaleState, 'ADD TO CART'>, string> = {
  'SOLD OUT': 'This product is currently sold out.',
  DISCONTINUED: 'This product has been discontinued and can no longer be ordered.',
};
