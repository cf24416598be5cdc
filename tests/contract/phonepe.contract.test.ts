import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPhonePeEmulator } from '../../emulators/phonepe/index';
import { startWebhookRecorder } from '../../emulators/razorpay/webhook-recorder';
import { parseServerEnv } from '../../src/features/checkout/server/env';

import { PhonePeClient, settledTransactionId } from '../../src/features/checkout/server/phonepe-client';
import { createPhonePeProvider } from '../../src/features/checkout/server/phonepe-provider';
import { configuredFor, expectDocumentedRequest, expectDocumentedShape, fillPath, recordingFetch, refusal, refusalOf } from './contract-kit';
import { oauthToken } from './fixtures/phonepe/oauth-token';
import { orderStatus } from './fixtures/phonepe/order-status';
import { pay } from './fixtures/phonepe/pay';
import { refund, refundStatus } from './fixtures/phonepe/refund';
import { phonePeWebhooks, webhookAuthorisation } from './fixtures/phonepe/webhooks';

// PhonePe Standard Checkout v2 as its documentation describes it (fixtures/phonepe): our client must
// send exactly the documented requests and read the documented answers, and the emulator must accept
// the same requests and answer in the same shapes.

const CONFIG = {
  identityBase: 'https://api.phonepe.com/apis/identity-manager',
  pgBase: 'https://api.phonepe.com/apis/pg',
  clientId: oauthToken.example.client_id,
  clientSecret: oauthToken.example.client_secret,
  clientVersion: oauthToken.example.client_version,
};
const TOKEN_ISSUED_MS = oauthToken.answers.ok.body.issued_at * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

const clientWith = (...replies: Parameters<typeof recordingFetch>) => {
  const recording = recordingFetch(...replies);
  return { client: new PhonePeClient(CONFIG, recording.fetcher, () => TOKEN_ISSUED_MS), requests: recording.requests };
};

