import { randomUUID } from 'node:crypto';
import { guestOrderToken } from '../../../domain/guest-order-link';
import { checkPrescriptions, identifyBuyer } from './buyer';
import type { CheckoutDependencies } from './dependencies';
import { HttpRefusal, isPlainObject, jsonResponse, missingField, parseBody, parseJson, readRawBody, readRawBytes, requirePost, respond } from '../../../lib/server/http';
import { settleDelivery } from './order-delivery';
import type { StoredOrder } from './order-store';
import { priceOrder } from './pricing';
import { couponCheck } from './coupon-store';
import type { PaymentOutcome } from './provider';
import { paymentRules, type AnyPaymentProvider } from './providers';
import { refusals } from '../../../domain/strings/english/refusals';
import { answeredIn } from '../../../lib/server/answered-in';
import { DEFAULT_LANGUAGE } from '../../../domain/language';

export type PaymentStep = 'create' | 'verify' | 'webhook';

/** What an adapter's create call reads, as its schema parsed it. */
type CreateBody<Adapter extends AnyPaymentProvider> = ReturnType<Adapter['createSchema']['parse']>;

/**
 * Work that runs after the reply has gone (Netlify's `context.waitUntil`): the customer who has just
 * paid waits for the order to be safely recorded, never for its mails. Nothing is lost if it fails:
 * the mails wait in the outbox (order page, reconciliation).
 */
export type AfterReply = (work: Promise<unknown>) => void;

/** Without a host that keeps the instance alive for it, the work still runs; a failure is logged. */
export const runDetached: AfterReply = (work) => {
  work.catch((error: unknown) => console.error('[after reply] follow-up failed:', error));
};

/** A function body: dependencies are built lazily, so a wrong method never needs configuration. */
export type PaymentHandler = (req: Request, deps: () => CheckoutDependencies, afterReply?: AfterReply) => Promise<Response>;

/** Why a paid outcome must not settle this order, or null when it matches what we charged. */
function paidMismatch(order: StoredOrder, outcome: Extract<PaymentOutcome, { state: 'paid' }>): string | null {
  if (outcome.amountPaise === order.amount_paise && outcome.currency === order.currency) return null;
  return `paid ${outcome.amountPaise} ${outcome.currency} but the order is ${order.amount_paise} ${order.currency}`;
}

/**
 * The order as its page draws it, or nothing: the order is paid whatever happens here, so a failed
 * read only costs the page its own call for the order.
 */
async function pageRecord(deps: CheckoutDependencies, orderId: string) {
  if (!deps.orderPage) return {};
  try {
    return { record: await deps.orderPage(orderId) };
  } catch (error) {
    console.error(`[order page] order ${orderId} not sent with the reply:`, error);
    return {};
  }
}

/** What the browser needs to open the order's page: its number, for a guest the signed key, and the order to draw. */
async function orderPageReply(deps: CheckoutDependencies, order: Pick<StoredOrder, 'id' | 'order_number' | 'user_id'>) {
  const [guestKey, record] = await Promise.all([order.user_id ? null : guestOrderToken(order.id, deps.env.ORDER_LINK_SECRET), pageRecord(deps, order.id)]);
  return { orderNumber: order.order_number, ...(guestKey ? { guestKey } : {}), ...record };
}

/** Writes an outcome on the order; paid stays paid (the database refuses to move it back) and accepts the order. */
async function record(deps: CheckoutDependencies, order: StoredOrder, outcome: PaymentOutcome, afterReply: AfterReply): Promise<void> {
  if (outcome.state === 'paid') {
    // The database moves the paid order on (accept_order) and queues its mails in the same transaction.
    const paid = await deps.orders.markPaid(order.provider_order_id, outcome.paymentId);
    if (paid?.payment_status === 'paid') afterReply(deps.orderPlaced(order.id));
  } else if (outcome.state === 'failed') await deps.orders.markFailed(order.provider_order_id, outcome.reason);
}

/** The provider's adapter, or a 404 when this deployment has not been given its secrets. */
function adapterOf(deps: CheckoutDependencies, provider: string): AnyPaymentProvider {
  const adapter = deps.providers[provider];
  if (!adapter) throw new HttpRefusal(404, `${paymentRules(deps.providers, provider).label} payments are not offered by this shop.`);
  return adapter;
}

