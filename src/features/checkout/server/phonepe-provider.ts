import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  phonePeCreateRequestSchema,
  phonePeVerifyRequestSchema,
  type PhonePeCreateRequest,
  type PhonePeCreateResponse,
  type PhonePeVerifyRequest,
  type PhonePeVerifyResponse,
} from '../../../domain/payment-contract';
import { paymentMethodLabel } from '../../../domain/payment-methods';
import { providerEnv, type PhonePeEnv } from './env';
import { HttpRefusal, parseBody, parseJson } from '../../../lib/server/http';
import { PhonePeClient, settledTransactionId, type PhonePeOrderStatus } from './phonepe-client';
import type { PaymentOutcome, PaymentProvider, ServerPaymentMethod, WebhookEvent } from './provider';
import { isValidPhonePeWebhookAuthorization } from './signatures';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../domain/language';
import { pathIn } from '../../../domain/strings/paths';

/** PhonePe v2 order states in the spec's v1-era words the browser reads. */
const VERIFY_REPLIES: Record<PhonePeOrderStatus['state'], PhonePeVerifyResponse> = {
  COMPLETED: { verified: true, data: { state: 'COMPLETED', responseCode: 'PAYMENT_SUCCESS' } },
  PENDING: { verified: false, data: { state: 'PENDING', responseCode: 'PAYMENT_PENDING' } },
  FAILED: { verified: false, data: { state: 'FAILED', responseCode: 'PAYMENT_ERROR' } },
};

const REFUND_STATES = { PENDING: 'pending', CONFIRMED: 'pending', COMPLETED: 'completed', FAILED: 'failed' } as const;

const paymentDetailsSchema = z
  .array(z.object({ transactionId: z.string(), state: z.string(), errorCode: z.string().optional() }))
  .default([]);

// Order events name the order (merchantOrderId); refund events name the refund (merchantRefundId,
// PhonePe's refundId) and need not name the order at all.
const webhookSchema = z.object({
  event: z.string(),
  payload: z.object({
    merchantOrderId: z.string().optional(),
    orderId: z.string().optional(),
    merchantRefundId: z.string().optional(),
    refundId: z.string().optional(),
    originalMerchantOrderId: z.string().optional(),
    state: z.string(),
    amount: z.number().int(),
    paymentDetails: paymentDetailsSchema,
  }),
});

function failureReason(paymentDetails: readonly { errorCode?: string | undefined }[]): string {
  return paymentDetails.find((payment) => payment.errorCode)?.errorCode ?? 'Payment failed at PhonePe';
}

function outcomeOf(status: PhonePeOrderStatus, merchantOrderId: string): PaymentOutcome {
  if (status.state === 'COMPLETED') {
    return { state: 'paid', paymentId: settledTransactionId(status.paymentDetails) ?? status.orderId ?? merchantOrderId, amountPaise: status.amount, currency: 'INR' };
  }
  if (status.state === 'FAILED') return { state: 'failed', reason: failureReason(status.paymentDetails) };
  return { state: 'pending' };
}

/** Where PhonePe sends the customer back: the callback page in the order's language, which verifies and returns to the cart. */
export function phonePeRedirectUrl(siteUrl: string, merchantTransactionId: string, language: LanguageCode = DEFAULT_LANGUAGE): string {
  const url = new URL(pathIn(language, '/payment/phonepe/callback'), siteUrl);
  url.searchParams.set('merchantTransactionId', merchantTransactionId);
  return url.toString();
}

