import type { Config } from '@netlify/functions';
import { whatsappWebhookHandler } from '../../src/features/messages/server/handlers';
import { productionServerDependencies } from '../../src/features/orders/server/production';

/** Meta's WhatsApp Cloud API webhook: the verification handshake, message statuses and customers' replies. */
export default (req: Request): Promise<Response> => whatsappWebhookHandler(req, productionServerDependencies);

export const config: Config = { path: '/api/whatsapp/webhook' };
