import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phonePeWebhookAuthorization } from '../../src/features/checkout/server/signatures';
import { startWebhookRecorder } from '../razorpay/webhook-recorder.ts';
import { startPhonePeEmulator } from './index.ts';

const CLIENT = { clientId: 'TESTCLIENT', clientSecret: 'test-client-secret', clientVersion: '1' };
const WEBHOOK = { webhookUsername: 'hook-user', webhookPassword: 'hook-password' };
const REDIRECT = 'http://localhost:8888/payment/phonepe/callback?merchantTransactionId=TXN_emulator1';

let emulator: Awaited<ReturnType<typeof startPhonePeEmulator>>;
let merchant: Awaited<ReturnType<typeof startWebhookRecorder>>;

beforeAll(async () => {
  merchant = await startWebhookRecorder();
  emulator = await startPhonePeEmulator({ port: 0, ...CLIENT, ...WEBHOOK, webhookUrl: merchant.url });
});
afterAll(async () => {
  await emulator.close();
  await merchant.close();
});

async function token(secret = CLIENT.clientSecret): Promise<Response> {
  return fetch(`${emulator.url}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: CLIENT.clientId, client_version: CLIENT.clientVersion, client_secret: secret, grant_type: 'client_credentials' }),
  });
}

async function pay(merchantOrderId: string, accessToken: string): Promise<Response> {
  return fetch(`${emulator.url}/checkout/v2/pay`, {
    method: 'POST',
    headers: { authorization: `O-Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ merchantOrderId, amount: 24950, paymentFlow: { type: 'PG_CHECKOUT', merchantUrls: { redirectUrl: REDIRECT } } }),
  });
}

const status = (merchantOrderId: string, accessToken: string) =>
  fetch(`${emulator.url}/checkout/v2/order/${merchantOrderId}/status`, { headers: { authorization: `O-Bearer ${accessToken}` } }).then((response) => response.json());

const choose = (payPageUrl: string, outcome: string) =>
  fetch(payPageUrl, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });

