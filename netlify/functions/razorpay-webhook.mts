import type { Config } from '@netlify/functions';
import { paymentFunction } from '../../src/features/orders/server/payment-functions';

export default paymentFunction('razorpay', 'webhook');

export const config: Config = {
  path: '/api/razorpay/webhook',
};
