import catalogueIndex from '../../../../.generated/catalogue-index.json' with { type: 'json' };
import deliveryContent from '../../../../content/delivery/delivery.json' with { type: 'json' };
import { parseDeliveryContent } from '../../../domain/delivery-content';
import { loadCatalogueIndex } from './catalogue-index';
import { buildDependencies, type CheckoutDependencies } from './dependencies';
import { parseServerEnv } from './env';
import { paymentHandler, type PaymentStep } from './payment-handlers';
import type { ProviderName } from './providers';

let cached: CheckoutDependencies | null = null;

/** Built once per function instance: env read and validated once, PhonePe token cached across calls. */
function productionDependencies(): CheckoutDependencies {
  cached ??= buildDependencies(
    parseServerEnv(process.env),
    loadCatalogueIndex(catalogueIndex),
    parseDeliveryContent(deliveryContent, 'content/delivery/delivery.json'),
  );
  return cached;
}

/** A Netlify function: one provider's create, verify or webhook step over the shared skeleton. */
export function paymentFunction(provider: ProviderName, step: PaymentStep): (req: Request) => Promise<Response> {
  const handler = paymentHandler(provider, step);
  return (req) => handler(req, productionDependencies);
}
