import type { Config } from '@netlify/functions';
import { razorpayWebhook } from '../../src/features/checkout/server/razorpay-handlers';
import { netlifyFunction } from '../../src/features/checkout/server/production';

export default netlifyFunction('/api/razorpay/webhook', razorpayWebhook);

export const config: Config = {
  path: '/api/razorpay/webhook',
};
