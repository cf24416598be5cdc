import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRazorpayEmulator } from '../../emulators/razorpay/index';
import { startWebhookRecorder } from '../../emulators/razorpay/webhook-recorder';
import { parseServerEnv } from '../../src/features/checkout/server/env';
import type { StoredOrder } from '../../src/features/checkout/server/order-store';
import { createRazorpayProvider } from '../../src/features/checkout/server/razorpay-provider';
import { configuredFor, expectDocumentedRequest, expectDocumentedShape, fillPath, recordingFetch, refusal, refusalOf } from './contract-kit';
import { createOrder } from './fixtures/razorpay/create-order';
import { orderPayments } from './fixtures/razorpay/order-payments';
import { refundPayment } from './fixtures/razorpay/refund';
import { checkoutHandlerResponse, webhookSignature } from './fixtures/razorpay/signatures';
import { razorpayWebhooks } from './fixtures/razorpay/webhooks';

// Razorpay as its documentation describes it (fixtures/razorpay): our client must send exactly the
// documented requests and read the documented answers, and the emulator must accept the same
// requests and answer in the same shapes.

const KEY_ID = 'rzp_test_Contract0001';
const hmac = (message: string, secret: string) => createHmac('sha256', secret).update(message).digest('hex');


const env = configuredFor(parseServerEnv({
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_SERVICE_ROLE_KEY: 'service-role-key',
  RAZORPAY_KEY_ID: KEY_ID,
  RAZORPAY_KEY_SECRET: checkoutHandlerResponse.keySecret,
  RAZORPAY_WEBHOOK_SECRET: webhookSignature.secret,
  ORDER_LINK_SECRET: 'an order link secret of at least thirty-two characters',
  SITE_URL: 'https://shop.example.in',
}), 'razorpay');

const storedOrder = (overrides: Partial<StoredOrder> = {}): StoredOrder => ({
  id: '7d0c7a4e-5b7e-4c43-9d84-2f1f6f3b9a10',
  provider: 'razorpay',
  provider_order_id: 'order_Qm3Pz81XcKd2Ba',
  provider_payment_id: 'pay_Qm3Q0aLr7TfWvN',
  payment_status: 'paid',
  status: 'placed',
  order_number: 'MK-1042',
  user_id: null,
  prescription_paths: [],
  amount_paise: 64900,
  currency: 'INR',
  ...overrides,
});

