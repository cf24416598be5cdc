import type { Config } from '@netlify/functions';
import { respond } from '../../src/lib/server/http';
import { serverDeliveryChecker } from '../../src/features/shipping/server/production';
import { handleServiceability } from '../../src/features/shipping/server/serviceability-handler';

const checkDelivery = serverDeliveryChecker();

export default (req: Request): Promise<Response> => respond('/api/shipping/serviceability', () => handleServiceability(req, checkDelivery, () => new Date()));

export const config: Config = { path: '/api/shipping/serviceability' };
