import type { Config } from '@netlify/functions';
import { phonePeWebhook } from '../../src/features/checkout/server/phonepe-handlers';
import { netlifyFunction } from '../../src/features/checkout/server/production';

export default netlifyFunction('/api/phonepe/webhook', phonePeWebhook);

export const config: Config = {
  path: '/api/phonepe/webhook',
};
