import catalogueIndex from '../../../../.generated/catalogue-index.json' with { type: 'json' };
import deliveryContent from '../../../../content/delivery/delivery.json' with { type: 'json' };
import { parseDeliveryContent } from '../../../domain/delivery-content';
import { buildDependencies, loadCatalogueIndex, paymentHandler, type CheckoutDependencies, type PaymentStep, type ProviderName } from '../../checkout/server/public';
import { buildOrderDependencies, parseOrderEnv } from './order-dependencies';
import { afterOrderPlaced } from './cancel-order';

let cached: CheckoutDependencies | null = null;

/**
 * Built once per function instance: env read and validated once, PhonePe token cached across calls.
 * The payment pipeline is wired here, above it: a placed or paid order's confirmation mail goes out
 * with the reply, and an order paid after it was cancelled is refunded at once.
 */
function productionDependencies(): CheckoutDependencies {
  if (cached) return cached;
  const env = parseOrderEnv(process.env);
  const orders = buildOrderDependencies(env);
  cached = buildDependencies(
    env,
    loadCatalogueIndex(catalogueIndex),
    parseDeliveryContent(deliveryContent, 'content/delivery/delivery.json'),
    fetch,
    () => new Date(),
    (orderId) => afterOrderPlaced(orders, orderId),
  );
  return cached;
}

/** A Netlify function: one provider's create, verify or webhook step over the shared skeleton. */
export function paymentFunction(provider: ProviderName, step: PaymentStep): (req: Request) => Promise<Response> {
  const handler = paymentHandler(provider, step);
  return (req) => handler(req, productionDependencies);
}
