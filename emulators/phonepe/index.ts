import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { deliverWebhook, listen, providerId, readBody, sendJson, sendText, type RunningServer } from '../http-kit.ts';

export interface PhonePeEmulatorOptions {
  port?: number;
  clientId: string;
  clientSecret: string;
  clientVersion: string;
  /** Where webhooks go; without it none are sent. */
  webhookUrl?: string;
  webhookUsername: string;
  webhookPassword: string;
}

type OrderState = 'PENDING' | 'COMPLETED' | 'FAILED';

interface EmulatedOrder {
  orderId: string;
  merchantOrderId: string;
  amount: number;
  state: OrderState;
  expireAt: number;
  redirectUrl: string;
  metaInfo?: Record<string, string>;
  paymentDetails: { paymentMode: 'UPI_QR'; transactionId: string; timestamp: number; amount: number; state: OrderState; errorCode?: string; detailedErrorCode?: string }[];
}

/** What a declined attempt reports, on the attempt and (for a FAILED order) on the order. */
const DECLINED = { errorCode: 'PAYMENT_DECLINED', detailedErrorCode: 'ZM' } as const;

const tokenFormSchema = z.strictObject({
  client_id: z.string(),
  client_version: z.string(),
  client_secret: z.string(),
  grant_type: z.literal('client_credentials'),
});

// The documented pay body: https://developer.phonepe.com/payment-gateway/website-integration/standard-checkout/api-integration/api-reference/create-payment/initiate-payment
const paySchema = z.strictObject({
  merchantOrderId: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/),
  amount: z.number().int().min(100),
  expireAfter: z.number().int().min(300).max(3600).optional(),
  metaInfo: z.record(z.string().regex(/^udf([1-9]|1[0-5])$/), z.string().max(256)).optional(),
  paymentFlow: z.strictObject({
    type: z.literal('PG_CHECKOUT'),
    message: z.string().optional(),
    merchantUrls: z.strictObject({ redirectUrl: z.url() }),
    paymentModeConfig: z.looseObject({}).optional(),
  }),
  disablePaymentRetry: z.boolean().optional(),
});

const refundSchema = z.strictObject({
  merchantRefundId: z.string().regex(/^[A-Za-z0-9_-]{1,63}$/),
  originalMerchantOrderId: z.string(),
  amount: z.number().int().min(100),
});

interface EmulatedRefund {
  merchantRefundId: string;
  refundId: string;
  originalMerchantOrderId: string;
  amount: number;
  state: 'PENDING' | 'COMPLETED';
  timestamp: number;
}

const TOKEN_LIFETIME_SECONDS = 3600;

function phonePeError(res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, { success: false, code, message });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A local PhonePe Standard Checkout v2: OAuth token, pay, order status, a stand-in pay page with
 * Success / Failure / Pending, the webhook (Authorization: sha256 of username:password), refunds and
 * their status, and test hooks that complete a pending order and count refunds.
 */
