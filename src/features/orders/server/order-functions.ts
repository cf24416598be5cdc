import { z } from 'zod';
import { runDetached, type AfterReply } from '../../checkout/server/public';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, respond } from '../../../lib/server/http';
import { cancelRequestSchema } from '../../../domain/order-cancel';
import { answeredIn } from '../../../lib/server/answered-in';
import { cancelOrder } from './cancel-order';
import { sendWaitingMessages } from '../../messages/server/public';
import { accessibleOrder, orderRecord } from './order-access';
import type { ServerDependencies } from './server-dependencies';

/** A function body; dependencies are built lazily, so a wrong method never needs configuration. */
export type OrderHandler = (req: Request, deps: () => ServerDependencies, afterReply?: AfterReply) => Promise<Response>;

const lookupSchema = z.object({ orderNumber: z.string().max(40), key: z.string().max(100).optional() });

async function lookupOf(req: Request): Promise<z.infer<typeof lookupSchema>> {
  if (req.method === 'GET') {
    const url = new URL(req.url);
    return parseBody(lookupSchema, { orderNumber: url.searchParams.get('number') ?? '', key: url.searchParams.get('key') ?? undefined });
  }
  if (req.method === 'POST') return parseBody(lookupSchema, parseJson(await readRawBody(req)));
  throw new HttpRefusal(405, `Method ${req.method} is not allowed; use GET or POST`);
}

/**
 * GET /api/orders/get?number=&key= (or POST the same as JSON): the order, its history and refunds
 * for its owner signed in or a guest with the order's key. Opening the page also sends any of the
 * order's mails still waiting, after the answer, so the confirmation goes out when the customer arrives.
 */
export const getOrderHandler: OrderHandler = (req, deps, afterReply = runDetached) =>
  respond('/api/orders/get', async () => {
    const lookup = await lookupOf(req);
    const dependencies = deps();
    const { order } = await accessibleOrder(dependencies, req, lookup.orderNumber, lookup.key);
    const record = await orderRecord(dependencies, order.id);
    afterReply(sendWaitingMessages(dependencies, { orderId: order.id }));
    return jsonResponse(record);
  });

/** POST /api/orders/cancel {orderNumber, key?, reason, otherReason?}: cancels and refunds (see cancelOrder). */
export const cancelOrderHandler: OrderHandler = (req, deps) =>
  respond('/api/orders/cancel', async () => {
    if (req.method !== 'POST') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use POST`);
    const request = parseBody(cancelRequestSchema, parseJson(await readRawBody(req)));
    return jsonResponse(await answeredIn(request.language, () => cancelOrder(deps(), req, request)));
  });
