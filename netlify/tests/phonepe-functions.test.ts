import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedWebhook } from '../../emulators/razorpay/webhook-recorder.ts';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { phonePeWebhookAuthorization } from '../../src/features/checkout/server/signatures';
import { checkoutBody, SITE_URL, startTestStack, type TestStack } from './test-stack';

const phonePeCreatePayment = paymentHandler('phonepe', 'create');
const phonePeVerifyPayment = paymentHandler('phonepe', 'verify');
const phonePeWebhook = paymentHandler('phonepe', 'webhook');

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

let serial = 0;
const transactionId = () => `TXN_${Date.now()}_test${++serial}`;

const payment = (overrides: Record<string, unknown> = {}) => checkoutBody([{ productId: 101, quantity: 1 }], { merchantTransactionId: transactionId(), ...overrides });

/** Creates a payment, then presses a button on the emulator's pay page as the customer would. */
async function createAndChoose(outcome: 'COMPLETED' | 'FAILED' | 'PENDING', overrides: Record<string, unknown> = {}) {
  const body = payment(overrides);
  const created = await stack.call(phonePeCreatePayment, body);
  expect(created.status).toBe(200);
  const { url } = (created.body.data as { instrumentResponse: { redirectInfo: { url: string } } }).instrumentResponse.redirectInfo;
  const before = stack.phonePeHooks.received.length;
  const back = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });
  const webhook = outcome === 'PENDING' ? null : (await stack.phonePeHooks.waitFor(before + 1))[before]!;
  return { id: body.merchantTransactionId, redirectedTo: back.headers.get('location'), webhook };
}

const deliver = (webhook: RecordedWebhook) => stack.call(phonePeWebhook, null, { rawBody: webhook.body, headers: { authorization: webhook.headers.authorization! } });

describe('POST /api/phonepe/create-payment', () => {
  it('records a created order and answers the spec shape with the pay page URL', async () => {
    const body = payment();
    const created = await stack.call(phonePeCreatePayment, body);
    expect(created).toEqual({
      status: 200,
      body: {
        success: true,
        data: { merchantTransactionId: body.merchantTransactionId, instrumentResponse: { redirectInfo: { url: expect.stringContaining(stack.phonePe.url), method: 'GET' } } },
      },
    });
    expect((await stack.ordersWhere('provider_order_id', body.merchantTransactionId))[0]).toMatchObject({
      provider: 'phonepe',
      payment_status: 'pending',
      amount_paise: 3010,
      guest_session_id: body.cartSessionId,
    });
  });

  it('sends the customer back to the callback page', async () => {
    const { id, redirectedTo } = await createAndChoose('PENDING');
    expect(redirectedTo).toBe(`${SITE_URL}/payment/phonepe/callback?merchantTransactionId=${id}`);
  });

  it("sends a customer who paid from a page in another language back to that language's callback page", async () => {
    const { id, redirectedTo } = await createAndChoose('PENDING', { language: 'hi' });
    expect(redirectedTo).toBe(`${SITE_URL}/hi/payment/phonepe/callback?merchantTransactionId=${id}`);
  });

  it('refuses a malformed transaction id, a tampered amount and a reused transaction id', async () => {
    expect((await stack.call(phonePeCreatePayment, payment({ merchantTransactionId: 'ORDER-1' }))).body.error).toBe(
      'Invalid request: merchantTransactionId must look like TXN_ followed by 6 to 60 letters, digits or _',
    );
    expect((await stack.call(phonePeCreatePayment, payment({ amount: 1 }))).status).toBe(409);
    const body = payment();
    expect((await stack.call(phonePeCreatePayment, body)).status).toBe(200);
    expect(await stack.call(phonePeCreatePayment, body)).toEqual({
      status: 409,
      body: { error: 'This merchantTransactionId was already used. Please start a new payment.' },
    });
  });
});

