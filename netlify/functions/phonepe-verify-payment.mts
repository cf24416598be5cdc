import type { Config } from '@netlify/functions';
import { phonePeVerifyPayment } from '../../src/features/checkout/server/phonepe-handlers';
import { netlifyFunction } from '../../src/features/checkout/server/production';

export default netlifyFunction('/api/phonepe/verify-payment', phonePeVerifyPayment);

export const config: Config = {
  path: '/api/phonepe/verify-payment',
};
