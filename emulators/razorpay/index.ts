import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { checkoutScript } from './checkout-script.ts';
import { deliverWebhook, listen, providerId, readBody, sendJson, sendText, type RunningServer } from '../http-kit.ts';

export interface RazorpayEmulatorOptions {
  port?: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where signed webhooks go; without it none are sent. */
  webhookUrl?: string;
}

export const DECLINE_DESCRIPTION = 'Payment declined by the test bank';
const AMOUNT_TOO_SMALL = 'The amount must be at least INR 1.00';

const createOrderSchema = z.strictObject({
  amount: z.number().int(),
  currency: z.literal('INR'),
  receipt: z.string().max(40).optional(),
  notes: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  partial_payment: z.boolean().optional(),
});

const checkoutActionSchema = z.strictObject({
  key: z.string(),
  order_id: z.string(),
  amount: z.number().int().optional(),
  currency: z.string().optional(),
  notes: z.record(z.string(), z.unknown()).optional(),
  email: z.string().optional(),
  contact: z.string().optional(),
});

interface EmulatedOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: 'INR';
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string | number>;
  created_at: number;
}

/** The payment entity, every field the Payments API documents (https://razorpay.com/docs/api/payments). */
interface EmulatedPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured' | 'failed' | 'refunded';
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: 'card';
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string;
  card_id: string;
  bank: null;
  wallet: null;
  vpa: null;
  email: string;
  contact: string;
  notes: Record<string, string | number>;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

interface EmulatedRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  receipt: string | null;
  notes: Record<string, string | number>;
  acquirer_data: { arn: null };
  batch_id: null;
  status: 'processed';
  speed_requested: 'normal' | 'optimum';
  speed_processed: 'normal';
  created_at: number;
}

