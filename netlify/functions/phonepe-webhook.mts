import type { Config } from '@netlify/functions';
import { paymentFunction } from '../../src/features/checkout/server/production';

export default paymentFunction('phonepe', 'webhook');

export const config: Config = {
  path: '/api/phonepe/webhook',
};
