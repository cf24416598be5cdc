import type { Config } from '@netlify/functions';
import { buildServerDependencies, parseServerDependenciesEnv, type ServerDependencies } from '../../src/features/orders/server/server-dependencies';
import { reconcile, SCHEDULED_RUN, scheduledRunBudget } from '../../src/features/orders/server/reconcile';
import { sendBackInStockMails } from '../../src/features/orders/server/back-in-stock-mail';
import { catalogueIndexFiles } from '../../src/features/checkout/server/catalogue-index';
import { functionRoot } from '../../src/lib/catalogue-shard-files';

/** Every provider and mail call of a run ends within the run's per-call limit, shorter than the usual 10 s. */
const boundedFetch: typeof fetch = (input, init) => {
  const limit = AbortSignal.timeout(SCHEDULED_RUN.callTimeoutMs);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, limit]) : limit });
};

let cached: ServerDependencies | null = null;

const catalogue = catalogueIndexFiles(functionRoot());

/**
 * Every 5 minutes: pending payments asked about, abandoned orders failed, refunds and mails retried,
 * the "notify me" mails of products back in stock sent (stock also comes back when orders release it),
 * within a budget that fits Netlify's 30 s limit for scheduled functions; what is left waits for the next run.
 */
export default async (): Promise<Response> => {
  cached ??= buildServerDependencies(parseServerDependenciesEnv(process.env), boundedFetch);
  const deps = cached;
  const budget = scheduledRunBudget(deps.now());
  const report = await reconcile(deps, budget);
  const backInStockMails = await sendBackInStockMails({ ...deps, catalogue }, () => deps.now() < budget.deadline);
  console.log(`[reconcile] ${JSON.stringify({ ...report, backInStockMails })}`);
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
