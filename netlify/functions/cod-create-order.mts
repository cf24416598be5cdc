import type { Config } from '@netlify/functions';
import { paymentFunction } from '../../src/features/orders/server/payment-functions';

export default paymentFunction('cod', 'create');

export const config: Config = {
  path: '/api/cod/create-order',
  // Each call writes an order row, like the online providers' create endpoints.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