describe('POST /api/phonepe/verify-payment', () => {
  it('needs a merchantTransactionId and knows only our orders', async () => {
    expect(await stack.call(phonePeVerifyPayment, { merchantId: 'M1' })).toEqual({ status: 400, body: { error: 'Missing merchantTransactionId' } });
    expect(await stack.call(phonePeVerifyPayment, { merchantTransactionId: 'TXN_unknown_000' })).toEqual({
      status: 404,
      body: { error: 'Unknown merchantTransactionId' },
    });
  });

  it('verifies a successful payment and marks the order paid once, also when replayed', async () => {
    const { id } = await createAndChoose('COMPLETED');
    const first = await stack.call(phonePeVerifyPayment, { merchantTransactionId: id, merchantId: 'EMULATORMERCHANT' });
    expect(first).toEqual({ status: 200, body: { verified: true, data: { state: 'COMPLETED', responseCode: 'PAYMENT_SUCCESS' }, orderNumber: expect.stringMatching(/^MK-/), guestKey: expect.any(String) } });
    const [paid] = await stack.ordersWhere('provider_order_id', id);
    expect(paid).toMatchObject({ payment_status: 'paid', provider_payment_id: expect.stringMatching(/^OM/) });
    expect(await stack.call(phonePeVerifyPayment, { merchantTransactionId: id })).toEqual(first);
    expect(await stack.ordersWhere('provider_order_id', id)).toEqual([paid]);
  });

  it('reports a pending payment, then verifies it once PhonePe completes it', async () => {
    const { id } = await createAndChoose('PENDING');
    expect(await stack.call(phonePeVerifyPayment, { merchantTransactionId: id })).toEqual({
      status: 200,
      body: { verified: false, data: { state: 'PENDING', responseCode: 'PAYMENT_PENDING' } },
    });
    expect((await stack.ordersWhere('provider_order_id', id))[0]!.payment_status).toBe('pending');
    await fetch(`${stack.phonePe.url}/__emulator/orders/${id}/complete`, { method: 'POST' });
    expect((await stack.call(phonePeVerifyPayment, { merchantTransactionId: id })).body.verified).toBe(true);
    expect((await stack.ordersWhere('provider_order_id', id))[0]!.payment_status).toBe('paid');
  });

  it('reports a failed payment and marks the order failed', async () => {
    const { id } = await createAndChoose('FAILED');
    expect(await stack.call(phonePeVerifyPayment, { merchantTransactionId: id })).toEqual({
      status: 200,
      body: { verified: false, data: { state: 'FAILED', responseCode: 'PAYMENT_ERROR' } },
    });
    expect((await stack.ordersWhere('provider_order_id', id))[0]).toMatchObject({ payment_status: 'failed', failure_reason: 'PAYMENT_DECLINED' });
  });
});

