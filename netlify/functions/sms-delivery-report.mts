import type { Config } from '@netlify/functions';
import { smsDeliveryReportHandler } from '../../src/features/messages/server/handlers';
import { productionServerDependencies } from '../../src/features/orders/server/production';

/** MSG91's delivery-report webhook (authenticated by the token in its URL). */
export default (req: Request): Promise<Response> => smsDeliveryReportHandler(req, productionServerDependencies);

export const config: Config = { path: '/api/sms/delivery-report' };
