import type { Config } from '@netlify/functions';
import { deskFunction } from '../../src/features/desk/server/production';
import { handleH1Prescription, SupabaseH1Store } from '../../src/features/desk/server/h1-register';
import { parseServerDependenciesEnv } from '../../src/features/orders/server/server-dependencies';

export default deskFunction('/api/desk/h1-prescription', (req, deps) => {
  const env = parseServerDependenciesEnv(process.env);
  return handleH1Prescription(req, deps, new SupabaseH1Store(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY));
});

export const config: Config = { path: '/api/desk/h1-prescription' };
