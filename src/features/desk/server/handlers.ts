import { z } from 'zod';
import {
  cancellableByStaff,
  returnableByStaff,
  fulfilmentSteps,
  OTHER_NEEDS_NOTE,
  rejectedLinesPaise,
  rejectedLinesRefundKey,
  rejectionReasons,
  reviewStatuses,
  type StaffRole,
} from '../../../domain/desk';
import { orderStatuses, type OrderStatus } from '../../../domain/order-status';
import type { CatalogueIndex } from '../../checkout/server/public';
import type { ServerDependencies } from '../../orders/server/server-dependencies';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import type { DeskOrder, DeskStore } from './desk-store';
import type { DispatchRecords } from './dispatch-records';
import type { RefundRequester } from './refunds';
import { requireStaff } from './staff';
import { resendMessage } from '../../messages/server/public';

/** What every desk function runs against; the functions and the function tests build it. */
export interface DeskDependencies {
  store: DeskStore;
  catalogue: CatalogueIndex;
  refund: RefundRequester;
  /** Sends the order's queued mails now (the database queues them with each move; never throws). */
  sendMails: (orderId: string) => Promise<void>;
  /** The order functions' service-role database, env and mailer: prescription requests and their messages. */
  orders: ServerDependencies;
  /** The H1 details a review needs and the invoice and register a dispatch leaves. */
  records: DispatchRecords;
}

const PRESCRIPTION_URL_SECONDS = 5 * 60;

const orderReference = {
  orderId: z.uuid({ error: 'orderId must be an order id' }),
  expectedStatus: z.enum(orderStatuses, { error: 'expectedStatus must be the status you saw' }),
};

