import { z } from 'zod';
import {
  createOrderRequestSchema,
  RAZORPAY_VERIFY_FIELDS,
  razorpayVerifyRequestSchema,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type RazorpayVerifyRequest,
  type RazorpayVerifyResponse,
} from '../../../domain/payment-contract';
import { paymentMethodLabel } from '../../../domain/payment-methods';
import { providerEnv, type RazorpayEnv } from './env';
import { HttpRefusal, parseBody, parseJson } from '../../../lib/server/http';
import { refusals } from '../../../domain/strings/english/refusals';
import { fill } from '../../../domain/strings/fill';
import type { StoredOrder } from './order-store';
import type { PaymentOutcome, PaymentProvider, Refund, ServerPaymentMethod, WebhookEvent } from './provider';
import { callProvider, endpoint } from './provider-http';
import { isValidRazorpayPaymentSignature, isValidRazorpayWebhookSignature } from './signatures';

const orderReplySchema = z.object({ id: z.string().min(1), amount: z.number().int(), currency: z.string(), status: z.string() });

const paymentEntitySchema = z.object({
  id: z.string(),
  order_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullable().optional(),
});
const paymentsReplySchema = z.object({ items: z.array(paymentEntitySchema) });
const refundReplySchema = z.object({ id: z.string(), amount: z.number().int(), status: z.enum(['pending', 'processed', 'failed']) });

const webhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    payment: z.object({ entity: paymentEntitySchema }).optional(),
    order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
    refund: z.object({ entity: refundReplySchema.extend({ payment_id: z.string() }) }).optional(),
  }),
});

const razorpayErrorSchema = z.object({ error: z.object({ description: z.string() }) });

const REFUND_STATES = { pending: 'pending', processed: 'completed', failed: 'failed' } as const;

