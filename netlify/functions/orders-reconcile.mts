import type { Config } from '@netlify/functions';
import { productionOrderDependencies } from '../../src/features/orders/server/production';
import { reconcile } from '../../src/features/orders/server/reconcile';

/** Every 5 minutes: pending payments asked about, abandoned orders failed, refunds and mails retried. */
export default async (): Promise<Response> => {
  const report = await reconcile(productionOrderDependencies());
  console.log(`[reconcile] ${JSON.stringify(report)}`);
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '*/5 * * * *',
};
