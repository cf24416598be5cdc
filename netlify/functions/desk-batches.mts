import type { Config } from '@netlify/functions';
import { deskFunction } from '../../src/features/desk/server/production';
import { handleBatches, SupabaseBatchStore } from '../../src/features/desk/server/dispatch-batches';
import { parseServerDependenciesEnv } from '../../src/features/orders/server/server-dependencies';

export default deskFunction('/api/desk/batches', (req, deps) => {
  const env = parseServerDependenciesEnv(process.env);
  return handleBatches(req, deps, new SupabaseBatchStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY));
});

export const config: Config = { path: '/api/desk/batches' };
