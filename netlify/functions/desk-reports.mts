import type { Config } from '@netlify/functions';
import seller from '../../content/pharmacy/seller.json' with { type: 'json' };
import { sellerSchema } from '../../src/domain/tax-invoice';
import { deskFunction } from '../../src/features/desk/server/production';
import { parseServerDependenciesEnv } from '../../src/features/orders/server/server-dependencies';
import { handleReports, SupabaseReportsStore } from '../../src/features/reports/server/reports';

export default deskFunction('/api/desk/reports', (req, deps) => {
  const env = parseServerDependenciesEnv(process.env);
  return handleReports(req, (token) => deps.store.verifyAccessToken(token), new SupabaseReportsStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY), sellerSchema.parse(seller).gstin);
});

export const config: Config = { path: '/api/desk/reports' };
