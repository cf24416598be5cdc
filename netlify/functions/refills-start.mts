import type { Config } from '@netlify/functions';
import { startRefillHandler } from '../../src/features/reorder/server/refills';
import { productionReorderDependencies } from '../../src/features/reorder/server/production';

export default (req: Request): Promise<Response> => startRefillHandler(req, productionReorderDependencies);

export const config: Config = {
  path: '/api/refills/start',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