describe('POST /api/phonepe/webhook', () => {
  it('webhook before and after the browser verify: one paid order with one payment id', async () => {
    const { id, webhook } = await createAndChoose('COMPLETED');
    expect(await deliver(webhook!)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const [paid] = await stack.ordersWhere('provider_order_id', id);
    expect(paid).toMatchObject({ payment_status: 'paid' });
    expect((await stack.call(phonePeVerifyPayment, { merchantTransactionId: id })).body.verified).toBe(true);
    await deliver(webhook!);
    expect(await stack.ordersWhere('provider_order_id', id)).toEqual([paid]);
  });

  it('marks a failed order failed but never a paid one', async () => {
    const { id, webhook } = await createAndChoose('FAILED');
    await deliver(webhook!);
    expect((await stack.ordersWhere('provider_order_id', id))[0]!.payment_status).toBe('failed');

    const completed = await createAndChoose('COMPLETED');
    await deliver(completed.webhook!);
    const lateFailure = completed.webhook!.body.replace('checkout.order.completed', 'checkout.order.failed').replaceAll('"COMPLETED"', '"FAILED"');
    await stack.call(phonePeWebhook, null, { rawBody: lateFailure, headers: { authorization: completed.webhook!.headers.authorization! } });
    expect((await stack.ordersWhere('provider_order_id', completed.id))[0]!.payment_status).toBe('paid');
  });

  it('refuses a wrong Authorization with 401 and ignores unknown orders', async () => {
    const { id, webhook } = await createAndChoose('COMPLETED');
    const wrong = phonePeWebhookAuthorization(stack.env.PHONEPE_WEBHOOK_USERNAME, 'guessed-password');
    expect(await stack.call(phonePeWebhook, null, { rawBody: webhook!.body, headers: { authorization: wrong } })).toEqual({
      status: 401,
      body: { error: 'Invalid webhook authorization' },
    });
    expect((await stack.call(phonePeWebhook, null, { rawBody: webhook!.body })).status).toBe(401);
    expect((await stack.ordersWhere('provider_order_id', id))[0]!.payment_status).toBe('pending');

    const notOurs = webhook!.body.replaceAll(id, 'TXN_not_ours_0001');
    expect(await stack.call(phonePeWebhook, null, { rawBody: notOurs, headers: { authorization: webhook!.headers.authorization! } })).toEqual({
      status: 200,
      body: { ignored: true },
    });
  });
});

describe('PhonePe webhook is confirmed through the order-status API', () => {
  const forged = (merchantOrderId: string, amount: number) =>
    JSON.stringify({
      event: 'checkout.order.completed',
      payload: {
        orderId: 'OMO_notconfirmed',
        merchantId: 'EMULATORMERCHANT',
        merchantOrderId,
        state: 'COMPLETED',
        amount,
        paymentDetails: [{ paymentMode: 'UPI_QR', transactionId: 'OM_claimed', timestamp: Date.now(), amount, state: 'COMPLETED' }],
      },
    });
  const authorization = () => phonePeWebhookAuthorization(stack.env.PHONEPE_WEBHOOK_USERNAME, stack.env.PHONEPE_WEBHOOK_PASSWORD);

  it('a COMPLETED webhook while the status API says PENDING does not mark paid, and is stored with its reason', async () => {
    const body = payment();
    expect((await stack.call(phonePeCreatePayment, body)).status).toBe(200);
    const delivered = await stack.call(phonePeWebhook, null, { rawBody: forged(body.merchantTransactionId, 3010), headers: { authorization: authorization() } });
    expect(delivered).toEqual({ status: 200, body: { received: true, applied: false } });
    expect((await stack.ordersWhere('provider_order_id', body.merchantTransactionId))[0]).toMatchObject({ payment_status: 'pending', provider_payment_id: null });
    expect(await stack.webhookEventsOf('phonepe')).toContainEqual({
      event_id: expect.stringMatching(/^phonepe_/),
      provider: 'phonepe',
      reason: 'webhook says paid but the status API says pending',
    });
  });
});

describe('PhonePe refund webhooks (pg.refund.completed / pg.refund.failed name the refund, not the order)', () => {
  const authorization = () => phonePeWebhookAuthorization(stack.env.PHONEPE_WEBHOOK_USERNAME, stack.env.PHONEPE_WEBHOOK_PASSWORD);
  const refundEvent = (event: string, payload: Record<string, unknown>) => JSON.stringify({ event, payload: { merchantId: 'EMULATORMERCHANT', timestamp: Date.now(), ...payload } });
  const admin = () => createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });

  it('records the state of the refund it finds by merchantRefundId, answering 200, once per delivery', async () => {
    const { id, webhook } = await createAndChoose('COMPLETED');
    await deliver(webhook!);
    const [order] = await stack.ordersWhere('provider_order_id', id);
    // Requested but never answered by PhonePe (a timeout): our row has no PhonePe refund id yet.
    const merchantRefundId = `cancel-${order!.id}`;
    const { error } = await admin().rpc('request_refund', { p_order_id: order!.id, p_amount_paise: 3010, p_idempotency_key: merchantRefundId, p_reason: 'Customer cancelled', p_kind: 'cancel' });
    expect(error).toBeNull();

    const completed = refundEvent('pg.refund.completed', { merchantRefundId, refundId: 'OMR_fromwebhook1', state: 'COMPLETED', amount: 3010 });
    const answer = await stack.call(phonePeWebhook, null, { rawBody: completed, headers: { authorization: authorization() } });
    expect(answer).toEqual({ status: 200, body: { received: true, duplicate: false } });
    const { data: refunds } = await admin().from('refunds').select('state, provider_refund_id').eq('idempotency_key', merchantRefundId);
    expect(refunds).toEqual([{ state: 'processed', provider_refund_id: 'OMR_fromwebhook1' }]);
    expect(await stack.call(phonePeWebhook, null, { rawBody: completed, headers: { authorization: authorization() } })).toEqual({ status: 200, body: { received: true, duplicate: true } });
  });

  it('answers 200 to a refund event for a refund we do not know, and to one without ids, so PhonePe stops retrying', async () => {
    const unknown = refundEvent('pg.refund.failed', { merchantRefundId: 'rx-not-ours', refundId: 'OMR_notours', state: 'FAILED', amount: 100, originalMerchantOrderId: 'TXN_not_ours' });
    expect((await stack.call(phonePeWebhook, null, { rawBody: unknown, headers: { authorization: authorization() } })).status).toBe(200);
    const bare = refundEvent('pg.refund.accepted', { state: 'CONFIRMED', amount: 100 });
    expect(await stack.call(phonePeWebhook, null, { rawBody: bare, headers: { authorization: authorization() } })).toEqual({ status: 200, body: { ignored: true } });
  });
});
