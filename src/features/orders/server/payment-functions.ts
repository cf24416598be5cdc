import type { PaymentMethod } from '../../../domain/payment-methods';
import type { Context } from '@netlify/functions';
import deliveryContent from '../../../../.generated/delivery.json' with { type: 'json' };
import { functionRoot } from '../../../lib/catalogue-shard-files';
import { parseDeliveryContent } from '../../../domain/delivery-content';
import { buildDependencies, catalogueIndexFiles, couponCheckHandler, paymentHandler, type CheckoutDependencies, type PaymentStep } from '../../checkout/server/public';
import { buildServerDependencies, parseServerDependenciesEnv } from './server-dependencies';
import { afterOrderPlaced } from './cancel-order';
import { orderRecord } from './order-access';
import { serverDeliveryChecker } from '../../shipping/server/public';

let cached: CheckoutDependencies | null = null;

/**
 * Built once per function instance: env read and validated once, PhonePe token cached across calls.
 * The payment pipeline is wired here, above it: a placed or paid order's confirmation mail goes out
 * after the reply, and an order paid after it was cancelled is refunded at once; the reply carries
 * the order as its page draws it.
 */
function productionDependencies(): CheckoutDependencies {
  if (cached) return cached;
  const env = parseServerDependenciesEnv(process.env);
  const orders = buildServerDependencies(env);
  cached = buildDependencies(
    env,
    catalogueIndexFiles(functionRoot()),
    parseDeliveryContent(deliveryContent, '.generated/delivery.json'),
    fetch,
    () => new Date(),
    (orderId) => afterOrderPlaced(orders, orderId),
    (orderId) => orderRecord(orders, orderId),
    // Own zone first, else the courier provider's answer (cached per PIN code and India day).
    serverDeliveryChecker(),
  );
  return cached;
}

/**
 * A Netlify function: one provider's create, verify or webhook step over the shared skeleton. The
 * confirmation mail and other follow-ups run after the reply, kept alive by `context.waitUntil`.
 */
export function paymentFunction(provider: PaymentMethod, step: PaymentStep): (req: Request, context?: Pick<Context, 'waitUntil'>) => Promise<Response> {
  const handler = paymentHandler(provider, step);
  return (req, context) => handler(req, productionDependencies, context && ((work) => context.waitUntil(work)));
}

/** POST /api/coupons/check on the same dependencies as create-order, so the quote is priced as the order will be. */
export function couponCheckFunction(): (req: Request) => Promise<Response> {
  return (req) => couponCheckHandler(req, productionDependencies);
}
