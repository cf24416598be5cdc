import type { Config } from '@netlify/functions';
import { productionServerDependencies } from '../../src/features/orders/server/production';
import { expireRequests } from '../../src/features/prescription-requests/server/expire-requests';

/** Every hour: prescription proposals older than 7 days expire with a mail; waiting request mails are retried. */
export default async (): Promise<Response> => {
  const report = await expireRequests(productionServerDependencies());
  console.log(`[prescription requests] ${JSON.stringify(report)}`);
  return new Response(null, { status: 204 });
};

export const config: Config = {
  schedule: '@hourly',
};
