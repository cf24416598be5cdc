import type { Config } from '@netlify/functions';
import { paymentFunction } from '../../src/features/orders/server/payment-functions';

export default paymentFunction('razorpay', 'create');

export const config: Config = {
  path: '/api/razorpay/create-order',
  // Order creation is the endpoint that costs us provider calls and rows; webhooks and verify are not limited.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