async function create(provider: string, req: Request, deps: CheckoutDependencies, afterReply: AfterReply): Promise<Response> {
  const adapter = adapterOf(deps, provider);
  const body = parseBody(adapter.createSchema, parseJson(await readRawBody(req)));
  // The customer's refusals from here on are said in the language of the page they order from.
  return answeredIn(body.language, () => placeOrder(provider, req, deps, afterReply, adapter, body));
}

async function placeOrder(provider: string, req: Request, deps: CheckoutDependencies, afterReply: AfterReply, adapter: AnyPaymentProvider, body: CreateBody<AnyPaymentProvider>): Promise<Response> {
  const buyer = await identifyBuyer(req, body.cartSessionId, (token) => deps.orders.userIdOfAccessToken(token));
  const catalogue = await deps.catalogue.lookup(body.lines.map((line: { productId: number }) => line.productId));
  // A code is checked against this customer: by account, or by the mobile a guest typed.
  const coupon = body.couponCode
    ? await couponCheck(deps.coupons, body.couponCode, { userId: buyer.kind === 'customer' ? buyer.userId : null, mobile: body.delivery.mobile }, deps.now())
    : undefined;
  const priced = priceOrder(catalogue, body.lines, body.amount, coupon);
  // A pharmacist's proposal is paid with the request's own address and reviewed prescription.
  const request = body.prescriptionRequest ? await deps.requests.prepare(body.prescriptionRequest, buyer, body.lines, deps.checkDelivery, deps.now()) : null;
  const { delivery, zone } = request ?? (await settleDelivery(body.delivery, buyer, deps.checkDelivery, deps.now()));
  const refusal = adapter.refusal?.({ lines: priced.codLines, zone, amountPaise: priced.amountPaise, content: deps.delivery });
  if (refusal) throw new HttpRefusal(422, refusal);
  const prescriptionPaths =
    request?.prescriptionPaths ?? (await checkPrescriptions(buyer, body.prescriptionPaths, priced.prescriptionProducts, (path) => deps.orders.prescriptionExists(path)));
  const order = { id: randomUUID(), amountPaise: priced.amountPaise, siteUrl: deps.env.SITE_URL };
  const row = async (providerOrderId: string) => {
    const orderNumber = await deps.orders.insertOrder({ id: order.id, buyer, provider, providerOrderId, amountPaise: priced.amountPaise, lines: priced.lines, prescriptionPaths, delivery, attribution: body.attribution, language: body.language, ...(priced.couponCode ? { coupon: { code: priced.couponCode, discountPaise: priced.discountPaise } } : {}) });
    // Tied before the order can be paid or accepted, so it skips the second review and marks the request paid.
    if (orderNumber && request) await deps.requests.approve(request, order.id);
    return orderNumber;
  };

  const { reserve } = adapter;
  if (!reserve) {
    const created = await adapter.create(body, order);
    const orderNumber = await row(created.providerOrderId);
    if (!orderNumber) throw new Error(`${provider} order id ${created.providerOrderId} is already recorded`);
    if (!adapter.placesWithoutPayment) return jsonResponse(created.reply);
    await deps.orders.acceptOrder(order.id, `${provider} order placed`);
    afterReply(deps.orderPlaced(order.id));
    return jsonResponse({ placed: true, ...(await orderPageReply(deps, { id: order.id, order_number: orderNumber, user_id: buyer.kind === 'customer' ? buyer.userId : null })) });
  }
  const reserved = reserve.orderId(body);
  if (!(await row(reserved))) throw new HttpRefusal(409, reserve.reusedMessage);
  try {
    return jsonResponse((await adapter.create(body, order)).reply);
  } catch (error) {
    await deps.orders.markFailed(reserved, `${provider} could not start the payment`);
    throw error;
  }
}

async function verify(provider: string, req: Request, deps: CheckoutDependencies, afterReply: AfterReply): Promise<Response> {
  const adapter = adapterOf(deps, provider);
  const raw = parseJson(await readRawBody(req));
  if (!isPlainObject(raw)) throw new HttpRefusal(400, 'Invalid request: the body must be a JSON object');
  const missing = missingField(raw, adapter.verifyFields);
  if (missing) throw new HttpRefusal(400, missing);
  const body = parseBody(adapter.verifySchema, raw);
  const order = await deps.orders.findOrder(provider, adapter.verifyOrderId(body));
  if (!order) throw new HttpRefusal(404, adapter.unknownOrderMessage);
  // The customer's refusals about a known order are said in its language.
  return answeredIn(order.language ?? DEFAULT_LANGUAGE, () => confirmPayment(provider, deps, afterReply, adapter, body, order));
}