export const reviewRequestSchema = z
  .strictObject({
    ...orderReference,
    lineIndex: z.number().int().min(0),
    decision: z.enum(['accepted', 'rejected']),
    reason: z.enum(rejectionReasons).optional(),
    note: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.decision === 'accepted' || body.reason !== undefined, { error: 'Choose a reason for rejecting this line.' })
  .refine((body) => body.reason !== 'other' || (body.note ?? '') !== '', { error: OTHER_NEEDS_NOTE });

export const fulfilmentRequestSchema = z.discriminatedUnion('step', [
  z.strictObject({ ...orderReference, step: z.literal('packed') }),
  z.strictObject({
    ...orderReference,
    step: z.literal('shipped'),
    courierName: z.string().trim().min(1, 'Enter the courier name.').max(100),
    trackingNumber: z.string().trim().min(1, 'Enter the tracking number.').max(100),
  }),
  z.strictObject({ ...orderReference, step: z.literal('delivered') }),
  z.strictObject({ ...orderReference, step: z.literal('cancelled'), reason: z.string().trim().min(1, 'Give a reason for cancelling.').max(500) }),
  z.strictObject({ ...orderReference, step: z.literal('returned'), reason: z.string().trim().min(1, 'Give a reason for the return.').max(500) }),
]);

export const prescriptionUrlRequestSchema = z.strictObject({
  orderId: orderReference.orderId,
  path: z.string().min(1).max(300),
});

/** The body through its schema; read only once the caller is known, so a prober never learns its shape. */
async function readBody<T extends z.ZodType>(req: Request, schema: T): Promise<z.output<T>> {
  return parseBody(schema, parseJson(await readRawBody(req)));
}

async function orderOf(deps: DeskDependencies, orderId: string): Promise<DeskOrder> {
  const order = await deps.store.findOrder(orderId);
  if (!order) throw new HttpRefusal(404, 'No such order.');
  return order;
}

/** Indexes of the order's lines that need a prescription, from the catalogue. */
async function prescriptionLines(deps: DeskDependencies, order: DeskOrder): Promise<number[]> {
  const products = await deps.catalogue.lookup(order.lines.map((line) => line.product_id));
  return order.lines.flatMap((line, index) => (products.get(line.product_id)?.requires_prescription ? [index] : []));
}

function refusedMove(order: DeskOrder, expected: OrderStatus): void {
  if (order.status !== expected) {
    throw new HttpRefusal(409, `Someone else has just changed order ${order.order_number}: it is now ${order.status.replace('_', ' ')}. Reload to see the latest.`);
  }
}

/** The money left on an order after the rejected lines were refunded. */
export async function remainingPaise(deps: DeskDependencies, order: DeskOrder): Promise<number> {
  if (order.payment_status !== 'partially_refunded') return order.amount_paise;
  return order.amount_paise - rejectedLinesPaise(order.lines, await deps.store.rejectedLines(order.id));
}

/** POST /api/desk/review: a pharmacist accepts or rejects one prescription line. */
export async function handleReview(req: Request, deps: DeskDependencies): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist']);
  if (!staff.registrationNumber) throw new HttpRefusal(403, 'Your staff account has no registration number; ask an administrator to add it.');
  const body = await readBody(req, reviewRequestSchema);
  const order = await orderOf(deps, body.orderId);
  refusedMove(order, body.expectedStatus);
  if (!reviewStatuses.includes(order.status)) throw new HttpRefusal(409, `Order ${order.order_number} is ${order.status} and no longer under review.`);
  const rxLines = await prescriptionLines(deps, order);
  if (!rxLines.includes(body.lineIndex)) throw new HttpRefusal(422, `Line ${body.lineIndex + 1} of order ${order.order_number} does not need a prescription.`);
  if (body.decision === 'accepted') await deps.records.requireH1Details(order, body.lineIndex);

  const outcome = await deps.store.decideLine(
    order,
    body.expectedStatus,
    rxLines,
    { lineIndex: body.lineIndex, decision: body.decision, reason: body.reason ?? null, note: body.note || null },
    { id: staff.id, name: staff.name, registrationNumber: staff.registrationNumber },
  );
  if (!outcome.allDecided) return jsonResponse({ status: order.status, decided: false });

  const allRejected = outcome.rejected.length === rxLines.length && rxLines.length === order.lines.length;
  const reasons = outcome.rejected.map((index) => `${order.lines[index]!.name}`).join(', ');
  if (allRejected) {
    const cancelled = await deps.store.moveOrder({
      orderId: order.id,
      expectedStatus: body.expectedStatus,
      status: 'cancelled',
      actorRole: 'pharmacist',
      actorId: staff.id,
      note: `Every prescription line was rejected: ${reasons}.`,
    });
    await deps.refund(order, order.amount_paise, rejectedLinesRefundKey(order.id, outcome.rejected), 'Every prescription line was rejected', 'rejected_lines');
    await deps.sendMails(order.id);
    return jsonResponse({ status: cancelled.status, decided: true, refundedPaise: order.payment_status === 'paid' ? order.amount_paise : 0 });
  }
  const note = outcome.rejected.length > 0 ? `Prescription checked; removed: ${reasons}.` : 'Prescription checked; every line accepted.';
  const confirmed = await deps.store.moveOrder({ orderId: order.id, expectedStatus: body.expectedStatus, status: 'confirmed', actorRole: 'pharmacist', actorId: staff.id, note });
  const refundPaise = rejectedLinesPaise(order.lines, outcome.rejected);
  if (refundPaise > 0) {
    await deps.refund(order, refundPaise, rejectedLinesRefundKey(order.id, outcome.rejected), `Prescription lines removed: ${reasons}`, 'rejected_lines');
  }
  await deps.sendMails(order.id);
  return jsonResponse({ status: confirmed.status, decided: true, refundedPaise: order.payment_status === 'paid' ? refundPaise : 0 });
}