export async function startPhonePeEmulator(options: PhonePeEmulatorOptions): Promise<RunningServer> {
  const tokens = new Map<string, number>();
  const orders = new Map<string, EmulatedOrder>();
  const byOrderId = new Map<string, EmulatedOrder>();
  const refunds = new Map<string, EmulatedRefund>();
  let baseUrl = '';

  const authorised = (req: IncomingMessage) => {
    const match = /^O-Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const expiresAt = match ? tokens.get(match[1]!) : undefined;
    return expiresAt !== undefined && expiresAt * 1000 > Date.now();
  };

  const settle = (order: EmulatedOrder, state: OrderState) => {
    if (order.state !== 'PENDING') return;
    order.state = state;
    order.paymentDetails.push({
      paymentMode: 'UPI_QR',
      transactionId: providerId('OM'),
      timestamp: Date.now(),
      amount: order.amount,
      state,
      ...(state === 'FAILED' ? DECLINED : {}),
    });
    if (state === 'PENDING' || !options.webhookUrl) return;
    const body = JSON.stringify({
      event: state === 'COMPLETED' ? 'checkout.order.completed' : 'checkout.order.failed',
      payload: { merchantId: 'EMULATORMERCHANT', merchantOrderId: order.merchantOrderId, ...statusBody(order) },
    });
    const authorization = createHash('sha256').update(`${options.webhookUsername}:${options.webhookPassword}`).digest('hex');
    setImmediate(() => void deliverWebhook('PhonePe', options.webhookUrl!, body, { authorization }));
  };

  // PhonePe repeats the merchant's metaInfo in status answers and webhooks.
  const statusBody = (order: EmulatedOrder) => ({
    orderId: order.orderId,
    state: order.state,
    amount: order.amount,
    expireAt: order.expireAt,
    ...(order.metaInfo ? { metaInfo: order.metaInfo } : {}),
    ...(order.state === 'FAILED' ? DECLINED : {}),
    paymentDetails: order.paymentDetails,
  });

  const payPage = (order: EmulatedOrder) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>PhonePe (test) - Pay</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px">
<main>
<h1>PhonePe (test)</h1>
<p>Order ${escapeHtml(order.merchantOrderId)}</p>
<p>Amount: ${escapeHtml(new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(order.amount / 100))}</p>
<form method="post" action="/pay/${encodeURIComponent(order.orderId)}" style="display:flex;gap:8px">
<button type="submit" name="outcome" value="COMPLETED">Success</button>
<button type="submit" name="outcome" value="FAILED">Failure</button>
<button type="submit" name="outcome" value="PENDING">Pending</button>
</form>
</main></body></html>`;

  const server = await listen(
    options.port ?? 54331,
    async (req, res, url) => {
      const route = `${req.method} ${url.pathname}`;
      if (req.method === 'OPTIONS') return sendText(res, 204, 'text/plain', '');

      if (route === 'POST /v1/oauth/token') {
        const form = tokenFormSchema.safeParse(Object.fromEntries(new URLSearchParams(await readBody(req))));
        if (!form.success) return phonePeError(res, 400, 'BAD_REQUEST', `Invalid token request: ${form.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
        const { client_id, client_secret, client_version } = form.data;
        if (client_id !== options.clientId || client_secret !== options.clientSecret || client_version !== options.clientVersion) {
          return phonePeError(res, 401, 'AUTHORIZATION_FAILED', 'Client credentials are invalid');
        }
        const token = randomBytes(24).toString('base64url');
        const issuedAt = Math.floor(Date.now() / 1000);
        tokens.set(token, issuedAt + TOKEN_LIFETIME_SECONDS);
        return sendJson(res, 200, {
          access_token: token,
          encrypted_access_token: token,
          expires_in: null,
          issued_at: issuedAt,
          expires_at: issuedAt + TOKEN_LIFETIME_SECONDS,
          session_expires_at: issuedAt + TOKEN_LIFETIME_SECONDS,
          token_type: 'O-Bearer',
        });
      }

      if (route === 'POST /checkout/v2/pay') {
        if (!authorised(req)) return phonePeError(res, 401, 'AUTHORIZATION_FAILED', 'Missing or expired O-Bearer token');
        let raw: unknown;
        try {
          raw = JSON.parse(await readBody(req));
        } catch {
          return phonePeError(res, 400, 'BAD_REQUEST', 'The request body is not valid JSON');
        }
        const pay = paySchema.safeParse(raw);
        if (!pay.success) return phonePeError(res, 400, 'BAD_REQUEST', `Invalid pay request: ${pay.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
        if (orders.has(pay.data.merchantOrderId)) return phonePeError(res, 409, 'DUPLICATE_ORDER', `merchantOrderId ${pay.data.merchantOrderId} was already used`);
        const order: EmulatedOrder = {
          orderId: providerId('OMO'),
          merchantOrderId: pay.data.merchantOrderId,
          amount: pay.data.amount,
          state: 'PENDING',
          expireAt: Date.now() + (pay.data.expireAfter ?? 1200) * 1000,
          redirectUrl: pay.data.paymentFlow.merchantUrls.redirectUrl,
          ...(pay.data.metaInfo ? { metaInfo: pay.data.metaInfo } : {}),
          paymentDetails: [],
        };
        orders.set(order.merchantOrderId, order);
        byOrderId.set(order.orderId, order);
        return sendJson(res, 200, { orderId: order.orderId, state: order.state, expireAt: order.expireAt, redirectUrl: `${baseUrl}/pay/${order.orderId}` });
      }

      const status = /^\/checkout\/v2\/order\/([^/]+)\/status$/.exec(url.pathname);
      if (req.method === 'GET' && status) {
        if (!authorised(req)) return phonePeError(res, 401, 'AUTHORIZATION_FAILED', 'Missing or expired O-Bearer token');
        const order = orders.get(decodeURIComponent(status[1]!));
        return order ? sendJson(res, 200, statusBody(order)) : phonePeError(res, 404, 'ORDER_NOT_FOUND', 'No order with this merchantOrderId');
      }

      if (route === 'POST /payments/v2/refund') {
        if (!authorised(req)) return phonePeError(res, 401, 'AUTHORIZATION_FAILED', 'Missing or expired O-Bearer token');
        let raw: unknown;
        try {
          raw = JSON.parse(await readBody(req));
        } catch {
          return phonePeError(res, 400, 'BAD_REQUEST', 'The request body is not valid JSON');
        }
        const refund = refundSchema.safeParse(raw);
        if (!refund.success) return phonePeError(res, 400, 'BAD_REQUEST', `Invalid refund request: ${refund.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
        const { merchantRefundId, originalMerchantOrderId, amount } = refund.data;
        // The same merchantRefundId is the same refund: a retried request answers it again.
        const earlier = refunds.get(merchantRefundId);
        if (earlier) {
          if (earlier.originalMerchantOrderId !== originalMerchantOrderId || earlier.amount !== amount) {
            return phonePeError(res, 409, 'DUPLICATE_REFUND_ID', `merchantRefundId ${merchantRefundId} was used for another refund`);
          }
          return sendJson(res, 200, { refundId: earlier.refundId, amount: earlier.amount, state: 'PENDING' });
        }
        const order = orders.get(originalMerchantOrderId);
        if (!order) return phonePeError(res, 404, 'ORDER_NOT_FOUND', 'No order with this merchantOrderId');
        if (order.state !== 'COMPLETED') return phonePeError(res, 400, 'INVALID_TRANSACTION_STATE', `Order is ${order.state}; only a COMPLETED order can be refunded`);
        const refunded = [...refunds.values()].filter((earlierRefund) => earlierRefund.originalMerchantOrderId === order.merchantOrderId).reduce((sum, earlierRefund) => sum + earlierRefund.amount, 0);
        if (refunded + amount > order.amount) return phonePeError(res, 400, 'EXCESS_REFUND_AMOUNT', `Refunds would exceed the order amount of ${order.amount} paise`);
        const created: EmulatedRefund = { merchantRefundId, refundId: providerId('OMR'), originalMerchantOrderId, amount, state: 'PENDING', timestamp: Date.now() };
        refunds.set(merchantRefundId, created);
        sendJson(res, 200, { refundId: created.refundId, amount, state: 'PENDING' });
        // The bank settles at once here; the status API then reports it done.
        created.state = 'COMPLETED';
        return;
      }

      const refundStatus = /^\/payments\/v2\/refund\/([^/]+)\/status$/.exec(url.pathname);
      if (req.method === 'GET' && refundStatus) {
        if (!authorised(req)) return phonePeError(res, 401, 'AUTHORIZATION_FAILED', 'Missing or expired O-Bearer token');
        const refund = refunds.get(decodeURIComponent(refundStatus[1]!));
        if (!refund) return phonePeError(res, 404, 'REFUND_NOT_FOUND', 'No refund with this merchantRefundId');
        const { originalMerchantOrderId, amount, state, timestamp, refundId } = refund;
        return sendJson(res, 200, { originalMerchantOrderId, amount, state, timestamp, refundId });
      }

      // Emulator only: what tests count (a real merchant would read its dashboard).
      if (route === 'GET /__emulator/refunds') return sendJson(res, 200, { count: refunds.size, items: [...refunds.values()] });

      const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (page) {
        const order = byOrderId.get(page[1]!);
        if (!order) return sendText(res, 404, 'text/plain; charset=utf-8', 'PhonePe emulator: unknown pay page');
        if (req.method === 'GET') return sendText(res, 200, 'text/html; charset=utf-8', payPage(order));
        if (req.method === 'POST') {
          const outcome = z.enum(['COMPLETED', 'FAILED', 'PENDING']).safeParse(new URLSearchParams(await readBody(req)).get('outcome'));
          if (!outcome.success) return phonePeError(res, 400, 'BAD_REQUEST', 'outcome must be COMPLETED, FAILED or PENDING');
          settle(order, outcome.data);
          return sendText(res, 303, 'text/plain; charset=utf-8', '', { location: order.redirectUrl });
        }
      }

      const complete = /^\/__emulator\/orders\/([^/]+)\/complete$/.exec(url.pathname);
      if (req.method === 'POST' && complete) {
        const order = orders.get(decodeURIComponent(complete[1]!));
        if (!order) return phonePeError(res, 404, 'ORDER_NOT_FOUND', 'No order with this merchantOrderId');
        if (order.state !== 'PENDING') return phonePeError(res, 409, 'NOT_PENDING', `Order is ${order.state}, not PENDING`);
        settle(order, 'COMPLETED');
        return sendJson(res, 200, statusBody(order));
      }

      phonePeError(res, 501, 'NOT_IMPLEMENTED', `The PhonePe emulator does not implement ${route}`);
    },
    'PhonePe',
  );
  baseUrl = server.url;
  return server;
}
