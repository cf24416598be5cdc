import deliveryContent from '../../../../.generated/delivery.json' with { type: 'json' };
import { parseDeliveryContent } from '../../../domain/delivery-content';
import { functionRoot } from '../../../lib/catalogue-shard-files';
import { catalogueIndexFiles, reorderIndexFiles } from '../../checkout/server/public';
import { productionServerDependencies } from '../../orders/server/production';
import type { RequestDependencies } from './request-functions';

let cached: RequestDependencies | null = null;

/** Built once per function instance, over the order functions' own dependencies. */
export function productionRequestDependencies(): RequestDependencies {
  cached ??= { orders: productionServerDependencies(), delivery: parseDeliveryContent(deliveryContent, '.generated/delivery.json'), catalogue: catalogueIndexFiles(functionRoot()), reorder: reorderIndexFiles(functionRoot()) };
  return cached;
}