async function confirmPayment(provider: string, deps: CheckoutDependencies, afterReply: AfterReply, adapter: AnyPaymentProvider, body: unknown, order: StoredOrder): Promise<Response> {
  const verification = await adapter.verify(body, order);
  if (verification.record?.state === 'paid') {
    const mismatch = paidMismatch(order, verification.record);
    if (mismatch) {
      console.error(`[${provider} verify] order ${order.id} not marked paid: ${mismatch}`);
      throw new HttpRefusal(409, refusals.paymentMismatch);
    }
  }
  if (verification.record) await record(deps, order, verification.record, afterReply);
  // A verified reply (also a replayed one, with nothing new to record) leads to the order's page.
  const paid = isPlainObject(verification.reply) && verification.reply.verified === true;
  return jsonResponse(paid ? { ...(verification.reply as object), ...(await orderPageReply(deps, order)) } : verification.reply, verification.status);
}

/**
 * Settles orders from the provider's side, whether or not the browser ever comes back. A paid event
 * counts only when its amount and currency are the order's (and, for providers that ask for it,
 * when their status API agrees); otherwise the event is stored with the reason and the order is left
 * alone. Handling is idempotent, so the event id is recorded after handling: a delivery that failed
 * half-way is handled again on the provider's retry.
 */
async function webhook(provider: string, req: Request, deps: CheckoutDependencies, afterReply: AfterReply): Promise<Response> {
  const adapter = adapterOf(deps, provider);
  const event = adapter.parseWebhook(await readRawBytes(req), req.headers);
  if (event.kind === 'ignored') {
    console.log(`[${provider} webhook] ignored ${event.description}`);
    return jsonResponse({ ignored: true });
  }
  // A refund event is answered 2xx whether or not the refund is ours yet: PhonePe's may not name the
  // order at all, and a refund we do not know is settled by reconciliation rather than redelivered for ever.
  if (event.kind === 'refund') {
    if (!(await deps.orders.recordRefundOutcome(event.refund, event.idempotencyKey))) {
      console.log(`[${provider} webhook] ${event.description}: refund ${event.refund.refundId} not known yet; reconciliation settles it`);
    }
    const isNew = await deps.orders.recordWebhookEvent(event.eventId, provider, null);
    return jsonResponse({ received: true, duplicate: !isNew });
  }
  const order = await deps.orders.findOrder(provider, event.providerOrderId);
  if (!order) {
    console.log(`[${provider} webhook] ${event.description} for unknown order ${event.providerOrderId} ignored`);
    return jsonResponse({ ignored: true });
  }
  let outcome: PaymentOutcome = event.outcome;
  let mismatch: string | null = null;
  if (adapter.confirmsWebhooksWithStatus) {
    const confirmed = await adapter.status(order);
    if (confirmed.state !== outcome.state) mismatch = `webhook says ${outcome.state} but the status API says ${confirmed.state}`;
    outcome = confirmed;
  }
  if (!mismatch && outcome.state === 'paid') mismatch = paidMismatch(order, outcome);
  if (mismatch) {
    console.error(`[${provider} webhook] ${event.description} not applied to order ${order.id}: ${mismatch}`);
    await deps.orders.recordWebhookEvent(event.eventId, provider, mismatch);
    return jsonResponse({ received: true, applied: false });
  }
  await record(deps, order, outcome, afterReply);
  const isNew = await deps.orders.recordWebhookEvent(event.eventId, provider, null);
  return jsonResponse({ received: true, duplicate: !isNew });
}

const STEPS = { create, verify, webhook } as const;

/** The one create / verify / webhook skeleton every payment function is an instance of. */
export function paymentHandler(provider: string, step: PaymentStep): PaymentHandler {
  return (req, deps, afterReply = runDetached) =>
    respond(`${provider} ${step}`, async () => {
      requirePost(req);
      return STEPS[step](provider, req, deps(), afterReply);
    });
}