describe('PhonePe emulator', () => {
  it('issues a token only for the right client credentials', async () => {
    expect((await token('wrong')).status).toBe(401);
    const reply = await (await token()).json();
    expect(reply.token_type).toBe('O-Bearer');
    expect(reply.expires_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('refuses pay without a token', async () => {
    expect((await pay('TXN_notoken1', 'made-up')).status).toBe(401);
  });

  it('pays through its pay page: Success redirects back, sends the webhook and completes the order', async () => {
    const accessToken = (await (await token()).json()).access_token;
    const created = await (await pay('TXN_success1', accessToken)).json();
    expect(created.state).toBe('PENDING');
    const page = await fetch(created.redirectUrl);
    const html = await page.text();
    for (const label of ['Success', 'Failure', 'Pending']) expect(html).toContain(`>${label}</button>`);

    const before = merchant.received.length;
    const back = await choose(created.redirectUrl, 'COMPLETED');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(REDIRECT);
    const webhook = (await merchant.waitFor(before + 1))[before]!;
    expect(webhook.headers.authorization).toBe(phonePeWebhookAuthorization(WEBHOOK.webhookUsername, WEBHOOK.webhookPassword));
    expect(JSON.parse(webhook.body)).toMatchObject({ event: 'checkout.order.completed', payload: { merchantOrderId: 'TXN_success1', state: 'COMPLETED' } });
    expect(await status('TXN_success1', accessToken)).toMatchObject({ state: 'COMPLETED', amount: 24950, paymentDetails: [{ state: 'COMPLETED' }] });
  });

  it('records a failure and a pending payment that the test hook completes', async () => {
    const accessToken = (await (await token()).json()).access_token;
    const failing = await (await pay('TXN_failure1', accessToken)).json();
    await choose(failing.redirectUrl, 'FAILED');
    expect((await status('TXN_failure1', accessToken)).state).toBe('FAILED');

    const pending = await (await pay('TXN_pending1', accessToken)).json();
    await choose(pending.redirectUrl, 'PENDING');
    expect((await status('TXN_pending1', accessToken)).state).toBe('PENDING');
    const completed = await fetch(`${emulator.url}/__emulator/orders/TXN_pending1/complete`, { method: 'POST' });
    expect((await completed.json()).state).toBe('COMPLETED');
    expect((await status('TXN_pending1', accessToken)).state).toBe('COMPLETED');
  });

  it('refuses a reused merchantOrderId and answers unknown routes with 501', async () => {
    const accessToken = (await (await token()).json()).access_token;
    await pay('TXN_duplicate1', accessToken);
    expect((await pay('TXN_duplicate1', accessToken)).status).toBe(409);
    const unknown = await fetch(`${emulator.url}/pg/v1/pay`, { method: 'POST' });
    expect(unknown.status).toBe(501);
    expect((await unknown.json()).message).toBe('The PhonePe emulator does not implement POST /pg/v1/pay');
  });
});

describe('PhonePe emulator refunds', () => {
  async function completedOrder(merchantOrderId: string) {
    const accessToken = (await (await token()).json()).access_token as string;
    const created = await (await pay(merchantOrderId, accessToken)).json();
    await choose(created.redirectUrl, 'COMPLETED');
    return accessToken;
  }
  const refund = (accessToken: string, body: unknown) =>
    fetch(`${emulator.url}/payments/v2/refund`, {
      method: 'POST',
      headers: { authorization: `O-Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const refundCount = async () => ((await (await fetch(`${emulator.url}/__emulator/refunds`)).json()) as { count: number }).count;

  it('refunds a completed order as PENDING, then reports it COMPLETED through the refund status API', async () => {
    const accessToken = await completedOrder('TXN_refund1');
    const response = await refund(accessToken, { merchantRefundId: 'RFD_refund1_a', originalMerchantOrderId: 'TXN_refund1', amount: 10000 });
    expect(response.status).toBe(200);
    const created = await response.json();
    expect(created).toEqual({ refundId: expect.stringMatching(/^OMR/), amount: 10000, state: 'PENDING' });
    const statusReply = await fetch(`${emulator.url}/payments/v2/refund/RFD_refund1_a/status`, { headers: { authorization: `O-Bearer ${accessToken}` } });
    expect(await statusReply.json()).toEqual({
      originalMerchantOrderId: 'TXN_refund1',
      amount: 10000,
      state: 'COMPLETED',
      timestamp: expect.any(Number),
      refundId: created.refundId,
    });
    expect((await fetch(`${emulator.url}/payments/v2/refund/RFD_unknown/status`, { headers: { authorization: `O-Bearer ${accessToken}` } })).status).toBe(404);
    expect((await refund('made-up', { merchantRefundId: 'RFD_x', originalMerchantOrderId: 'TXN_refund1', amount: 100 })).status).toBe(401);
  });

  it('is idempotent on merchantRefundId, refuses more than the order amount and unpaid orders', async () => {
    const accessToken = await completedOrder('TXN_refund2');
    const counted = await refundCount();
    const body = { merchantRefundId: 'RFD_refund2_a', originalMerchantOrderId: 'TXN_refund2', amount: 20000 };
    const first = await (await refund(accessToken, body)).json();
    expect(await (await refund(accessToken, body)).json()).toEqual(first);
    expect(await refundCount()).toBe(counted + 1);

    const over = await refund(accessToken, { merchantRefundId: 'RFD_refund2_b', originalMerchantOrderId: 'TXN_refund2', amount: 4951 });
    expect(over.status).toBe(400);
    expect((await over.json()).code).toBe('EXCESS_REFUND_AMOUNT');
    expect((await refund(accessToken, { ...body, amount: 100 })).status).toBe(409);

    await pay('TXN_refund3', accessToken);
    const unpaid = await refund(accessToken, { merchantRefundId: 'RFD_refund3_a', originalMerchantOrderId: 'TXN_refund3', amount: 100 });
    expect((await unpaid.json()).code).toBe('INVALID_TRANSACTION_STATE');
    expect(await refundCount()).toBe(counted + 1);
  });
});
