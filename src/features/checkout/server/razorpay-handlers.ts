import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { checkPrescriptions, identifyBuyer } from './buyer';
import {
  createOrderRequestSchema,
  RAZORPAY_VERIFY_FIELDS,
  razorpayVerifyRequestSchema,
  type CreateOrderResponse,
  type RazorpayVerifyResponse,
} from './contract';
import type { CheckoutDependencies } from './dependencies';
import { CheckoutRefusal, isPlainObject, jsonResponse, missingField, parseBody, parseJson, readRawBody, readRawBytes, requirePost } from './http';
import { priceOrder } from './pricing';
import { createRazorpayOrder } from './razorpay-client';
import { isValidRazorpayPaymentSignature, isValidRazorpayWebhookSignature } from './signatures';

export async function razorpayCreateOrder(req: Request, deps: CheckoutDependencies): Promise<Response> {
  requirePost(req);
  const body = parseBody(createOrderRequestSchema, parseJson(await readRawBody(req)));
  const buyer = await identifyBuyer(req, body.cartSessionId, (token) => deps.orders.userIdOfAccessToken(token));
  const priced = priceOrder(deps.catalogue, body.lines, body.amount);
  const prescriptionPaths = await checkPrescriptions(buyer, body.prescriptionPaths, priced.prescriptionProducts, (path) =>
    deps.orders.prescriptionExists(path),
  );
  // Our row id is the receipt, so each attempt is a fresh Razorpay order traceable to one row.
  const orderId = randomUUID();
  const razorpayOrder = await createRazorpayOrder(
    { apiBase: deps.env.RAZORPAY_API_BASE, keyId: deps.env.RAZORPAY_KEY_ID, keySecret: deps.env.RAZORPAY_KEY_SECRET },
    { amountPaise: priced.amountPaise, receipt: orderId, notes: { order_id: orderId, items: String(priced.lines.length) } },
    deps.fetcher,
  );
  const inserted = await deps.orders.insertOrder({
    id: orderId,
    buyer,
    provider: 'razorpay',
    providerOrderId: razorpayOrder.id,
    amountPaise: priced.amountPaise,
    lines: priced.lines,
    prescriptionPaths,
  });
  if (!inserted) throw new Error(`Razorpay order id ${razorpayOrder.id} is already recorded`);
  const reply: CreateOrderResponse = { order: { id: razorpayOrder.id, amount: priced.amountPaise, currency: 'INR' } };
  return jsonResponse(reply);
}

export async function razorpayVerifyPayment(req: Request, deps: CheckoutDependencies): Promise<Response> {
  requirePost(req);
  const raw = parseJson(await readRawBody(req));
  if (!isPlainObject(raw)) throw new CheckoutRefusal(400, 'Invalid request: the body must be a JSON object');
  const missing = missingField(raw, RAZORPAY_VERIFY_FIELDS);
  if (missing) throw new CheckoutRefusal(400, missing);
  const body = parseBody(razorpayVerifyRequestSchema, raw);

  const order = await deps.orders.findOrder('razorpay', body.razorpay_order_id);
  if (!order) throw new CheckoutRefusal(404, 'Unknown razorpay_order_id');
  // The signature is checked against the order id we stored, never one only the browser vouches for.
  if (!isValidRazorpayPaymentSignature(order.provider_order_id, body.razorpay_payment_id, body.razorpay_signature, deps.env.RAZORPAY_KEY_SECRET)) {
    const refused: RazorpayVerifyResponse = { verified: false, error: 'Payment signature does not match' };
    return jsonResponse(refused, 400);
  }
  await deps.orders.markPaid(order.provider_order_id, body.razorpay_payment_id);
  const verified: RazorpayVerifyResponse = { verified: true, orderId: order.id };
  return jsonResponse(verified);
}

const entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) });
const razorpayWebhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: entity({
      id: z.string(),
      order_id: z.string().nullable(),
      error_description: z.string().nullable().optional(),
    }).optional(),
    order: entity({ id: z.string() }).optional(),
  }),
});

/**
 * Settles orders from Razorpay's side, whether or not the browser ever comes back. Handling is
 * idempotent (paid keeps the first payment id and never turns failed), so the event id is recorded
 * after handling: a delivery that failed half-way is handled again on Razorpay's retry.
 */
export async function razorpayWebhook(req: Request, deps: CheckoutDependencies): Promise<Response> {
  requirePost(req);
  const rawBody = await readRawBytes(req);
  const signature = req.headers.get('x-razorpay-signature') ?? '';
  if (!isValidRazorpayWebhookSignature(rawBody, signature, deps.env.RAZORPAY_WEBHOOK_SECRET)) {
    throw new CheckoutRefusal(401, 'Invalid webhook signature');
  }
  const eventId = req.headers.get('x-razorpay-event-id');
  if (!eventId) throw new CheckoutRefusal(400, 'Missing x-razorpay-event-id header');
  const event = parseBody(razorpayWebhookSchema, parseJson(rawBody.toString('utf8')));
  const payment = event.payload.payment?.entity;
  const providerOrderId = event.payload.order?.entity.id ?? payment?.order_id ?? null;

  const handled = ['payment.captured', 'order.paid', 'payment.failed'].includes(event.event);
  if (!handled || !payment || !providerOrderId) {
    console.log(`[razorpay webhook] ignored ${event.event} event ${eventId}`);
    return jsonResponse({ ignored: true });
  }
  const order = await deps.orders.findOrder('razorpay', providerOrderId);
  if (!order) {
    console.log(`[razorpay webhook] ${event.event} for unknown order ${providerOrderId} ignored`);
    return jsonResponse({ ignored: true });
  }
  if (event.event === 'payment.failed') {
    await deps.orders.markFailed(providerOrderId, payment.error_description ?? 'Payment failed');
  } else {
    await deps.orders.markPaid(providerOrderId, payment.id);
  }
  const isNew = await deps.orders.recordWebhookEvent(eventId, 'razorpay');
  return jsonResponse({ received: true, duplicate: !isNew });
}
