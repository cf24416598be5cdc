import type { SaleState } from '../../domain/sale-state';

/** Customer-facing catalogue strings printed by more than one page or component. */
export const BACK_TO_PRODUCTS = 'Back to Products';
export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRESCRIPTION_NEEDED_AT_CHECKOUT = 'A valid prescription is required at checkout for this medicine.';

export const UNAVAILABLE_NOTICE: Record<Exclude<SaleState, 'ADD TO CART'>, string> = {
  'SOLD OUT': 'This product is currently sold out.',
  DISCONTINUED: 'This product has been discontinued and can no longer be ordered.',
};

/** "Notify me" on a sold-out product. */
export const NOTIFY_SAVED = "Thanks! We'll email you when it is back in stock.";
export const NOTIFY_INVALID_EMAIL = 'Please enter a valid email address.';
export const NOTIFY_FAILED = 'Sorry, we could not save your request. Please try again.';
