import type { Config } from '@netlify/functions';
import { razorpayCreateOrder } from '../../src/features/checkout/server/razorpay-handlers';
import { netlifyFunction } from '../../src/features/checkout/server/production';

export default netlifyFunction('/api/razorpay/create-order', razorpayCreateOrder);

export const config: Config = {
  path: '/api/razorpay/create-order',
  // Order creation is the endpoint that costs us provider calls and rows; webhooks and verify are not limited.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