/** POST /api/desk/fulfilment: pack, ship (with courier and tracking), deliver or cancel an order. */
export async function handleFulfilment(req: Request, deps: DeskDependencies): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = await readBody(req, fulfilmentRequestSchema);
  const order = await orderOf(deps, body.orderId);
  refusedMove(order, body.expectedStatus);
  const actorRole: StaffRole = staff.role;

  if (body.step === 'cancelled') {
    if (!cancellableByStaff.includes(order.status)) {
      throw new HttpRefusal(409, `Order ${order.order_number} is ${order.status} and can no longer be cancelled.`);
    }
    const refundPaise = await remainingPaise(deps, order);
    const moved = await deps.store.moveOrder({ orderId: order.id, expectedStatus: body.expectedStatus, status: 'cancelled', actorRole, actorId: staff.id, note: `Cancelled: ${body.reason}` });
    await deps.refund(order, refundPaise, `cancel-${order.id.replaceAll('-', '')}`, `Cancelled by the pharmacy: ${body.reason}`, 'cancel');
    await deps.sendMails(order.id);
    return jsonResponse({ status: moved.status });
  }

  if (body.step === 'returned') {
    if (!returnableByStaff.includes(order.status)) {
      throw new HttpRefusal(409, `Order ${order.order_number} has not left the pharmacy: cancel it instead.`);
    }
    // The credit note first, so it carries the return's reason (a refund completing issues one too).
    const creditNoteNumber = await deps.records.recordReturn(order, `Returned: ${body.reason}`);
    const refundPaise = await remainingPaise(deps, order);
    // A shipped order taken back never reached the customer: it ends returned. A delivered one stays delivered.
    const status =
      order.status === 'shipped'
        ? (await deps.store.moveOrder({ orderId: order.id, expectedStatus: 'shipped', status: 'returned', actorRole, actorId: staff.id, note: `Returned: ${body.reason}` })).status
        : order.status;
    await deps.refund(order, refundPaise, `return-${order.id.replaceAll('-', '')}`, `Returned: ${body.reason}`, 'cancel');
    await deps.sendMails(order.id);
    return jsonResponse({ status, creditNoteNumber });
  }

  const from = fulfilmentSteps[body.step];
  if (order.status !== from) {
    throw new HttpRefusal(409, `Order ${order.order_number} is ${order.status.replace('_', ' ')}; only a ${from} order can be marked ${body.step}.`);
  }
  const invoiceNumber = body.step === 'shipped' ? await deps.records.recordDispatch(order, staff) : null;
  const moved = await deps.store.moveOrder({
    orderId: order.id,
    expectedStatus: body.expectedStatus,
    status: body.step,
    actorRole,
    actorId: staff.id,
    note: body.step === 'shipped' ? `Shipped with ${body.courierName}, tracking ${body.trackingNumber}` : null,
    ...(body.step === 'shipped' ? { courierName: body.courierName, trackingNumber: body.trackingNumber } : {}),
  });
  await deps.sendMails(order.id);
  return jsonResponse({ status: moved.status, ...(invoiceNumber ? { invoiceNumber } : {}) });
}

/** POST /api/desk/prescription-url: a 5-minute link to one of the order's prescription files, logged. */
export async function handlePrescriptionUrl(req: Request, deps: DeskDependencies): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = await readBody(req, prescriptionUrlRequestSchema);
  const order = await orderOf(deps, body.orderId);
  if (!order.prescription_paths.includes(body.path)) throw new HttpRefusal(404, 'This file is not one of the order’s prescriptions.');
  await deps.store.recordPrescriptionView(staff.id, staff.role, order.id, body.path);
  const url = await deps.store.signedPrescriptionUrl(body.path, PRESCRIPTION_URL_SECONDS);
  return jsonResponse({ url, expiresInSeconds: PRESCRIPTION_URL_SECONDS });
}

const messageResendSchema = z.strictObject({ messageId: z.uuid({ error: 'messageId must be the id of a message' }) });

/**
 * POST /api/desk/message-resend {messageId}: support (or the pharmacist) sends a customer's message
 * again on the same channel, at once; a second click while that resend waits queues nothing more.
 */
export async function handleMessageResend(req: Request, deps: DeskDependencies): Promise<Response> {
  requirePost(req);
  const staff = await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist', 'support']);
  const body = await readBody(req, messageResendSchema);
  const resent = await resendMessage(deps.orders, body.messageId, staff.id);
  if (!resent) throw new HttpRefusal(409, 'That message is already being sent again.');
  const { data, error } = await deps.orders.db.from('message_outbox').select('id, delivery_status, last_error').eq('id', resent).single();
  if (error) throw new Error(`reading the resend: ${error.message}`);
  return jsonResponse({ messageId: data.id, status: data.delivery_status ?? 'waiting', error: data.last_error });
}
