import type { Config } from '@netlify/functions';
import { courierUpdatesFunction } from '../../src/features/orders/server/shipping-functions';

export default courierUpdatesFunction();

// Shiprocket refuses webhook URLs holding "shiprocket", "kartrocket", "sr" or "kr".
export const config: Config = { path: '/api/shipping/courier-updates' };
