import type { Config } from '@netlify/functions';
import { reconcileShipmentsRun } from '../../src/features/orders/server/shipping-functions';

/** Every hour: the parcels whose courier news stopped for a day are asked about by AWB. */
export default (): Promise<Response> => reconcileShipmentsRun();

export const config: Config = {
  schedule: '17 * * * *',
};