describe('our Razorpay client against the documented API', () => {
  it('creates an order with the documented request and reads the documented reply', async () => {
    const { fetcher, requests } = recordingFetch(createOrder.answers.ok);
    const created = await createRazorpayProvider(env, fetcher).create({} as never, { id: storedOrder().id, amountPaise: 64900, siteUrl: 'https://shop.example.in' });
    expect(created.providerOrderId).toBe(createOrder.answers.ok.body.id);
    expectDocumentedRequest(requests[0]!, createOrder);
    expect(requests[0]!.url.origin).toBe('https://api.razorpay.com');
    expect(Buffer.from(requests[0]!.headers.get('authorization')!.slice('Basic '.length), 'base64').toString()).toBe(`${KEY_ID}:${checkoutHandlerResponse.keySecret}`);
    expect(JSON.parse(requests[0]!.body)).toMatchObject({ amount: 64900, currency: 'INR' });
  });

  it('turns a documented order error into a 502 for the buyer', async () => {
    const { fetcher } = recordingFetch(createOrder.answers.amountTooSmall);
    const error = await refusal(createRazorpayProvider(env, fetcher).create({} as never, { id: storedOrder().id, amountPaise: 64900, siteUrl: 'https://shop.example.in' }));
    expect(error.status).toBe(502);
  });

  it("reads an order's payments: a captured one settles it, only failed ones fail it", async () => {
    const { fetcher, requests } = recordingFetch(orderPayments.answers.ok);
    expect(await createRazorpayProvider(env, fetcher).status(storedOrder())).toEqual({ state: 'paid', paymentId: 'pay_Qm3Q0aLr7TfWvN', amountPaise: 64900, currency: 'INR' });
    expectDocumentedRequest(requests[0]!, orderPayments);
    expect(requests[0]!.url.pathname).toBe('/v1/orders/order_Qm3Pz81XcKd2Ba/payments');

    const failedOnly = { status: 200, body: { ...orderPayments.answers.ok.body, count: 1, items: [orderPayments.answers.ok.body.items[0]] } };
    expect(await createRazorpayProvider(env, recordingFetch(failedOnly).fetcher).status(storedOrder())).toEqual({
      state: 'failed',
      reason: 'Payment was unsuccessful as the card was declined by the bank.',
    });
    expect((await refusal(createRazorpayProvider(env, recordingFetch(orderPayments.answers.unknownOrder).fetcher).status(storedOrder()))).status).toBe(502);
  });

  it('refunds with the documented idempotent request and reads the refund entity', async () => {
    const { fetcher, requests } = recordingFetch(refundPayment.answers.ok);
    const refund = await createRazorpayProvider(env, fetcher).refund(storedOrder(), 20000, 'rf-7d0c7a4e-0001');
    expect(refund).toEqual({ refundId: 'rfnd_Qm4A1bC2dE3fG4', amountPaise: 20000, state: 'completed' });
    expectDocumentedRequest(requests[0]!, refundPayment);
    expect(requests[0]!.url.pathname).toBe('/v1/payments/pay_Qm3Q0aLr7TfWvN/refund');
    expect(requests[0]!.headers.get('x-refund-idempotency')).toBe('rf-7d0c7a4e-0001');
  });

  it("passes Razorpay's documented refund refusals on in its own words", async () => {
    for (const answer of [refundPayment.answers.amountTooSmall, refundPayment.answers.sameKeyOtherRequest]) {
      const error = await refusal(createRazorpayProvider(env, recordingFetch(answer).fetcher).refund(storedOrder(), 20000, 'rf-7d0c7a4e-0001'));
      expect(error.status).toBe(422);
      expect(error.message).toBe(`Razorpay refused the refund: ${answer.body.error.description}`);
    }
  });

  it('accepts the checkout signature made as documented, over the order id we stored', async () => {
    const provider = createRazorpayProvider(env, recordingFetch(createOrder.answers.ok).fetcher);
    const order = storedOrder({ provider_payment_id: null, payment_status: 'pending' });
    const paymentId = 'pay_Qm3Q0aLr7TfWvN';
    const signature = hmac(checkoutHandlerResponse.signedMessage(order.provider_order_id, paymentId), checkoutHandlerResponse.keySecret);
    const body = { razorpay_order_id: order.provider_order_id, razorpay_payment_id: paymentId, razorpay_signature: signature };
    expect(Object.keys(body).sort()).toEqual([...checkoutHandlerResponse.fields].sort());
    const verified = await provider.verify(body, order);
    expect(verified.record).toEqual({ state: 'paid', paymentId, amountPaise: 64900, currency: 'INR' });

    const otherOrder = hmac(checkoutHandlerResponse.signedMessage('order_SomeoneElse0001', paymentId), checkoutHandlerResponse.keySecret);
    expect((await provider.verify({ ...body, razorpay_signature: otherOrder }, order)).status).toBe(400);
  });

  describe('webhooks signed over the raw body', () => {
    const provider = createRazorpayProvider(env, recordingFetch(createOrder.answers.ok).fetcher);
    // Pretty-printed as a sender may format it: the signature covers these exact bytes.
    const deliver = (body: unknown, sign: (raw: string) => string = (raw) => hmac(raw, webhookSignature.secret)) => {
      const raw = JSON.stringify(body, null, 2);
      const headers = new Headers({ [webhookSignature.signatureHeader]: sign(raw), [webhookSignature.eventIdHeader]: 'evt_Qm5EvT0000001' });
      return () => provider.parseWebhook(Buffer.from(raw), headers);
    };

    it('settles an order on payment.captured and order.paid', () => {
      for (const name of ['payment.captured', 'order.paid'] as const) {
        expect(deliver(razorpayWebhooks[name].body)()).toMatchObject({
          kind: 'payment',
          eventId: 'evt_Qm5EvT0000001',
          providerOrderId: 'order_Qm3Pz81XcKd2Ba',
          outcome: { state: 'paid', paymentId: 'pay_Qm3Q0aLr7TfWvN', amountPaise: 64900, currency: 'INR' },
        });
      }
    });

    it('fails an order on payment.failed with the documented error description', () => {
      expect(deliver(razorpayWebhooks['payment.failed'].body)()).toMatchObject({
        kind: 'payment',
        providerOrderId: 'order_Qm3Pz81XcKd2Ba',
        outcome: { state: 'failed', reason: 'Payment failed because the bank declined it.' },
      });
    });

    it('records refund.processed and refund.failed against the refund id', () => {
      expect(deliver(razorpayWebhooks['refund.processed'].body)()).toMatchObject({
        kind: 'refund',
        refund: { refundId: 'rfnd_Qm4A1bC2dE3fG4', amountPaise: 20000, state: 'completed' },
      });
      expect(deliver(razorpayWebhooks['refund.failed'].body)()).toMatchObject({ kind: 'refund', refund: { refundId: 'rfnd_Qm4A1bC2dE3fG4', state: 'failed' } });
    });

    it('refuses a signature over re-serialised JSON, or with another secret, with 401', () => {
      const body = razorpayWebhooks['payment.captured'].body;
      for (const sign of [(raw: string) => hmac(JSON.stringify(JSON.parse(raw)), webhookSignature.secret), (raw: string) => hmac(raw, 'another-secret')]) {
        expect(refusalOf(deliver(body, sign)).status).toBe(401);
      }
    });
  });
});

