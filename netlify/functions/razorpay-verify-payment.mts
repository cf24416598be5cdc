import type { Config } from '@netlify/functions';
import { razorpayVerifyPayment } from '../../src/features/checkout/server/razorpay-handlers';
import { netlifyFunction } from '../../src/features/checkout/server/production';

export default netlifyFunction('/api/razorpay/verify-payment', razorpayVerifyPayment);

export const config: Config = {
  path: '/api/razorpay/verify-payment',
};