describe('our PhonePe client against the documented API', () => {
  it('gets a form-encoded token from the identity host, then pays with O-Bearer and the documented body', async () => {
    const { client, requests } = clientWith(oauthToken.answers.ok, pay.answers.ok, pay.answers.ok);
    const redirect = await client.createPayment({ merchantOrderId: 'MK-1042-a1', amountPaise: 64900, redirectUrl: pay.example.paymentFlow.merchantUrls.redirectUrl });
    expect(redirect).toEqual({ redirectUrl: pay.answers.ok.body.redirectUrl });
    expectDocumentedRequest(requests[0]!, oauthToken);
    expect(requests[0]!.url.href).toBe('https://api.phonepe.com/apis/identity-manager/v1/oauth/token');
    expect(Object.fromEntries(new URLSearchParams(requests[0]!.body))).toEqual(oauthToken.example);
    expectDocumentedRequest(requests[1]!, pay);
    expect(requests[1]!.url.href).toBe('https://api.phonepe.com/apis/pg/checkout/v2/pay');
    expect(requests[1]!.headers.get('authorization')).toBe(`O-Bearer ${oauthToken.answers.ok.body.access_token}`);
    expect(JSON.parse(requests[1]!.body)).toMatchObject({ merchantOrderId: 'MK-1042-a1', amount: 64900 });

    // The token is good until expires_at: the next call reuses it.
    await client.createPayment({ merchantOrderId: 'MK-1042-a2', amountPaise: 64900, redirectUrl: pay.example.paymentFlow.merchantUrls.redirectUrl });
    expect(requests.map((request) => request.url.pathname)).toEqual(['/apis/identity-manager/v1/oauth/token', '/apis/pg/checkout/v2/pay', '/apis/pg/checkout/v2/pay']);
  });

  it('reads the documented order status answers', async () => {
    const { client, requests } = clientWith(oauthToken.answers.ok, orderStatus.answers.completed, orderStatus.answers.failed, orderStatus.answers.pending);
    const completed = await client.orderStatus('MK-1042-a1');
    expect(completed.state).toBe('COMPLETED');
    expect(settledTransactionId(completed.paymentDetails)).toBe('OM2611261042000001');
    expectDocumentedRequest(requests[1]!, orderStatus);
    expect(requests[1]!.url.pathname).toBe('/apis/pg/checkout/v2/order/MK-1042-a1/status');
    const failed = await client.orderStatus('MK-1042-a2');
    expect(failed).toMatchObject({ state: 'FAILED', paymentDetails: [{ state: 'FAILED', errorCode: 'PAYMENT_DECLINED' }] });
    expect(settledTransactionId(failed.paymentDetails)).toBeNull();
    expect(await client.orderStatus('MK-1042-a3')).toMatchObject({ state: 'PENDING', paymentDetails: [] });
  });

  it('refunds with the documented body, reads its status, and passes a documented refusal on', async () => {
    const { client, requests } = clientWith(oauthToken.answers.ok, refund.answers.ok, refundStatus.answers.completed, refundStatus.answers.confirmed, refund.answers.excessAmount);
    expect(await client.refund({ merchantRefundId: 'rf-MK-1042-0001', merchantOrderId: 'MK-1042-a1', amountPaise: 20000 })).toEqual(refund.answers.ok.body);
    expectDocumentedRequest(requests[1]!, refund);
    expect(JSON.parse(requests[1]!.body)).toEqual(refund.example);
    expect(await client.refundStatus('rf-MK-1042-0001')).toMatchObject({ refundId: 'OMR2611261042000001', amount: 20000, state: 'COMPLETED' });
    expectDocumentedRequest(requests[2]!, refundStatus);
    expect(requests[2]!.url.pathname).toBe('/apis/pg/payments/v2/refund/rf-MK-1042-0001/status');
    expect((await client.refundStatus('rf-MK-1042-0001')).state).toBe('CONFIRMED');
    const refused = await refusal(client.refund({ merchantRefundId: 'rf-MK-1042-0002', merchantOrderId: 'MK-1042-a1', amountPaise: 90000 }));
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(`PhonePe refused the refund: ${refund.answers.excessAmount.body.message}`);
  });

  describe('webhooks authorised with SHA256(username:password)', () => {
    const env = configuredFor(parseServerEnv({
      SUPABASE_URL: 'https://project.supabase.co',
      SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
      PHONEPE_CLIENT_ID: CONFIG.clientId,
      PHONEPE_CLIENT_SECRET: CONFIG.clientSecret,
      PHONEPE_CLIENT_VERSION: CONFIG.clientVersion,
      PHONEPE_WEBHOOK_USERNAME: webhookAuthorisation.username,
      PHONEPE_WEBHOOK_PASSWORD: webhookAuthorisation.password,
      ORDER_LINK_SECRET: 'an order link secret of at least thirty-two characters',
      SITE_URL: 'https://shop.example.in',
    }), 'phonepe');
    const provider = createPhonePeProvider(env, recordingFetch(oauthToken.answers.ok).fetcher);
    const authorization = sha256(`${webhookAuthorisation.username}:${webhookAuthorisation.password}`);
    const deliver = (body: unknown, header = authorization) => provider.parseWebhook(Buffer.from(JSON.stringify(body)), new Headers({ authorization: header }));

    it('reads checkout.order.completed and checkout.order.failed by event and payload.state', () => {
      expect(deliver(phonePeWebhooks['checkout.order.completed'])).toMatchObject({
        kind: 'payment',
        providerOrderId: 'MK-1042-a1',
        outcome: { state: 'paid', paymentId: 'OM2611261042000001', amountPaise: 64900, currency: 'INR' },
      });
      expect(deliver(phonePeWebhooks['checkout.order.failed'])).toMatchObject({ kind: 'payment', providerOrderId: 'MK-1042-a2', outcome: { state: 'failed', reason: 'PAYMENT_DECLINED' } });
    });

    it('reads a documented pg.refund.completed, which names no merchantOrderId, as the refund it settles', () => {
      const { payload } = phonePeWebhooks['pg.refund.completed'];
      expect(deliver(phonePeWebhooks['pg.refund.completed'])).toMatchObject({
        kind: 'refund',
        idempotencyKey: payload.merchantRefundId,
        refund: { refundId: payload.refundId, amountPaise: payload.amount, state: 'completed' },
      });
    });

    it('refuses any other Authorization with 401, whatever the event, before reading the body', () => {
      for (const [body, header] of [
        [phonePeWebhooks['checkout.order.completed'], sha256(`${webhookAuthorisation.username}:another-password`)],
        [phonePeWebhooks['checkout.order.completed'], `Basic ${Buffer.from(`${webhookAuthorisation.username}:${webhookAuthorisation.password}`).toString('base64')}`],
        [phonePeWebhooks['checkout.order.completed'], ''],
        [phonePeWebhooks['pg.refund.completed'], sha256(`${webhookAuthorisation.username}:another-password`)],
      ] as const) {
        expect(refusalOf(() => deliver(body, header)).status).toBe(401);
      }
    });
  });
});

