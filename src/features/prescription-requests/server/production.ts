import { functionRoot } from '../../../lib/catalogue-shard-files';
import { catalogueIndexFiles, reorderIndexFiles } from '../../checkout/server/public';
import { productionServerDependencies } from '../../orders/server/production';
import { serverDeliveryChecker } from '../../shipping/server/public';
import type { RequestDependencies } from './request-functions';

let cached: RequestDependencies | null = null;

/** Built once per function instance, over the order functions' own dependencies. */
export function productionRequestDependencies(): RequestDependencies {
  cached ??= { orders: productionServerDependencies(), catalogue: catalogueIndexFiles(functionRoot()), reorder: reorderIndexFiles(functionRoot()), checkDelivery: serverDeliveryChecker() };
  return cached;
}
