import type { Config } from '@netlify/functions';
import { respond } from '../../src/lib/server/http';
import { shippingDependencies } from '../../src/features/shipping/server/production';
import { handleReattempt } from '../../src/features/shipping/server/tracking';

export default (req: Request): Promise<Response> => respond('/api/shipping/reattempt', () => handleReattempt(req, shippingDependencies()));

export const config: Config = { path: '/api/shipping/reattempt' };
