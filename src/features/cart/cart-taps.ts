import { $cart, clearCart, quantityOf, removeFromCart, setQuantity } from './cart-store';
import { $paymentMethod, PAYMENT_METHODS } from './payment-method';

/*
 * What a tap on /cart's screen does, by its tap key (cart-screen-view.ts), for both drawings: the
 * store writes are made here, before React and under it alike; the rest (Upload Prescription,
 * Proceed to Pay) only React answers.
 */

/** Makes the store write a tap key asks for; false when the key asks for something only React does. */
export function writeTap(key: string): boolean {
  const [tap, argument = ''] = key.split(':');
  const productId = Number(argument);
  const quantity = quantityOf($cart.get(), productId);
  if (tap === 'decrease') setQuantity(productId, quantity - 1);
  else if (tap === 'increase') setQuantity(productId, quantity + 1);
  else if (tap === 'remove') removeFromCart(productId);
  else if (tap === 'clear') clearCart();
  else if (tap === 'method') {
    const method = PAYMENT_METHODS.find((option) => option.value === argument);
    if (method) $paymentMethod.set(method.value);
  } else return false;
  return true;
}

/** What only React answers: the line's or the summary's Upload Prescription, and Proceed to Pay. */
export const isIslandTap = (key: string): boolean => key === 'proceed' || key.startsWith('upload:');