/** Razorpay: Orders API, checkout signature, signed webhooks (https://razorpay.com/docs/api/). */
export function createRazorpayProvider(env: RazorpayEnv, fetcher: typeof fetch): PaymentProvider<CreateOrderRequest, RazorpayVerifyRequest> {
  const authorization = `Basic ${Buffer.from(`${env.RAZORPAY_KEY_ID}:${env.RAZORPAY_KEY_SECRET}`).toString('base64')}`;
  const api = (path: string) => endpoint(env.RAZORPAY_API_BASE, path);

  return {
    createSchema: createOrderRequestSchema,

    // Our row id is the receipt, so each attempt is a fresh Razorpay order traceable to one row.
    async create(_body, order) {
      const { status, body } = await callProvider(fetcher, 'Razorpay', 'order', api('/v1/orders'), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: order.amountPaise, currency: 'INR', receipt: order.id, notes: { order_id: order.id } }),
      });
      const parsed = orderReplySchema.safeParse(body);
      if (status !== 200 || !parsed.success) {
        console.error(`[Razorpay] order creation answered ${status}`);
        throw new HttpRefusal(502, fill(refusals.providerCouldNotCreate, { provider: 'Razorpay' }));
      }
      const reply: CreateOrderResponse = { order: { id: parsed.data.id, amount: order.amountPaise, currency: 'INR' } };
      return { providerOrderId: parsed.data.id, reply };
    },

    verifyFields: RAZORPAY_VERIFY_FIELDS,
    verifySchema: razorpayVerifyRequestSchema,
    verifyOrderId: (body) => body.razorpay_order_id,
    unknownOrderMessage: 'Unknown razorpay_order_id',

    // The signature is checked against the order id we stored, never one only the browser vouches for;
    // it binds the payment to that order, whose amount Razorpay fixed at creation.
    async verify(body, order) {
      if (!isValidRazorpayPaymentSignature(order.provider_order_id, body.razorpay_payment_id, body.razorpay_signature, env.RAZORPAY_KEY_SECRET)) {
        const refused: RazorpayVerifyResponse = { verified: false, error: 'Payment signature does not match' };
        return { record: null, status: 400, reply: refused };
      }
      // The handler adds the order page's number (and a guest's key) once the payment is recorded.
      const verified: Omit<Extract<RazorpayVerifyResponse, { verified: true }>, 'orderNumber' | 'guestKey'> = { verified: true, orderId: order.id };
      return {
        record: { state: 'paid', paymentId: body.razorpay_payment_id, amountPaise: order.amount_paise, currency: order.currency },
        status: 200,
        reply: verified,
      };
    },

    parseWebhook(rawBody, headers): WebhookEvent {
      if (!isValidRazorpayWebhookSignature(rawBody, headers.get('x-razorpay-signature') ?? '', env.RAZORPAY_WEBHOOK_SECRET)) {
        throw new HttpRefusal(401, 'Invalid webhook signature');
      }
      const eventId = headers.get('x-razorpay-event-id');
      if (!eventId) throw new HttpRefusal(400, 'Missing x-razorpay-event-id header');
      const event = parseBody(webhookSchema, parseJson(rawBody.toString('utf8')));
      const payment = event.payload.payment?.entity;
      const providerOrderId = event.payload.order?.entity.id ?? payment?.order_id ?? null;
      const description = `${event.event} event ${eventId}`;
      if (!payment || !providerOrderId) return { kind: 'ignored', description };
      if (event.event === 'payment.captured' || event.event === 'order.paid') {
        const outcome = { state: 'paid', paymentId: payment.id, amountPaise: payment.amount, currency: payment.currency } as const;
        return { kind: 'payment', eventId, providerOrderId, outcome, description };
      }
      if (event.event === 'payment.failed') {
        const outcome = { state: 'failed', reason: payment.error_description ?? 'Payment failed' } as const;
        return { kind: 'payment', eventId, providerOrderId, outcome, description };
      }
      const refund = event.payload.refund?.entity;
      if (refund && (event.event === 'refund.processed' || event.event === 'refund.failed')) {
        return { kind: 'refund', eventId, refund: { refundId: refund.id, amountPaise: refund.amount, state: REFUND_STATES[refund.status] }, description };
      }
      return { kind: 'ignored', description };
    },
    confirmsWebhooksWithStatus: false,

    async status(order: StoredOrder): Promise<PaymentOutcome> {
      const path = `/v1/orders/${encodeURIComponent(order.provider_order_id)}/payments`;
      const { status, body } = await callProvider(fetcher, 'Razorpay', 'payments', api(path), { method: 'GET', headers: { authorization } });
      const parsed = paymentsReplySchema.safeParse(body);
      if (status !== 200 || !parsed.success) {
        console.error(`[Razorpay] order payments answered ${status}`);
        throw new HttpRefusal(502, fill(refusals.providerCouldNotConfirm, { provider: 'Razorpay' }));
      }
      const captured = parsed.data.items.find((payment) => payment.status === 'captured' || payment.status === 'refunded');
      if (captured) return { state: 'paid', paymentId: captured.id, amountPaise: captured.amount, currency: captured.currency };
      const attempts = parsed.data.items;
      if (attempts.length > 0 && attempts.every((payment) => payment.status === 'failed')) {
        return { state: 'failed', reason: attempts.at(-1)?.error_description ?? 'Payment failed' };
      }
      return { state: 'pending' };
    },

    async refund(order, amountPaise, idempotencyKey): Promise<Refund> {
      if (!order.provider_payment_id) throw new HttpRefusal(409, 'This order has no captured payment to refund.');
      const path = `/v1/payments/${encodeURIComponent(order.provider_payment_id)}/refund`;
      const { status, body } = await callProvider(fetcher, 'Razorpay', 'refund', api(path), {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json', 'x-refund-idempotency': idempotencyKey },
        body: JSON.stringify({ amount: amountPaise, speed: 'normal', receipt: order.id }),
      });
      const refused = razorpayErrorSchema.safeParse(body);
      if (status === 400 && refused.success) throw new HttpRefusal(422, `Razorpay refused the refund: ${refused.data.error.description}`);
      const parsed = refundReplySchema.safeParse(body);
      if (status !== 200 || !parsed.success) {
        console.error(`[Razorpay] refund answered ${status}`);
        throw new HttpRefusal(502, 'Razorpay could not refund the payment. Please try again.');
      }
      return { refundId: parsed.data.id, amountPaise: parsed.data.amount, state: REFUND_STATES[parsed.data.status] };
    },
  };
}

/** Razorpay's server adapter: refunded and reconciled through its API. */
export const razorpayMethod: ServerPaymentMethod = {
  label: paymentMethodLabel('razorpay'),
  refundsOnline: true,
  reconciled: true,
  connect(env, fetcher) {
    const configured = providerEnv(env, 'razorpay');
    return configured && createRazorpayProvider(configured, fetcher);
  },
};
