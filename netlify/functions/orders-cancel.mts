import type { Config } from '@netlify/functions';
import { cancelOrderHandler } from '../../src/features/orders/server/order-functions';
import { productionServerDependencies } from '../../src/features/orders/server/production';

export default (req: Request): Promise<Response> => cancelOrderHandler(req, productionServerDependencies);

export const config: Config = {
  path: '/api/orders/cancel',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
