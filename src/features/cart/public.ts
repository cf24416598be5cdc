/** What other features may use of the cart, besides its components (CartPage, AddToCart, CartControl, CartBadge). */
export { $cart, addToCart, clearCart, quantityOf, removeFromCart, setPrescription, setQuantity } from './cart-store';
export { catalogueLookup, refreshCartFromCatalogue, type CatalogueLookup } from './cart-availability';
export { askAgainForPrescriptions, openPrescriptionDialog } from './prescription-request';
export { $paymentMethod, PAYMENT_METHODS, type PaymentMethod, type UnavailableMethods } from './payment-method';
export { startFirstScreen } from './static-cart-view';
/** Resolves once the sign-in merge (and the guest prescriptions it moves) has settled; loads the sync only when asked. */
export const cartSyncSettled = async (): Promise<void> => (await import('./cart-sync')).cartSyncSettled();
export { $appliedCoupon, couponFor, couponLinesKey, type AppliedCoupon } from './applied-coupon';
