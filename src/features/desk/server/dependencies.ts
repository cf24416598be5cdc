import { createClient } from '@supabase/supabase-js';
import type { CatalogueIndex } from '../../checkout/server/catalogue-index';
import type { ServerEnv } from '../../checkout/server/env';
import { buildProviders } from '../../checkout/server/providers';
import { SupabaseDeskStore } from './desk-store';
import type { DeskDependencies } from './handlers';
import { pipelineRefunds } from './refunds';

/** The desk functions' dependencies; the functions and the function tests both build them here. */
export function buildDeskDependencies(env: ServerEnv, catalogue: CatalogueIndex, fetcher: typeof fetch = fetch): DeskDependencies {
  const db = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
  return {
    store: new SupabaseDeskStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY),
    catalogue,
    refund: pipelineRefunds({ db, providers: buildProviders(env, fetcher) }),
  };
}
