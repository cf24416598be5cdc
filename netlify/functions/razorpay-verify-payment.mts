import type { Config } from '@netlify/functions';
import { paymentFunction } from '../../src/features/orders/server/payment-functions';

export default paymentFunction('razorpay', 'verify');

export const config: Config = {
  path: '/api/razorpay/verify-payment',
};