/** PhonePe Standard Checkout v2 behind the spec's v1-era browser contract. */
export function createPhonePeProvider(env: PhonePeEnv, fetcher: typeof fetch): PaymentProvider<PhonePeCreateRequest, PhonePeVerifyRequest> {
  const client = new PhonePeClient(
    {
      identityBase: env.PHONEPE_IDENTITY_BASE,
      pgBase: env.PHONEPE_PG_BASE,
      clientId: env.PHONEPE_CLIENT_ID,
      clientSecret: env.PHONEPE_CLIENT_SECRET,
      clientVersion: env.PHONEPE_CLIENT_VERSION,
    },
    fetcher,
  );

  return {
    createSchema: phonePeCreateRequestSchema,
    // The browser's transaction id is PhonePe's merchantOrderId: reserving it first means a replayed
    // create cannot pay twice.
    reserve: {
      orderId: (body) => body.merchantTransactionId,
      reusedMessage: 'This merchantTransactionId was already used. Please start a new payment.',
    },
    async create(body, order) {
      const { redirectUrl } = await client.createPayment({
        merchantOrderId: body.merchantTransactionId,
        amountPaise: order.amountPaise,
        redirectUrl: phonePeRedirectUrl(order.siteUrl, body.merchantTransactionId, body.language),
      });
      const reply: PhonePeCreateResponse = {
        success: true,
        data: { merchantTransactionId: body.merchantTransactionId, instrumentResponse: { redirectInfo: { url: redirectUrl, method: 'GET' } } },
      };
      return { providerOrderId: body.merchantTransactionId, reply };
    },

    verifyFields: ['merchantTransactionId'],
    verifySchema: phonePeVerifyRequestSchema,
    verifyOrderId: (body) => body.merchantTransactionId,
    unknownOrderMessage: 'Unknown merchantTransactionId',
    async verify(_body, order) {
      if (order.payment_status === 'paid') return { record: null, status: 200, reply: VERIFY_REPLIES.COMPLETED };
      const status = await client.orderStatus(order.provider_order_id);
      return { record: outcomeOf(status, order.provider_order_id), status: 200, reply: VERIFY_REPLIES[status.state] };
    },

    parseWebhook(rawBody, headers): WebhookEvent {
      const authorization = headers.get('authorization') ?? '';
      if (!isValidPhonePeWebhookAuthorization(authorization, env.PHONEPE_WEBHOOK_USERNAME, env.PHONEPE_WEBHOOK_PASSWORD)) {
        throw new HttpRefusal(401, 'Invalid webhook authorization');
      }
      const event = parseBody(webhookSchema, parseJson(rawBody.toString('utf8')));
      const { merchantOrderId, merchantRefundId, refundId, state, paymentDetails } = event.payload;
      // PhonePe sends no event id; the body's digest makes a redelivered event the same event.
      const eventId = `phonepe_${createHash('sha256').update(rawBody).digest('hex').slice(0, 40)}`;
      if (event.event.includes('.refund.')) {
        const description = `${event.event} (${state}) for refund ${merchantRefundId ?? refundId ?? 'unnamed'}`;
        const refundState = REFUND_STATES[state as keyof typeof REFUND_STATES];
        if (!merchantRefundId || !refundId || !refundState) return { kind: 'ignored', description };
        const refund = { refundId, amountPaise: event.payload.amount, state: refundState };
        return { kind: 'refund', eventId, idempotencyKey: merchantRefundId, refund, description };
      }
      const description = `${event.event} (${state}) for ${merchantOrderId ?? 'no merchantOrderId'}`;
      if (!merchantOrderId) return { kind: 'ignored', description };
      if (event.event.endsWith('.order.completed') && state === 'COMPLETED') {
        const paymentId = settledTransactionId(paymentDetails) ?? event.payload.orderId ?? merchantOrderId;
        const outcome = { state: 'paid', paymentId, amountPaise: event.payload.amount, currency: 'INR' } as const;
        return { kind: 'payment', eventId, providerOrderId: merchantOrderId, outcome, description };
      }
      if (event.event.endsWith('.order.failed') && state === 'FAILED') {
        const outcome = { state: 'failed', reason: failureReason(paymentDetails) } as const;
        return { kind: 'payment', eventId, providerOrderId: merchantOrderId, outcome, description };
      }
      return { kind: 'ignored', description };
    },
    // PhonePe's guidance: confirm a callback through the order-status API before acting on it.
    confirmsWebhooksWithStatus: true,

    async status(order) {
      return outcomeOf(await client.orderStatus(order.provider_order_id), order.provider_order_id);
    },

    async refund(order, amountPaise, idempotencyKey) {
      const refund = await client.refund({ merchantRefundId: idempotencyKey, merchantOrderId: order.provider_order_id, amountPaise });
      return { refundId: refund.refundId, amountPaise: refund.amount, state: REFUND_STATES[refund.state] };
    },

    async refundStatus(idempotencyKey) {
      const refund = await client.refundStatus(idempotencyKey);
      return { refundId: refund.refundId, amountPaise: refund.amount, state: REFUND_STATES[refund.state] };
    },
  };
}

/** PhonePe's server adapter: refunded and reconciled through its API. */
export const phonePeMethod: ServerPaymentMethod = {
  label: paymentMethodLabel('phonepe'),
  refundsOnline: true,
  reconciled: true,
  connect(env, fetcher) {
    const configured = providerEnv(env, 'phonepe');
    return configured && createPhonePeProvider(configured, fetcher);
  },
};
