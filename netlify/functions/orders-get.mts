import type { Config } from '@netlify/functions';
import { getOrderHandler } from '../../src/features/orders/server/order-functions';
import { productionOrderDependencies } from '../../src/features/orders/server/production';

export default (req: Request): Promise<Response> => getOrderHandler(req, productionOrderDependencies);

export const config: Config = {
  path: '/api/orders/get',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
