import type { Config } from '@netlify/functions';
import { parseServerEnv } from '../../src/features/checkout/server/env';
import { requirePost, respond } from '../../src/lib/server/http';
import { claimGuestPrescriptions, SupabaseGuestPrescriptionStore } from '../../src/features/checkout/server/prescription-claim';

let store: SupabaseGuestPrescriptionStore | null = null;

export default (req: Request): Promise<Response> =>
  respond('/api/prescriptions/claim', async () => {
    requirePost(req);
    const env = parseServerEnv(process.env);
    store ??= new SupabaseGuestPrescriptionStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY);
    return claimGuestPrescriptions(req, store);
  });

export const config: Config = {
  path: '/api/prescriptions/claim',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
