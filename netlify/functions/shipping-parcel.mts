import type { Config } from '@netlify/functions';
import { respond } from '../../src/lib/server/http';
import { shippingDependencies } from '../../src/features/shipping/server/production';
import { handleParcel } from '../../src/features/shipping/server/tracking';

export default (req: Request): Promise<Response> => respond('/api/shipping/parcel', () => handleParcel(req, shippingDependencies()));

export const config: Config = { path: '/api/shipping/parcel' };
