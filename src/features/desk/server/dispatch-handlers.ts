import { z } from 'zod';
import { orderStatuses } from '../../../domain/order-status';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import { bookParcel, bookReturnPickup, requestDayPickup, type DispatchDependencies } from '../../shipping/server/public';
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

export const returnedParcelSchema = z.strictObject({
  orderId: z.uuid({ error: 'orderId must be an order id' }),
  condition: z.enum(['unopened', 'opened'], { error: 'Say whether the parcel came back unopened or opened.' }),
});

const receivedParcelSchema = z.object({
  credit_note_number: z.string().nullable(),
  refund: z.object({ idempotency_key: z.string(), amount_paise: z.number().int() }).nullable(),
});

/**
 * POST /api/desk/dispatch-return: a parcel the courier brought back (RTO), checked at the desk.
 * One database call does the rest at once (receive_returned_parcel): unopened, its batches go back
 * on the shelf; opened, they do not; either way the invoice is credited, the order becomes
 * returned, an online payment's refund is requested and cash on delivery (never collected) closed
 * as unpaid. The refund then goes to the provider (reconciliation retries it if that call fails).
 */
export async function handleReturnedParcel(req: Request, deps: DeskDependencies): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = parseBody(returnedParcelSchema, parseJson(await readRawBody(req)));
  const order = await deps.store.findOrder(body.orderId);
  if (!order) throw new HttpRefusal(404, 'No such order.');
  const db = deps.orders.db;
  const { data: parcel, error } = await db.from('shipments').select('id, status, awb').eq('order_id', order.id).eq('direction', 'forward').maybeSingle();
  if (error) throw new Error(`reading the parcel of ${order.order_number}: ${error.message}`);
  if (!parcel || parcel.status !== 'returned_to_origin') throw new HttpRefusal(409, `Order ${order.order_number} has no parcel back from the courier.`);
  const received = await db.rpc('receive_returned_parcel', { p_shipment_id: parcel.id, p_condition: body.condition, p_actor_role: staff.role, p_actor_id: staff.id });
  if (received.error) {
    if (received.error.code === '23505') throw new HttpRefusal(409, `The parcel of order ${order.order_number} was received already.`);
    if (received.error.code === '23514') throw new HttpRefusal(409, `The parcel of order ${order.order_number} cannot be received: ${received.error.message}.`);
    throw new Error(`receiving the parcel of ${order.order_number}: ${received.error.message}`);
  }
  const outcome = receivedParcelSchema.parse(received.data);
  // The refund row exists already (same key), so this only asks the provider; the order as read before, when it was still paid.
  if (outcome.refund) await deps.refund(order, outcome.refund.amount_paise, outcome.refund.idempotency_key, `Returned undelivered by the courier (AWB ${parcel.awb}), ${body.condition}`, 'cancel');
  await deps.sendMails(order.id);
  return jsonResponse({ status: 'returned', creditNoteNumber: outcome.credit_note_number, restocked: body.condition === 'unopened' });
}

export const codRemittanceSchema = z.strictObject({
  remittanceId: z.string().trim().min(1, 'Enter the remittance id from the courier provider’s report.').max(100),
  remittedOn: z.iso.date('Enter the date the money reached the bank as YYYY-MM-DD.'),
  awbs: z.array(z.string().trim().min(1).max(50)).min(1, 'List the AWBs the remittance pays for.').max(1000),
});

/**
 * POST /api/desk/cod-remittance: the courier provider's remittance report, applied: each delivered
 * cash-on-delivery parcel it lists is marked with the remittance id and date (once; a parcel already
 * marked keeps its first remittance). Answers how many were marked and the AWBs it does not know.
 */
export async function handleCodRemittance(req: Request, deps: DeskDependencies): Promise<Response> {
  requirePost(req);
  await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = parseBody(codRemittanceSchema, parseJson(await readRawBody(req)));
  const db = deps.orders.db;
  const awbs = [...new Set(body.awbs)];
  const { data, error } = await db.from('shipments').select('id, awb, order_id, status, cod_remittance_id').eq('direction', 'forward').in('awb', awbs);
  if (error) throw new Error(`reading the remitted parcels: ${error.message}`);
  const orderIds = [...new Set((data ?? []).map((row) => row.order_id as string))];
  const { data: orders, error: orderError } = orderIds.length > 0 ? await db.from('orders').select('id, provider').in('id', orderIds) : { data: [], error: null };
  if (orderError) throw new Error(`reading the remitted orders: ${orderError.message}`);
  const cod = new Set((orders ?? []).filter((order) => order.provider === 'cod').map((order) => order.id as string));
  const payable = (data ?? []).filter((row) => row.status === 'delivered' && cod.has(row.order_id as string));
  const toMark = payable.filter((row) => row.cod_remittance_id === null).map((row) => row.id as string);
  if (toMark.length > 0) {
    const { error: markError } = await db.from('shipments').update({ cod_remittance_id: body.remittanceId, cod_remitted_on: body.remittedOn }).in('id', toMark);
    if (markError) throw new Error(`marking the remittance: ${markError.message}`);
  }
  const known = new Set(payable.map((row) => row.awb as string));
  return jsonResponse({ marked: toMark.length, alreadyMarked: payable.length - toMark.length, notDeliveredCod: awbs.filter((awb) => !known.has(awb)) });
}

export const returnPickupSchema = z.strictObject({
  orderId: z.uuid({ error: 'orderId must be an order id' }),
  reason: z.string().trim().min(1, 'Give the customer’s reason for the return.').max(300),
});

/** POST /api/desk/dispatch-return-pickup: books the courier to collect a customer's unopened return (the credit note and refund follow when it arrives, as today). */
export async function handleReturnPickup(req: Request, deps: DeskDependencies, shipping: () => DispatchDependencies | null): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = parseBody(returnPickupSchema, parseJson(await readRawBody(req)));
  const courier = shipping();
  if (!courier) throw new HttpRefusal(409, NOT_SET_UP);
  const booked = await bookReturnPickup(courier, body.orderId, body.reason, staff.id);
  await deps.sendMails(body.orderId);
  return jsonResponse(booked);
}
