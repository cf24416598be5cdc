import type { Config } from '@netlify/functions';
import { accountWhatsAppHandler } from '../../src/features/messages/server/handlers';
import { productionOrderDependencies } from '../../src/features/orders/server/production';

/** A signed-in customer's "Order updates on WhatsApp" choices. */
export default (req: Request): Promise<Response> => accountWhatsAppHandler(req, productionOrderDependencies);

export const config: Config = { path: '/api/account/whatsapp' };
