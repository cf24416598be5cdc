import type { Config } from '@netlify/functions';
import { smsDeliveryReportHandler } from '../../src/features/messages/server/handlers';
import { productionOrderDependencies } from '../../src/features/orders/server/production';

/** MSG91's delivery-report webhook (authenticated by the token in its URL). */
export default (req: Request): Promise<Response> => smsDeliveryReportHandler(req, productionOrderDependencies);

export const config: Config = { path: '/api/sms/delivery-report' };
