import type { CatalogueIndex } from './catalogue-index';
import type { ServerEnv } from './env';
import { SupabaseOrderStore, type OrderStore } from './order-store';
import { buildProviders, type PaymentProviders } from './providers';

/** What every payment handler runs against; the functions and the function tests both build it here. */
export interface CheckoutDependencies {
  env: ServerEnv;
  catalogue: CatalogueIndex;
  orders: OrderStore;
  providers: PaymentProviders;
}

export function buildDependencies(env: ServerEnv, catalogue: CatalogueIndex, fetcher: typeof fetch = fetch): CheckoutDependencies {
  return {
    env,
    catalogue,
    orders: new SupabaseOrderStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY),
    providers: buildProviders(env, fetcher),
  };
}
