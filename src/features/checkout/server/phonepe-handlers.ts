import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { checkPrescriptions, identifyBuyer } from './buyer';
import { phonePeCreateRequestSchema, phonePeVerifyRequestSchema, type PhonePeCreateResponse, type PhonePeVerifyResponse } from './contract';
import type { CheckoutDependencies } from './dependencies';
import { CheckoutRefusal, isPlainObject, jsonResponse, missingField, parseBody, parseJson, readRawBody, requirePost } from './http';
import { settledTransactionId } from './phonepe-client';
import { toVerifyResponse } from './phonepe-state';
import { priceOrder } from './pricing';
import { isValidPhonePeWebhookAuthorization } from './signatures';

/** Where PhonePe sends the customer back: the callback page, which verifies and returns to the cart. */
export function phonePeRedirectUrl(siteUrl: string, merchantTransactionId: string): string {
  const url = new URL('/payment/phonepe/callback', siteUrl);
  url.searchParams.set('merchantTransactionId', merchantTransactionId);
  return url.toString();
}

export async function phonePeCreatePayment(req: Request, deps: CheckoutDependencies): Promise<Response> {
  requirePost(req);
  const body = parseBody(phonePeCreateRequestSchema, parseJson(await readRawBody(req)));
  const buyer = await identifyBuyer(req, body.cartSessionId, (token) => deps.orders.userIdOfAccessToken(token));
  const priced = priceOrder(deps.catalogue, body.lines, body.amount);
  const prescriptionPaths = await checkPrescriptions(buyer, body.prescriptionPaths, priced.prescriptionProducts, (path) =>
    deps.orders.prescriptionExists(path),
  );
  // The row is written first: it reserves the transaction id, so a replayed create cannot pay twice.
  const inserted = await deps.orders.insertOrder({
    id: randomUUID(),
    buyer,
    provider: 'phonepe',
    providerOrderId: body.merchantTransactionId,
    amountPaise: priced.amountPaise,
    lines: priced.lines,
    prescriptionPaths,
  });
  if (!inserted) throw new CheckoutRefusal(409, 'This merchantTransactionId was already used. Please start a new payment.');

  const siteUrl = deps.env.SITE_URL ?? new URL(req.url).origin;
  let redirectUrl: string;
  try {
    ({ redirectUrl } = await deps.phonePe.createPayment({
      merchantOrderId: body.merchantTransactionId,
      amountPaise: priced.amountPaise,
      redirectUrl: phonePeRedirectUrl(siteUrl, body.merchantTransactionId),
    }));
  } catch (error) {
    await deps.orders.markFailed(body.merchantTransactionId, 'PhonePe could not start the payment');
    throw error;
  }
  const reply: PhonePeCreateResponse = {
    success: true,
    data: { merchantTransactionId: body.merchantTransactionId, instrumentResponse: { redirectInfo: { url: redirectUrl, method: 'GET' } } },
  };
  return jsonResponse(reply);
}

export async function phonePeVerifyPayment(req: Request, deps: CheckoutDependencies): Promise<Response> {
  requirePost(req);
  const raw = parseJson(await readRawBody(req));
  if (!isPlainObject(raw)) throw new CheckoutRefusal(400, 'Invalid request: the body must be a JSON object');
  const missing = missingField(raw, ['merchantTransactionId']);
  if (missing) throw new CheckoutRefusal(400, missing);
  const body = parseBody(phonePeVerifyRequestSchema, raw);

  const order = await deps.orders.findOrder('phonepe', body.merchantTransactionId);
  if (!order) throw new CheckoutRefusal(404, 'Unknown merchantTransactionId');
  if (order.status === 'paid') return jsonResponse(toVerifyResponse('COMPLETED'));

  const status = await deps.phonePe.orderStatus(body.merchantTransactionId);
  if (status.state === 'COMPLETED') {
    await deps.orders.markPaid(body.merchantTransactionId, settledTransactionId(status.paymentDetails) ?? status.orderId);
  } else if (status.state === 'FAILED') {
    const errorCode = status.paymentDetails.find((payment) => payment.errorCode)?.errorCode;
    await deps.orders.markFailed(body.merchantTransactionId, errorCode ?? 'Payment failed at PhonePe');
  }
  const reply: PhonePeVerifyResponse = toVerifyResponse(status.state);
  return jsonResponse(reply);
}

const phonePeWebhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    merchantOrderId: z.string(),
    orderId: z.string().optional(),
    state: z.string(),
    paymentDetails: z
      .array(z.object({ transactionId: z.string(), state: z.string(), errorCode: z.string().optional() }))
      .default([]),
  }),
});

/** PhonePe's callback: trusted by its Authorization digest; duplicates are harmless (idempotent RPCs). */
export async function phonePeWebhook(req: Request, deps: CheckoutDependencies): Promise<Response> {
  requirePost(req);
  const authorization = req.headers.get('authorization') ?? '';
  if (!isValidPhonePeWebhookAuthorization(authorization, deps.env.PHONEPE_WEBHOOK_USERNAME, deps.env.PHONEPE_WEBHOOK_PASSWORD)) {
    throw new CheckoutRefusal(401, 'Invalid webhook authorization');
  }
  const event = parseBody(phonePeWebhookSchema, parseJson(await readRawBody(req)));
  const { merchantOrderId, state } = event.payload;
  const completed = event.event.endsWith('.order.completed') && state === 'COMPLETED';
  const failed = event.event.endsWith('.order.failed') && state === 'FAILED';
  if (!completed && !failed) {
    console.log(`[phonepe webhook] ignored ${event.event} (${state})`);
    return jsonResponse({ ignored: true });
  }
  const order = await deps.orders.findOrder('phonepe', merchantOrderId);
  if (!order) {
    console.log(`[phonepe webhook] ${event.event} for unknown order ${merchantOrderId} ignored`);
    return jsonResponse({ ignored: true });
  }
  if (completed) {
    const transactionId = settledTransactionId(event.payload.paymentDetails);
    await deps.orders.markPaid(merchantOrderId, transactionId ?? event.payload.orderId ?? merchantOrderId);
  } else {
    const errorCode = event.payload.paymentDetails.find((payment) => payment.errorCode)?.errorCode;
    await deps.orders.markFailed(merchantOrderId, errorCode ?? 'Payment failed at PhonePe');
  }
  return jsonResponse({ received: true });
}
