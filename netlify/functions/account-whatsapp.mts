import type { Config } from '@netlify/functions';
import { accountWhatsAppHandler } from '../../src/features/messages/server/handlers';
import { productionServerDependencies } from '../../src/features/orders/server/production';

/** A signed-in customer's "Order updates on WhatsApp" choices. */
export default (req: Request): Promise<Response> => accountWhatsAppHandler(req, productionServerDependencies);

export const config: Config = { path: '/api/account/whatsapp' };
