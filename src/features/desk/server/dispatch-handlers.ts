import { z } from 'zod';
import { orderStatuses } from '../../../domain/order-status';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import { bookParcel, requestDayPickup, type DispatchDependencies } from '../../shipping/server/public';
import type { DeskDependencies } from './handlers';
import { requireStaff } from './staff';

/** Dispatch by courier, for pharmacists and support: one action per order, one pickup a day. */

export const dispatchRequestSchema = z.strictObject({
  orderId: z.uuid({ error: 'orderId must be an order id' }),
  expectedStatus: z.enum(orderStatuses, { error: 'expectedStatus must be the status you saw' }),
  weightGrams: z.number({ error: 'Enter the packed parcel’s weight in grams.' }).int('Enter the weight in whole grams.').min(10, 'A parcel weighs at least 10 g.').max(30000, 'A parcel over 30 kg cannot go by courier.'),
});

const NOT_SET_UP = 'Courier booking is not set up for this shop (the SHIPROCKET_* settings): ship this order by hand with its courier and tracking number.';

/**
 * POST /api/desk/dispatch: books the packed order's parcel (the invoice issued with it), assigns the
 * AWB by the owner's rule, and marks the order shipped with that courier and AWB. Pressed again
 * after a failure it resumes; nothing is booked twice.
 */
export async function handleDispatch(req: Request, deps: DeskDependencies, shipping: () => DispatchDependencies | null): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = parseBody(dispatchRequestSchema, parseJson(await readRawBody(req)));
  const order = await deps.store.findOrder(body.orderId);
  if (!order) throw new HttpRefusal(404, 'No such order.');
  if (order.status !== body.expectedStatus) throw new HttpRefusal(409, `Someone else has just changed order ${order.order_number}: it is now ${order.status.replace('_', ' ')}. Reload to see the latest.`);
  if (order.status !== 'packed') throw new HttpRefusal(409, `Order ${order.order_number} is ${order.status.replace('_', ' ')}; only a packed order can be dispatched.`);
  const courier = shipping();
  if (!courier) throw new HttpRefusal(409, NOT_SET_UP);
  const parcel = await bookParcel(courier, order.id, body.weightGrams, staff.id, () => deps.records.recordDispatch(order, staff));
  const moved = await deps.store.moveOrder({
    orderId: order.id,
    expectedStatus: 'packed',
    status: 'shipped',
    actorRole: staff.role,
    actorId: staff.id,
    note: `Shipped with ${parcel.courierName}, AWB ${parcel.awb}`,
    courierName: parcel.courierName,
    trackingNumber: parcel.awb,
  });
  await deps.sendMails(order.id);
  return jsonResponse({ status: moved.status, ...parcel });
}

/** POST /api/desk/dispatch-pickup: asks the courier to collect the day's booked parcels; answers the manifest to print. */
export async function handleDayPickup(req: Request, deps: DeskDependencies, shipping: () => DispatchDependencies | null): Promise<Response> {
  requirePost(req);
  await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const courier = shipping();
  if (!courier) throw new HttpRefusal(409, NOT_SET_UP);
  return jsonResponse(await requestDayPickup(courier));
}
