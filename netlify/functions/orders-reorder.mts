import type { Config } from '@netlify/functions';
import { reorderHandler } from '../../src/features/reorder/server/reorder';
import { productionReorderDependencies } from '../../src/features/reorder/server/production';

export default (req: Request): Promise<Response> => reorderHandler(req, productionReorderDependencies);

export const config: Config = {
  path: '/api/orders/reorder',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
