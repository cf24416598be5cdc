import type { CatalogueIndex } from '../../checkout/server/catalogue-index';
import type { ServerEnv } from '../../checkout/server/env';
import { buildProviders } from '../../checkout/server/providers';
import { SupabaseDeskStore } from './desk-store';
import type { DeskDependencies } from './handlers';
import { providerRefunds } from './refunds';

/** The desk functions' dependencies; the functions and the function tests both build them here. */
export function buildDeskDependencies(env: ServerEnv, catalogue: CatalogueIndex, fetcher: typeof fetch = fetch): DeskDependencies {
  const store = new SupabaseDeskStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY);
  return { store, catalogue, refund: providerRefunds(buildProviders(env, fetcher), (orderId, status, note) => store.markPayment(orderId, status, note)) };
}
