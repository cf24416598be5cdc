import { startFirstScreen } from '../cart/public';
import { hydrateIslandsNow } from '../../lib/browser/hydrate-now';
import { CART_PATH, readPendingPayment } from './phonepe-transaction';

/**
 * /cart as it opens, before React: the cart's first screen runs; back from PhonePe's pay page, the
 * island starts at once to ask our server about the payment.
 */
export function startCheckoutFirstScreen(): void {
  startFirstScreen();
  if (readPendingPayment(sessionStorage, CART_PATH)) hydrateIslandsNow();
}
