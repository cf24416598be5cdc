import seller from '../../../../content/pharmacy/seller.json' with { type: 'json' };
import { sellerSchema } from '../../../domain/tax-invoice';
import type { CatalogueIndex } from '../../checkout/server/public';
import { buildServerDependencies, type ServerDependenciesEnv } from '../../orders/server/server-dependencies';
import { sendWaitingMessages } from '../../messages/server/public';
import { SupabaseDeskStore } from './desk-store';
import { SupabaseDispatchRecords, type DrugTaxIndex } from './dispatch-records';
import type { DeskDependencies } from './handlers';
import { pipelineRefunds } from './refunds';

/** The desk functions' dependencies; the functions and the function tests both build them here. */
export function buildDeskDependencies(env: ServerDependenciesEnv, catalogue: CatalogueIndex, drugTax: DrugTaxIndex, fetcher: typeof fetch = fetch): DeskDependencies {
  const orders = buildServerDependencies(env, fetcher);
  return {
    store: new SupabaseDeskStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY),
    catalogue,
    refund: pipelineRefunds(orders),
    sendMails: async (orderId) => {
      await sendWaitingMessages(orders, { orderId });
    },
    orders,
    records: new SupabaseDispatchRecords(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, drugTax, sellerSchema.parse(seller)),
  };
}
