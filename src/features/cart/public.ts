/** What other features may use of the cart, besides its components (CartPage, AddToCart, CartControl, CartBadge). */
export { $cart, clearCart } from './cart-store';
export { $paymentMethod, PAYMENT_METHODS, type PaymentMethod } from './payment-method';
