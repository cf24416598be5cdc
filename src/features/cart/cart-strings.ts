import { cart as englishCart } from '../../domain/strings/english/cart';

/** Customer-facing cart strings used by more than one component or test, from the strings tables. */
const text = englishCart;
export const CART_HEADING = text.heading;
export const EMPTY_CART = text.emptyCart;
export const BROWSE_PRODUCTS = text.browseProducts;
export const CONTINUE_SHOPPING = text.continueShopping;
export const CLEAR_CART = text.clearCart;
export const ORDER_SUMMARY = text.orderSummary;
export const DELIVERY_FREE = text.deliveryFree;
export const ESTIMATED_DELIVERY = text.estimatedDelivery;
export const UPLOAD_PRESCRIPTION = text.uploadPrescription;
export const PROCEED_TO_PAY = text.proceedToPay;
export const PRESCRIPTION_PENDING_NOTICE = text.prescriptionPendingNotice;
export const UNAVAILABLE_LINES_NOTICE = text.unavailableLinesNotice;
export const PRESCRIPTION_ATTACHED = text.prescriptionAttached;
