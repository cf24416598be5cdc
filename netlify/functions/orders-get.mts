import type { Config, Context } from '@netlify/functions';
import { getOrderHandler } from '../../src/features/orders/server/order-functions';
import { productionServerDependencies } from '../../src/features/orders/server/production';

export default (req: Request, context: Context): Promise<Response> => getOrderHandler(req, productionServerDependencies, (work) => context.waitUntil(work));

export const config: Config = {
  path: '/api/orders/get',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
