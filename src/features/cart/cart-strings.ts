/** Customer-facing cart strings used by more than one component or test. */
export const CART_HEADING = 'Shopping Cart';
export const EMPTY_CART = 'Your cart is empty';
export const BROWSE_PRODUCTS = 'Browse Products';
export const CONTINUE_SHOPPING = 'Continue Shopping';
export const CLEAR_CART = 'Clear Cart';
export const ORDER_SUMMARY = 'Order Summary';
export const DELIVERY_FREE = 'Free';
export const ESTIMATED_DELIVERY = 'Estimated delivery: 2-3 business days';
export const UPLOAD_PRESCRIPTION = 'Upload Prescription';
export const PROCEED_TO_PAY = 'Proceed to Pay';
export const PRESCRIPTION_PENDING_NOTICE =
  'Some items in your cart need a prescription. Upload it to continue to payment.';
export const UNAVAILABLE_LINES_NOTICE = 'Remove the items that are no longer available to continue.';
export const PRESCRIPTION_ATTACHED = 'Prescription attached';
