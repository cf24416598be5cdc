import { catalogueIndexFiles, reorderIndexFiles } from '../../checkout/server/public';
import { drugTaxFiles } from '../../desk/server/dispatch-records';
import { functionRoot } from '../../../lib/catalogue-shard-files';
import { isLocalAddress } from '../../../lib/local-address';
import { productionServerDependencies } from '../../orders/server/production';
import type { ServerDependencies } from '../../orders/server/server-dependencies';
import type { ReorderDependencies } from './reorder';

let cached: ReorderDependencies | null = null;

/** The order functions' dependencies plus the build's price, drug-tax and reorder shards; built once per instance. */
export function productionReorderDependencies(): ReorderDependencies {
  const root = functionRoot();
  cached ??= { ...productionServerDependencies(), indexes: { prices: catalogueIndexFiles(root), drugTax: drugTaxFiles(root), reorder: reorderIndexFiles(root) } };
  return cached;
}

/**
 * The clock of a scheduled run. On the local stack only, the run's body may name the day
 * ({"today": "2027-01-10"}), so an end-to-end test runs the daily job "on the right day"; a deployed
 * run always uses the real clock.
 */
export async function scheduledClock(req: Request, deps: ServerDependencies): Promise<ServerDependencies> {
  if (!isLocalAddress(deps.env.SUPABASE_URL)) return deps;
  const body = (await req.json().catch(() => null)) as { today?: unknown } | null;
  const today = typeof body?.today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(body.today) ? new Date(`${body.today}T06:00:00Z`) : null;
  return today && !Number.isNaN(today.getTime()) ? { ...deps, now: () => today } : deps;
}
