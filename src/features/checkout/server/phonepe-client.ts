import { z } from 'zod';
import { HttpRefusal } from '../../../lib/server/http';
import { refusals } from '../../../domain/strings/english/refusals';
import { fill } from '../../../domain/strings/fill';
import { callProvider, endpoint } from './provider-http';

export interface PhonePeConfig {
  identityBase: string;
  pgBase: string;
  clientId: string;
  clientSecret: string;
  clientVersion: string;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_at: z.number() });
const payReplySchema = z.object({ orderId: z.string(), state: z.string(), redirectUrl: z.url() });
const statusReplySchema = z.object({
  orderId: z.string(),
  state: z.enum(['COMPLETED', 'PENDING', 'FAILED']),
  amount: z.number().int(),
  paymentDetails: z
    .array(z.object({ transactionId: z.string(), state: z.string(), errorCode: z.string().optional() }))
    .default([]),
});
export type PhonePeOrderStatus = z.infer<typeof statusReplySchema>;
const refundReplySchema = z.object({ refundId: z.string(), amount: z.number().int(), state: z.enum(['PENDING', 'CONFIRMED', 'COMPLETED', 'FAILED']) });
export type PhonePeRefund = z.infer<typeof refundReplySchema>;

/** PhonePe Standard Checkout v2 over fetch; the OAuth token is reused until a minute before expiry. */
export class PhonePeClient {
  private token: { value: string; expiresAtMs: number } | null = null;

  constructor(
    private readonly config: PhonePeConfig,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => number = Date.now,
  ) {}

  private call(url: string, init: RequestInit, what: string): Promise<{ status: number; body: unknown }> {
    return callProvider(this.fetcher, 'PhonePe', what, url, init);
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAtMs - 60_000 > this.now()) return this.token.value;
    const form = new URLSearchParams({
      client_id: this.config.clientId,
      client_version: this.config.clientVersion,
      client_secret: this.config.clientSecret,
      grant_type: 'client_credentials',
    });
    const { status, body } = await this.call(
      endpoint(this.config.identityBase, '/v1/oauth/token'),
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form },
      'token',
    );
    const parsed = tokenSchema.safeParse(body);
    if (status !== 200 || !parsed.success) {
      console.error(`[phonepe] token request answered ${status}`);
      throw new HttpRefusal(502, fill(refusals.providerUnavailable, { provider: 'PhonePe' }));
    }
    this.token = { value: parsed.data.access_token, expiresAtMs: parsed.data.expires_at * 1000 };
    return this.token.value;
  }

  async createPayment(payment: { merchantOrderId: string; amountPaise: number; redirectUrl: string }): Promise<{ redirectUrl: string }> {
    const token = await this.accessToken();
    const { status, body } = await this.call(
      endpoint(this.config.pgBase, '/checkout/v2/pay'),
      {
        method: 'POST',
        headers: { authorization: `O-Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          merchantOrderId: payment.merchantOrderId,
          amount: payment.amountPaise,
          expireAfter: 1200,
          paymentFlow: { type: 'PG_CHECKOUT', message: 'Medicine Order Payment', merchantUrls: { redirectUrl: payment.redirectUrl } },
        }),
      },
      'pay',
    );
    const parsed = payReplySchema.safeParse(body);
    if (status !== 200 || !parsed.success) {
      console.error(`[phonepe] pay answered ${status}`);
      throw new HttpRefusal(502, fill(refusals.providerCouldNotStart, { provider: 'PhonePe' }));
    }
    return { redirectUrl: parsed.data.redirectUrl };
  }

  async orderStatus(merchantOrderId: string): Promise<PhonePeOrderStatus> {
    const token = await this.accessToken();
    const { status, body } = await this.call(
      endpoint(this.config.pgBase, `/checkout/v2/order/${encodeURIComponent(merchantOrderId)}/status`),
      { method: 'GET', headers: { authorization: `O-Bearer ${token}`, 'content-type': 'application/json' } },
      'status',
    );
    const parsed = statusReplySchema.safeParse(body);
    if (status !== 200 || !parsed.success) {
      console.error(`[phonepe] status answered ${status}`);
      throw new HttpRefusal(502, fill(refusals.providerCouldNotConfirm, { provider: 'PhonePe' }));
    }
    return parsed.data;
  }

  /** POST /payments/v2/refund; PhonePe treats a repeated merchantRefundId as the same refund. */
  async refund(refund: { merchantRefundId: string; merchantOrderId: string; amountPaise: number }): Promise<PhonePeRefund> {
    const token = await this.accessToken();
    const { status, body } = await this.call(
      endpoint(this.config.pgBase, '/payments/v2/refund'),
      {
        method: 'POST',
        headers: { authorization: `O-Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ merchantRefundId: refund.merchantRefundId, originalMerchantOrderId: refund.merchantOrderId, amount: refund.amountPaise }),
      },
      'refund',
    );
    const refused = z.object({ message: z.string() }).safeParse(body);
    if (status === 400 && refused.success) throw new HttpRefusal(422, `PhonePe refused the refund: ${refused.data.message}`);
    const parsed = refundReplySchema.safeParse(body);
    if (status !== 200 || !parsed.success) {
      console.error(`[phonepe] refund answered ${status}`);
      throw new HttpRefusal(502, 'PhonePe could not refund the payment. Please try again.');
    }
    return parsed.data;
  }

  /** GET /payments/v2/refund/{merchantRefundId}/status: where a refund answered PENDING got to. */
  async refundStatus(merchantRefundId: string): Promise<PhonePeRefund> {
    const token = await this.accessToken();
    const { status, body } = await this.call(
      endpoint(this.config.pgBase, `/payments/v2/refund/${encodeURIComponent(merchantRefundId)}/status`),
      { method: 'GET', headers: { authorization: `O-Bearer ${token}`, 'content-type': 'application/json' } },
      'refund status',
    );
    const parsed = refundReplySchema.safeParse(body);
    if (status !== 200 || !parsed.success) {
      console.error(`[phonepe] refund status answered ${status}`);
      throw new HttpRefusal(502, 'PhonePe could not report the refund. Please try again.');
    }
    return parsed.data;
  }
}

/** The PhonePe transaction id of the payment that settled the order, if any. */
export function settledTransactionId(paymentDetails: readonly { transactionId: string; state: string }[]): string | null {
  return paymentDetails.find((payment) => payment.state === 'COMPLETED')?.transactionId ?? null;
}
