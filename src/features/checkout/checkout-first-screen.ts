import { startFirstScreen } from '@/features/cart/public';
import { $deliveryStep, unavailableMethodsOf } from '@/features/delivery/public';
import { hydrateIslandsNow } from '@/lib/hydrate-now';
import { readPendingPayment } from './phonepe-transaction';

/**
 * /cart as it opens, before React: the cart's first screen with the payment methods as the
 * delivery step rules them now; back from PhonePe's pay page, the island starts at once to ask our
 * server about the payment.
 */
export function startCheckoutFirstScreen(): void {
  startFirstScreen(unavailableMethodsOf($deliveryStep.get()));
  if (readPendingPayment(sessionStorage)) hydrateIslandsNow();
}
