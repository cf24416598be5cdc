import type { Config } from '@netlify/functions';
import { productionServerDependencies } from '../../src/features/orders/server/production';
import { stopRefillHandler } from '../../src/features/reorder/server/refills';

export default (req: Request): Promise<Response> => stopRefillHandler(req, productionServerDependencies);

export const config: Config = {
  path: '/api/refills/stop',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
