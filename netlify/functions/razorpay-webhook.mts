import type { Config } from '@netlify/functions';
import { paymentFunction } from '../../src/features/checkout/server/production';

export default paymentFunction('razorpay', 'webhook');

export const config: Config = {
  path: '/api/razorpay/webhook',
};
