import type { Config } from '@netlify/functions';
import { couponCheckFunction } from '../../src/features/orders/server/payment-functions';

export default couponCheckFunction();

export const config: Config = {
  path: '/api/coupons/check',
  // Public: a code guesser gets 20 tries a minute per address.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
