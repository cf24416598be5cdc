import catalogueIndex from '../../../../.generated/catalogue-index.json' with { type: 'json' };
import { loadCatalogueIndex } from './catalogue-index';
import type { CheckoutDependencies } from './dependencies';
import { parseServerEnv } from './env';
import { requirePost, respond } from './http';
import { SupabaseOrderStore } from './order-store';
import { PhonePeClient } from './phonepe-client';

let cached: CheckoutDependencies | null = null;

/** Built once per function instance: env read and validated once, PhonePe token cached across calls. */
export function productionDependencies(): CheckoutDependencies {
  if (cached) return cached;
  const env = parseServerEnv(process.env);
  cached = {
    env,
    catalogue: loadCatalogueIndex(catalogueIndex),
    orders: new SupabaseOrderStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY),
    phonePe: new PhonePeClient({
      identityBase: env.PHONEPE_IDENTITY_BASE,
      pgBase: env.PHONEPE_PG_BASE,
      clientId: env.PHONEPE_CLIENT_ID,
      clientSecret: env.PHONEPE_CLIENT_SECRET,
      clientVersion: env.PHONEPE_CLIENT_VERSION,
    }),
    fetcher: fetch,
  };
  return cached;
}

type Handler = (req: Request, deps: CheckoutDependencies) => Promise<Response>;

/** The Netlify function body: the method is checked before env, so a GET never needs configuration. */
export function netlifyFunction(label: string, handler: Handler): (req: Request) => Promise<Response> {
  return (req) =>
    respond(label, async () => {
      requirePost(req);
      return handler(req, productionDependencies());
    });
}
