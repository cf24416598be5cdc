import type { CatalogueIndex } from './catalogue-index';
import type { ServerEnv } from './env';
import type { OrderStore } from './order-store';
import type { PhonePeClient } from './phonepe-client';

/** What every payment handler runs against; the functions build it from env, tests from emulators. */
export interface CheckoutDependencies {
  env: ServerEnv;
  catalogue: CatalogueIndex;
  orders: OrderStore;
  phonePe: PhonePeClient;
  fetcher: typeof fetch;
}