describe('the PhonePe emulator against the documented API', () => {
  let emulator: Awaited<ReturnType<typeof startPhonePeEmulator>>;
  let merchant: Awaited<ReturnType<typeof startWebhookRecorder>>;
  let token = '';
  /** The pay page of the order the documented pay request made (the refund example refunds it). */
  let examplePayPage = '';
  const api = (path: string, init: { method: string; body?: unknown }) =>
    fetch(`${emulator.url}${path}`, {
      method: init.method,
      headers: { authorization: `O-Bearer ${token}`, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  /** The customer's choice on the emulator's pay page. */
  const settle = async (redirectUrl: string, outcome: 'COMPLETED' | 'FAILED') =>
    fetch(redirectUrl, { method: 'POST', body: new URLSearchParams({ outcome }), redirect: 'manual' });
  const payFor = async (merchantOrderId: string) => (await (await api(pay.path, { method: 'POST', body: { ...pay.example, merchantOrderId } })).json()) as { redirectUrl: string };

  beforeAll(async () => {
    merchant = await startWebhookRecorder();
    emulator = await startPhonePeEmulator({
      port: 0,
      clientId: CONFIG.clientId,
      clientSecret: CONFIG.clientSecret,
      clientVersion: CONFIG.clientVersion,
      webhookUrl: merchant.url,
      webhookUsername: webhookAuthorisation.username,
      webhookPassword: webhookAuthorisation.password,
    });
  });
  afterAll(async () => {
    await emulator.close();
    await merchant.close();
  });

  it('issues a token for the documented form-encoded request', async () => {
    const response = await fetch(`${emulator.url}${oauthToken.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(oauthToken.example),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectDocumentedShape(body, oauthToken.answers.ok.body);
    expect(body.token_type).toBe('O-Bearer');
    token = body.access_token;
  });

  it('accepts the documented pay request, every documented optional field included', async () => {
    const response = await api(pay.path, { method: 'POST', body: pay.example });
    expect(response.status).toBe(200);
    const body = await response.json();
    expectDocumentedShape(body, pay.answers.ok.body);
    expect(body.state).toBe('PENDING');
    examplePayPage = body.redirectUrl;
  });

  it('answers order status in the documented shapes: pending, completed, failed', async () => {
    const pending = await payFor('MK-1042-s1');
    const status = (id: string) => api(fillPath(orderStatus.path, { merchantOrderId: id }), { method: 'GET' });
    expectDocumentedShape(await (await status('MK-1042-s1')).json(), orderStatus.answers.pending.body);
    await settle(pending.redirectUrl, 'COMPLETED');
    expectDocumentedShape(await (await status('MK-1042-s1')).json(), orderStatus.answers.completed.body);
    const failing = await payFor('MK-1042-s2');
    await settle(failing.redirectUrl, 'FAILED');
    expectDocumentedShape(await (await status('MK-1042-s2')).json(), orderStatus.answers.failed.body);
  });

  it('refunds with the documented request, reports its status, and refuses too much in the documented error shape', async () => {
    await settle(examplePayPage, 'COMPLETED');
    const response = await api(refund.path, { method: 'POST', body: refund.example });
    expect(response.status).toBe(200);
    expectDocumentedShape(await response.json(), refund.answers.ok.body);
    const status = await api(fillPath(refundStatus.path, { merchantRefundId: refund.example.merchantRefundId }), { method: 'GET' });
    expectDocumentedShape(await status.json(), refundStatus.answers.completed.body);
    const excess = await api(refund.path, { method: 'POST', body: { ...refund.example, merchantRefundId: 'rf-MK-1042-0009', amount: 64900 } });
    expect(excess.status).toBe(400);
    expectDocumentedShape(await excess.json(), refund.answers.excessAmount.body);
  });

  it('sends checkout.order.completed and checkout.order.failed in the documented shape with the documented Authorization', async () => {
    const before = merchant.received.length;
    await settle((await payFor('MK-1042-w1')).redirectUrl, 'COMPLETED');
    await settle((await payFor('MK-1042-w2')).redirectUrl, 'FAILED');
    const hooks = (await merchant.waitFor(before + 2)).slice(before);
    const byEvent = new Map(hooks.map((hook) => [JSON.parse(hook.body).event as string, hook]));
    for (const name of ['checkout.order.completed', 'checkout.order.failed'] as const) {
      const hook = byEvent.get(name);
      expect(hook, name).toBeDefined();
      expect(hook!.headers.authorization).toBe(sha256(`${webhookAuthorisation.username}:${webhookAuthorisation.password}`));
      expectDocumentedShape(JSON.parse(hook!.body), phonePeWebhooks[name]);
    }
  });
});
