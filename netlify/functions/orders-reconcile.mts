import type { Config } from '@netlify/functions';
import { buildOrderDependencies, parseOrderEnv, type OrderDependencies } from '../../src/features/orders/server/order-dependencies';
import { reconcile, SCHEDULED_RUN, scheduledRunBudget } from '../../src/features/orders/server/reconcile';

/** Every provider and mail call of a run ends within the run's per-call limit, shorter than the usual 10 s. */
const boundedFetch: typeof fetch = (input, init) => {
  const limit = AbortSignal.timeout(SCHEDULED_RUN.callTimeoutMs);
  return fetch(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, limit]) : limit });
};

let cached: OrderDependencies | null = null;

/**
 * Every 5 minutes: pending payments asked about, abandoned orders failed, refunds and mails retried,
 * within a budget that fits Netlify's 30 s limit for scheduled functions; what is left waits for the next run.
 */
export default async (): Promise<Response> => {
  cached ??= buildOrderDependencies(parseOrderEnv(process.env), boundedFetch);
  const report = await reconcile(cached, scheduledRunBudget(cached.now()));
  console.log(`[reconcile] ${JSON.stringify(report)}`);
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