const refundSchema = z.strictObject({
  amount: z.number().int().optional(),
  speed: z.enum(['normal', 'optimum']).optional(),
  receipt: z.string().max(40).optional(),
  notes: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

/** Razorpay's error body shape; a refused input names its field, as the API reference shows. */
function razorpayError(res: ServerResponse, status: number, description: string, field?: string): void {
  const origin = field ? { source: 'business', step: 'payment_initiation', reason: 'input_validation_failed' } : { source: 'NA', step: 'NA', reason: 'NA' };
  sendJson(res, status, { error: { code: 'BAD_REQUEST_ERROR', description, ...origin, metadata: {}, ...(field ? { field } : {}) } });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A local Razorpay: the orders API (Basic auth, paise, Razorpay's reply and error shapes), the
 * stand-in checkout.js and the endpoints its modal calls; payments are signed as Razorpay signs them
 * and announced with a signed webhook after the browser has its answer.
 */
export async function startRazorpayEmulator(options: RazorpayEmulatorOptions): Promise<RunningServer> {
  const orders = new Map<string, EmulatedOrder>();
  const payments = new Map<string, EmulatedPayment>();
  const refunds: EmulatedRefund[] = [];
  const refundsByKey = new Map<string, { body: string; refund: EmulatedRefund }>();
  const sign = (message: string, secret: string) => createHmac('sha256', secret).update(message).digest('hex');
  let apiBase = '';

  const authorised = (req: IncomingMessage) => {
    const match = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (!match) return false;
    return Buffer.from(match[1]!, 'base64').toString('utf8') === `${options.keyId}:${options.keySecret}`;
  };

  const sendEvent = (event: string, payment: EmulatedPayment, order: EmulatedOrder, refund?: EmulatedRefund) => {
    if (!options.webhookUrl) return;
    const contains = event === 'order.paid' ? ['payment', 'order'] : refund ? ['refund', 'payment'] : ['payment'];
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_emulator',
      event,
      contains,
      payload: {
        payment: { entity: payment },
        ...(event === 'order.paid' ? { order: { entity: order } } : {}),
        ...(refund ? { refund: { entity: refund } } : {}),
      },
      created_at: nowSeconds(),
    });
    const headers = { 'x-razorpay-signature': sign(body, options.webhookSecret), 'x-razorpay-event-id': providerId('evt_') };
    setImmediate(() => void deliverWebhook('Razorpay', options.webhookUrl!, body, headers));
  };

  const newPayment = (order: EmulatedOrder, status: 'captured' | 'failed', buyer: { email?: string | undefined; contact?: string | undefined }): EmulatedPayment => {
    // Razorpay's fee is a share of the amount with GST on top; any plausible figure will do here.
    const fee = status === 'captured' ? Math.round(order.amount * 0.02) : null;
    return {
      id: providerId('pay_'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status,
      order_id: order.id,
      invoice_id: null,
      international: false,
      method: 'card',
      amount_refunded: 0,
      refund_status: null,
      captured: status === 'captured',
      description: 'Payment through the Razorpay emulator',
      card_id: providerId('card_'),
      bank: null,
      wallet: null,
      vpa: null,
      email: buyer.email ?? '',
      contact: buyer.contact ?? '',
      notes: order.notes,
      fee,
      tax: fee === null ? null : Math.round(fee * 0.18),
      error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      error_description: status === 'failed' ? DECLINE_DESCRIPTION : null,
      error_source: status === 'failed' ? 'bank' : null,
      error_step: status === 'failed' ? 'payment_authorization' : null,
      error_reason: status === 'failed' ? 'payment_failed' : null,
      created_at: nowSeconds(),
    };
  };

  /**
   * POST /v1/payments/{id}/refund: captured payments only, never past the captured amount; a repeated
   * X-Refund-Idempotency answers the first refund, or refuses when the body differs (as documented).
   */
  const refundPayment = async (req: IncomingMessage, res: ServerResponse, paymentId: string) => {
    const payment = payments.get(paymentId);
    if (!payment) return razorpayError(res, 400, 'The id provided does not exist');
    const body = (await readBody(req)) || '{}';
    const key = req.headers['x-refund-idempotency'];
    if (typeof key === 'string') {
      if (!IDEMPOTENCY_KEY.test(key)) return razorpayError(res, 400, 'X-Refund-Idempotency must be at least 10 letters, digits, _ or -');
      const earlier = refundsByKey.get(`${paymentId}:${key}`);
      if (earlier?.body === body) return sendJson(res, 200, earlier.refund);
      if (earlier) return razorpayError(res, 400, 'Different request with the same idempotency key has already been processed.');
    }
    let raw: unknown;
    try {
      raw = JSON.parse(body);
    } catch {
      return razorpayError(res, 400, 'The request body is not valid JSON');
    }
    const parsed = refundSchema.safeParse(raw);
    if (!parsed.success) return razorpayError(res, 400, parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    if (payment.status === 'failed') return razorpayError(res, 400, 'The payment has not been captured');
    const amount = parsed.data.amount ?? payment.amount - payment.amount_refunded;
    if (amount < 100) return razorpayError(res, 400, AMOUNT_TOO_SMALL, 'amount');
    if (payment.amount_refunded + amount > payment.amount) {
      return razorpayError(res, 400, 'The total refund amount is greater than the refund payment amount', 'amount');
    }
    const refund: EmulatedRefund = {
      id: providerId('rfnd_'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: payment.id,
      receipt: parsed.data.receipt ?? null,
      notes: parsed.data.notes ?? {},
      acquirer_data: { arn: null },
      batch_id: null,
      status: 'processed',
      speed_requested: parsed.data.speed ?? 'normal',
      speed_processed: 'normal',
      created_at: nowSeconds(),
    };
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    if (payment.refund_status === 'full') payment.status = 'refunded';
    refunds.push(refund);
    if (typeof key === 'string') refundsByKey.set(`${paymentId}:${key}`, { body, refund });
    sendJson(res, 200, refund);
    sendEvent('refund.processed', { ...payment }, orders.get(payment.order_id)!, refund);
  };

  const checkoutAction = async (req: IncomingMessage, res: ServerResponse, outcome: 'pay' | 'fail') => {
    const parsed = checkoutActionSchema.safeParse(JSON.parse((await readBody(req)) || 'null'));
    if (!parsed.success) return razorpayError(res, 400, `Invalid checkout request: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
    if (parsed.data.key !== options.keyId) return razorpayError(res, 401, 'The api key provided is invalid');
    const order = orders.get(parsed.data.order_id);
    if (!order) return razorpayError(res, 400, 'The id provided does not exist', 'order_id');
    if (order.status === 'paid') return razorpayError(res, 400, 'Order has already been paid');
    order.attempts += 1;
    order.status = 'attempted';
    const payment = newPayment(order, outcome === 'fail' ? 'failed' : 'captured', parsed.data);
    payments.set(payment.id, payment);
    if (outcome === 'fail') {
      sendJson(res, 200, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: DECLINE_DESCRIPTION,
          source: 'bank',
          step: 'payment_authorization',
          reason: 'payment_failed',
          metadata: { payment_id: payment.id, order_id: order.id },
        },
      });
      sendEvent('payment.failed', { ...payment }, order);
      return;
    }
    order.status = 'paid';
    order.amount_paid = order.amount;
    order.amount_due = 0;
    sendJson(res, 200, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: order.id,
      razorpay_signature: sign(`${order.id}|${payment.id}`, options.keySecret),
    });
    sendEvent('payment.captured', { ...payment }, order);
  };

  const server = await listen(
    options.port ?? 54330,
    async (req, res, url) => {
      const route = `${req.method} ${url.pathname}`;
      if (req.method === 'OPTIONS') return sendText(res, 204, 'text/plain', '');
      if (route === 'GET /v1/checkout.js') return sendText(res, 200, 'text/javascript; charset=utf-8', checkoutScript(apiBase));
      if (route === 'POST /v1/checkout/pay') return checkoutAction(req, res, 'pay');
      if (route === 'POST /v1/checkout/fail') return checkoutAction(req, res, 'fail');
      // Emulator only: what tests count (a real merchant would read its dashboard).
      if (route === 'GET /__emulator/refunds') return sendJson(res, 200, { count: refunds.length, items: refunds });
      if (url.pathname.startsWith('/v1/payments/')) {
        if (!authorised(req)) return razorpayError(res, 401, 'Authentication failed');
        const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(url.pathname);
        if (req.method === 'POST' && refund) return refundPayment(req, res, decodeURIComponent(refund[1]!));
      }
      if (url.pathname.startsWith('/v1/orders')) {
        if (!authorised(req)) return razorpayError(res, 401, 'Authentication failed');
        const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(url.pathname);
        if (req.method === 'GET' && orderPayments) {
          const order = orders.get(decodeURIComponent(orderPayments[1]!));
          if (!order) return razorpayError(res, 400, 'The id provided does not exist');
          const items = [...payments.values()].filter((payment) => payment.order_id === order.id);
          return sendJson(res, 200, { entity: 'collection', count: items.length, items });
        }
        if (route === 'POST /v1/orders') {
          let raw: unknown;
          try {
            raw = JSON.parse(await readBody(req));
          } catch {
            return razorpayError(res, 400, 'The request body is not valid JSON');
          }
          const parsed = createOrderSchema.safeParse(raw);
          if (!parsed.success) {
            const issue = parsed.error.issues[0]!;
            return razorpayError(res, 400, `${issue.path.join('.') || 'body'}: ${issue.message}`, issue.path.join('.') || undefined);
          }
          if (parsed.data.amount < 100) return razorpayError(res, 400, AMOUNT_TOO_SMALL, 'amount');
          const order: EmulatedOrder = {
            id: providerId('order_'),
            entity: 'order',
            amount: parsed.data.amount,
            amount_paid: 0,
            amount_due: parsed.data.amount,
            currency: 'INR',
            receipt: parsed.data.receipt ?? null,
            offer_id: null,
            status: 'created',
            attempts: 0,
            notes: parsed.data.notes ?? {},
            created_at: nowSeconds(),
          };
          orders.set(order.id, order);
          return sendJson(res, 200, order);
        }
        const fetchOrder = /^\/v1\/orders\/([^/]+)$/.exec(url.pathname);
        if (req.method === 'GET' && fetchOrder) {
          const order = orders.get(fetchOrder[1]!);
          return order ? sendJson(res, 200, order) : razorpayError(res, 400, 'The id provided does not exist');
        }
      }
      razorpayError(res, 501, `The Razorpay emulator does not implement ${route}`);
    },
    'Razorpay',
  );
  apiBase = server.url;
  return server;
}