describe('the Razorpay emulator against the documented API', () => {
  let emulator: Awaited<ReturnType<typeof startRazorpayEmulator>>;
  let merchant: Awaited<ReturnType<typeof startWebhookRecorder>>;
  const auth = { authorization: `Basic ${Buffer.from(`${KEY_ID}:${checkoutHandlerResponse.keySecret}`).toString('base64')}`, 'content-type': 'application/json' };
  const call = (path: string, init: { method: string; body?: unknown; headers?: Record<string, string> }) =>
    fetch(`${emulator.url}${path}`, { method: init.method, headers: { ...auth, ...init.headers }, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
  const checkout = async (action: 'pay' | 'fail', orderId: string) =>
    (await fetch(`${emulator.url}/v1/checkout/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: KEY_ID, order_id: orderId }) })).json();
  const newOrder = async () => (await (await call(createOrder.path, { method: 'POST', body: createOrder.example })).json()) as { id: string };

  beforeAll(async () => {
    merchant = await startWebhookRecorder();
    emulator = await startRazorpayEmulator({ port: 0, keyId: KEY_ID, keySecret: checkoutHandlerResponse.keySecret, webhookSecret: webhookSignature.secret, webhookUrl: merchant.url });
  });
  afterAll(async () => {
    await emulator.close();
    await merchant.close();
  });

  it('accepts the documented create-order request and answers in the documented shape', async () => {
    const response = await call(createOrder.path, { method: 'POST', body: createOrder.example });
    expect(response.status).toBe(200);
    const order = await response.json();
    expectDocumentedShape(order, createOrder.answers.ok.body);
    expect(order).toMatchObject({ amount: 64900, amount_due: 64900, receipt: 'rcpt-mk-1042', notes: createOrder.example.notes, status: 'created' });
  });

  it('answers an amount under Rs 1 with the documented error', async () => {
    const response = await call(createOrder.path, { method: 'POST', body: { ...createOrder.example, amount: 99 } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expectDocumentedShape(body, createOrder.answers.amountTooSmall.body);
    expect(body).toEqual(createOrder.answers.amountTooSmall.body);
  });

  it('signs the checkout handler response as documented', async () => {
    const order = await newOrder();
    const paid = await checkout('pay', order.id);
    expect(Object.keys(paid).sort()).toEqual([...checkoutHandlerResponse.fields].sort());
    expect(paid.razorpay_signature).toBe(hmac(checkoutHandlerResponse.signedMessage(order.id, paid.razorpay_payment_id), checkoutHandlerResponse.keySecret));
  });

  it("lists an order's failed and captured payments in the documented collection shape", async () => {
    const order = await newOrder();
    await checkout('fail', order.id);
    await checkout('pay', order.id);
    const response = await call(fillPath(orderPayments.path, { id: order.id }), { method: 'GET' });
    expect(response.status).toBe(200);
    expectDocumentedShape(await response.json(), orderPayments.answers.ok.body);
    const unknown = await call(fillPath(orderPayments.path, { id: 'order_Unknown0000001' }), { method: 'GET' });
    expect(unknown.status).toBe(400);
    expectDocumentedShape(await unknown.json(), orderPayments.answers.unknownOrder.body);
  });

  it('refunds with the documented request, and refuses what the docs say it refuses', async () => {
    const order = await newOrder();
    const paid = await checkout('pay', order.id);
    const path = fillPath(refundPayment.path, { id: paid.razorpay_payment_id });
    const key = { 'x-refund-idempotency': 'rf-contract-000001' };
    const response = await call(path, { method: 'POST', body: refundPayment.example, headers: key });
    expect(response.status).toBe(200);
    const refund = await response.json();
    expectDocumentedShape(refund, refundPayment.answers.ok.body);
    expect(refund).toMatchObject({ amount: 20000, payment_id: paid.razorpay_payment_id, receipt: 'rcpt-mk-1042-r1', notes: refundPayment.example.notes });

    const retried = await call(path, { method: 'POST', body: refundPayment.example, headers: key });
    expect(await retried.json()).toEqual(refund);
    const otherBody = await call(path, { method: 'POST', body: { ...refundPayment.example, amount: 10000 }, headers: key });
    expect(otherBody.status).toBe(400);
    expect(await otherBody.json()).toEqual(refundPayment.answers.sameKeyOtherRequest.body);

    const small = await call(path, { method: 'POST', body: { amount: 99 }, headers: { 'x-refund-idempotency': 'rf-contract-000002' } });
    expect(small.status).toBe(400);
    expect(await small.json()).toEqual(refundPayment.answers.amountTooSmall.body);
  });

  it('sends payment.captured, payment.failed and refund.processed in the documented shape, signed over the raw body', async () => {
    const before = merchant.received.length;
    const failedOrder = await newOrder();
    await checkout('fail', failedOrder.id);
    const order = await newOrder();
    const paid = await checkout('pay', order.id);
    await call(fillPath(refundPayment.path, { id: paid.razorpay_payment_id }), { method: 'POST', body: refundPayment.example, headers: { 'x-refund-idempotency': 'rf-contract-000003' } });
    const hooks = (await merchant.waitFor(before + 3)).slice(before);
    const byEvent = new Map(hooks.map((hook) => [JSON.parse(hook.body).event as string, hook]));
    for (const name of ['payment.failed', 'payment.captured', 'refund.processed'] as const) {
      const hook = byEvent.get(name);
      expect(hook, name).toBeDefined();
      expect(hook!.headers[webhookSignature.signatureHeader]).toBe(hmac(hook!.body, webhookSignature.secret));
      expect(hook!.headers[webhookSignature.eventIdHeader]).toMatch(/^evt_/);
      expectDocumentedShape(JSON.parse(hook!.body), razorpayWebhooks[name].body);
    }
  });
});
