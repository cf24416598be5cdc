import type { Config } from '@netlify/functions';
import { sendSmsHookHandler } from '../../src/features/messages/server/handlers';
import { productionServerDependencies } from '../../src/features/orders/server/production';

/** Supabase Auth's Send SMS hook: sign-in codes through MSG91 (Authentication > Hooks in the dashboard). */
export default (req: Request): Promise<Response> => sendSmsHookHandler(req, productionServerDependencies);

export const config: Config = { path: '/api/auth/send-sms' };
