import type { Config } from '@netlify/functions';
import { getInvoiceHandler } from '../../src/features/orders/server/invoice';
import { productionServerDependencies } from '../../src/features/orders/server/production';

export default (req: Request): Promise<Response> => getInvoiceHandler(req, productionServerDependencies);

export const config: Config = {
  path: '/api/orders/invoice',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
