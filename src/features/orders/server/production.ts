import { buildOrderDependencies, parseOrderEnv, type OrderDependencies } from './order-dependencies';

let cached: OrderDependencies | null = null;

/** Built once per function instance: env read and validated once, provider tokens cached across calls. */
export function productionOrderDependencies(): OrderDependencies {
  cached ??= buildOrderDependencies(parseOrderEnv(process.env));
  return cached;
}
