import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordedWebhook } from '../../emulators/razorpay/webhook-recorder.ts';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { razorpayPaymentSignature, razorpayWebhookSignature } from '../../src/features/checkout/server/signatures';
import { DEMO_USER, startTestStack, type TestStack, checkoutBody } from './test-stack';

const razorpayCreateOrder = paymentHandler('razorpay', 'create');
const razorpayVerifyPayment = paymentHandler('razorpay', 'verify');
const razorpayWebhook = paymentHandler('razorpay', 'webhook');

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

const cart = (overrides: Record<string, unknown> = {}) => checkoutBody(undefined, overrides);

/** Creates an order, then pays it in the emulator's checkout as the modal's Pay button does. */
async function createAndPay() {
  const created = await stack.call(razorpayCreateOrder, cart());
  expect(created.status).toBe(200);
  const orderId = (created.body.order as { id: string }).id;
  const hooksBefore = stack.razorpayHooks.received.length;
  const paid = await stack.payInRazorpay(orderId);
  const webhook = (await stack.razorpayHooks.waitFor(hooksBefore + 1))[hooksBefore]!;
  return { orderId, paid, webhook };
}

const deliver = (webhook: RecordedWebhook) =>
  stack.call(razorpayWebhook, null, {
    rawBody: webhook.body,
    headers: { 'x-razorpay-signature': webhook.headers['x-razorpay-signature']!, 'x-razorpay-event-id': webhook.headers['x-razorpay-event-id']! },
  });

describe('POST /api/razorpay/create-order', () => {
  it('refuses malformed JSON, wrong types, unknown fields and oversized bodies with 400', async () => {
    expect(await stack.call(razorpayCreateOrder, null, { rawBody: '{"amount": 6020,' })).toEqual({ status: 400, body: { error: 'Request body is not valid JSON' } });
    const wrongType = await stack.call(razorpayCreateOrder, cart({ amount: '60.20' }));
    expect(wrongType).toEqual({ status: 400, body: { error: 'Invalid request: amount must be a number of paise' } });
    expect((await stack.call(razorpayCreateOrder, cart({ cartSessionId: 'abc' }))).body.error).toBe('Invalid request: cartSessionId must be a UUID');
    expect((await stack.call(razorpayCreateOrder, cart({ discount: 10 }))).body.error).toContain('discount');
    expect((await stack.call(razorpayCreateOrder, cart({ lines: [] }))).body.error).toBe('Invalid request: lines must hold at least one cart line');
    const repeated = cart({ lines: [{ productId: 101, quantity: 1 }, { productId: 101, quantity: 1 }] });
    expect((await stack.call(razorpayCreateOrder, repeated)).body.error).toBe('Invalid request: lines must not repeat a product');
    const oversized = await stack.call(razorpayCreateOrder, cart({ prescriptionPaths: ['x'.repeat(33 * 1024)] }));
    expect(oversized).toEqual({ status: 400, body: { error: 'Request body is larger than 32 KB' } });
  });

  it('refuses a tampered amount with 409 naming the current total, and records nothing', async () => {
    const session = randomUUID();
    const tampered = await stack.call(razorpayCreateOrder, cart({ amount: 100, cartSessionId: session }));
    expect(tampered).toEqual({ status: 409, body: { error: 'Your cart total has changed: the current total is ₹60.20. Please review your cart and try again.' } });
    expect(await stack.ordersWhere('guest_session_id', session)).toEqual([]);
  });

  it('refuses sold-out products, unknown products and bad quantities', async () => {
    expect(await stack.call(razorpayCreateOrder, cart({ amount: 12000, lines: [{ productId: 103, quantity: 1 }] }))).toEqual({
      status: 409,
      body: { error: 'Cough Syrup 100ml is sold out. Please remove it from your cart.' },
    });
    expect((await stack.call(razorpayCreateOrder, cart({ lines: [{ productId: 999, quantity: 1 }] }))).status).toBe(422);
    expect((await stack.call(razorpayCreateOrder, cart({ amount: 63210, lines: [{ productId: 101, quantity: 21 }] }))).status).toBe(422);
  });

  it('records a created order for a guest before answering, a fresh Razorpay order per attempt', async () => {
    const session = randomUUID();
    const first = await stack.call(razorpayCreateOrder, cart({ cartSessionId: session }));
    const second = await stack.call(razorpayCreateOrder, cart({ cartSessionId: session }));
    expect(first.status).toBe(200);
    expect(first.body.order).toEqual({ id: expect.stringMatching(/^order_/), amount: 6020, currency: 'INR' });
    expect((second.body.order as { id: string }).id).not.toBe((first.body.order as { id: string }).id);
    const rows = await stack.ordersWhere('guest_session_id', session);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      provider: 'razorpay',
      payment_status: 'pending',
      user_id: null,
      amount_paise: 6020,
      currency: 'INR',
      lines: [{ product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp_paise: 3010, unit_price_paise: 3010, quantity: 2 }],
    });
  });

  it('keeps the campaign the customer came from (first and last touch) on the order, and refuses a malformed one', async () => {
    const session = randomUUID();
    const attribution = { first: { source: 'instagram', medium: 'social', campaign: 'monsoon' }, last: { source: 'whatsapp', campaign: 'monsoon' } };
    expect((await stack.call(razorpayCreateOrder, cart({ cartSessionId: session, attribution }))).status).toBe(200);
    const [row] = await stack.ordersWhere('guest_session_id', session);
    expect(row).toMatchObject({
      utm_first_source: 'instagram', utm_first_medium: 'social', utm_first_campaign: 'monsoon',
      utm_last_source: 'whatsapp', utm_last_medium: null, utm_last_campaign: 'monsoon',
    });
    const refused = await stack.call(razorpayCreateOrder, cart({ attribution: { first: { source: 'x'.repeat(101) }, last: {} } }));
    expect(refused.status).toBe(400);
  });

  it('attributes the order to a signed-in customer and refuses a forged token with 401', async () => {
    const { data, error } = await stack.anonClient().auth.signInWithPassword({ email: DEMO_USER.email, password: DEMO_USER.password });
    expect(error).toBeNull();
    const signedIn = await stack.call(razorpayCreateOrder, cart(), { headers: { authorization: `Bearer ${data.session!.access_token}` } });
    expect(signedIn.status).toBe(200);
    const [row] = await stack.ordersWhere('provider_order_id', (signedIn.body.order as { id: string }).id);
    expect(row).toMatchObject({ user_id: DEMO_USER.id, guest_session_id: null });

    const forged = await stack.call(razorpayCreateOrder, cart(), { headers: { authorization: 'Bearer not-a-real-token' } });
    expect(forged).toEqual({ status: 401, body: { error: 'Your sign-in has expired. Please sign in again.' } });
  });

  it('refuses a prescription cart without an uploaded file and accepts it with one', async () => {
    const session = randomUUID();
    const rxCart = (paths: string[]) => cart({ amount: 8950, lines: [{ productId: 102, quantity: 1 }], cartSessionId: session, prescriptionPaths: paths });
    const refused = await stack.call(razorpayCreateOrder, rxCart([]));
    expect(refused).toEqual({
      status: 422,
      body: { error: 'Amoxicillin 250mg Capsule needs a prescription. Please upload a prescription before proceeding with your order.' },
    });
    const path = `guest-${session}/x.pdf`;
    expect((await stack.call(razorpayCreateOrder, rxCart([path]))).status).toBe(422);

    const upload = await stack.anonClient().storage.from('prescriptions').upload(path, new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }));
    expect(upload.error).toBeNull();
    const accepted = await stack.call(razorpayCreateOrder, rxCart([path]));
    expect(accepted.status).toBe(200);
    const [row] = await stack.ordersWhere('provider_order_id', (accepted.body.order as { id: string }).id);
    expect(row.prescription_paths).toEqual([path]);

    const otherBuyer = await stack.call(razorpayCreateOrder, { ...rxCart([path]), cartSessionId: randomUUID() });
    expect(otherBuyer.status).toBe(422);
    expect(otherBuyer.body.error).toContain('is not in your prescriptions folder');
  });
});

describe('POST /api/razorpay/verify-payment', () => {
  it('names each missing field exactly as the spec says', async () => {
    const full = { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature: 'sig' };
    for (const field of ['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'] as const) {
      const { [field]: _left, ...rest } = full;
      expect(await stack.call(razorpayVerifyPayment, rest)).toEqual({ status: 400, body: { error: `Missing ${field}` } });
    }
    expect((await stack.call(razorpayVerifyPayment, { ...full, razorpay_signature: 42 })).status).toBe(400);
  });

  it('refuses an unknown order with 404 and a forged signature with 400', async () => {
    const unknown = { razorpay_order_id: 'order_Unknown0000000', razorpay_payment_id: 'pay_x', razorpay_signature: 'sig' };
    expect(await stack.call(razorpayVerifyPayment, unknown)).toEqual({ status: 404, body: { error: 'Unknown razorpay_order_id' } });

    const created = await stack.call(razorpayCreateOrder, cart());
    const orderId = (created.body.order as { id: string }).id;
    const forged = {
      razorpay_order_id: orderId,
      razorpay_payment_id: 'pay_Forged00000000',
      razorpay_signature: razorpayPaymentSignature(orderId, 'pay_Forged00000000', 'a-guessed-secret'),
    };
    expect(await stack.call(razorpayVerifyPayment, forged)).toEqual({ status: 400, body: { verified: false, error: 'Payment signature does not match' } });
    expect((await stack.ordersWhere('provider_order_id', orderId))[0]).toMatchObject({ payment_status: 'pending', provider_payment_id: null });
  });

  it('marks the order paid once; a replayed verify answers the same', async () => {
    const { orderId, paid } = await createAndPay();
    const first = await stack.call(razorpayVerifyPayment, paid);
    const replay = await stack.call(razorpayVerifyPayment, paid);
    expect(first).toEqual({ status: 200, body: { verified: true, orderId: expect.any(String), orderNumber: expect.stringMatching(/^MK-/), guestKey: expect.any(String) } });
    expect(replay).toEqual(first);
    const rows = await stack.ordersWhere('provider_order_id', orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.body.orderId, payment_status: 'paid', provider_payment_id: paid.razorpay_payment_id });
  });
});

describe('a paid order is handed on for its confirmation mail', () => {
  it('when the verify or the webhook records it paid, and each time again (the mail outbox sends once)', async () => {
    const { paid, webhook } = await createAndPay();
    const verified = await stack.call(razorpayVerifyPayment, paid);
    const orderId = verified.body.orderId as string;
    await deliver(webhook);
    expect(stack.placedOrders.filter((placed) => placed === orderId)).toHaveLength(2);
  });

  it('never for a declined payment', async () => {
    const created = await stack.call(razorpayCreateOrder, cart());
    const providerOrderId = (created.body.order as { id: string }).id;
    const before = stack.razorpayHooks.received.length;
    await fetch(`${stack.razorpay.url}/v1/checkout/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: stack.env.RAZORPAY_KEY_ID, order_id: providerOrderId }),
    });
    await deliver((await stack.razorpayHooks.waitFor(before + 1))[before]!);
    const [row] = await stack.ordersWhere('provider_order_id', providerOrderId);
    expect(row).toMatchObject({ payment_status: 'failed' });
    expect(stack.placedOrders).not.toContain(row!.id);
  });
});

describe('POST /api/razorpay/webhook', () => {
  it('webhook before the browser verify: one paid order with the same payment id', async () => {
    const { orderId, paid, webhook } = await createAndPay();
    expect(await deliver(webhook)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await deliver(webhook)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect((await stack.call(razorpayVerifyPayment, paid)).status).toBe(200);
    const rows = await stack.ordersWhere('provider_order_id', orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ payment_status: 'paid', provider_payment_id: paid.razorpay_payment_id });
  });

  it('webhook after the browser verify leaves the paid order as it was', async () => {
    const { orderId, paid, webhook } = await createAndPay();
    expect((await stack.call(razorpayVerifyPayment, paid)).status).toBe(200);
    const [before] = await stack.ordersWhere('provider_order_id', orderId);
    expect((await deliver(webhook)).status).toBe(200);
    const rows = await stack.ordersWhere('provider_order_id', orderId);
    expect(rows).toEqual([before]);
  });

  it('settles the order even if the browser never comes back', async () => {
    const { orderId, paid, webhook } = await createAndPay();
    await deliver(webhook);
    expect((await stack.ordersWhere('provider_order_id', orderId))[0]).toMatchObject({ payment_status: 'paid', provider_payment_id: paid.razorpay_payment_id });
  });

  it('refuses a bad or missing signature and a tampered body with 401', async () => {
    const { orderId, webhook } = await createAndPay();
    const headers = { 'x-razorpay-event-id': 'evt_tampered0000001' };
    const wrong = await stack.call(razorpayWebhook, null, { rawBody: webhook.body, headers: { ...headers, 'x-razorpay-signature': '0'.repeat(64) } });
    expect(wrong).toEqual({ status: 401, body: { error: 'Invalid webhook signature' } });
    expect((await stack.call(razorpayWebhook, null, { rawBody: webhook.body, headers })).status).toBe(401);
    const tampered = webhook.body.replace(orderId, 'order_Someoneelse0000');
    const replayedSignature = { ...headers, 'x-razorpay-signature': webhook.headers['x-razorpay-signature']! };
    expect((await stack.call(razorpayWebhook, null, { rawBody: tampered, headers: replayedSignature })).status).toBe(401);
    expect((await stack.ordersWhere('provider_order_id', orderId))[0]!.payment_status).toBe('pending');
  });

  it('marks a declined attempt failed, and a later successful retry paid', async () => {
    const created = await stack.call(razorpayCreateOrder, cart());
    const orderId = (created.body.order as { id: string }).id;
    const checkout = (action: string) =>
      fetch(`${stack.razorpay.url}/v1/checkout/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: stack.env.RAZORPAY_KEY_ID, order_id: orderId }),
      }).then((response) => response.json() as Promise<Record<string, string>>);
    const before = stack.razorpayHooks.received.length;
    await checkout('fail');
    await deliver((await stack.razorpayHooks.waitFor(before + 1))[before]!);
    expect((await stack.ordersWhere('provider_order_id', orderId))[0]).toMatchObject({ payment_status: 'failed', failure_reason: 'Payment declined by the test bank' });

    const paid = await checkout('pay');
    await deliver((await stack.razorpayHooks.waitFor(before + 2))[before + 1]!);
    expect((await stack.call(razorpayVerifyPayment, paid)).status).toBe(200);
    expect((await stack.ordersWhere('provider_order_id', orderId))[0]).toMatchObject({ payment_status: 'paid', provider_payment_id: paid.razorpay_payment_id });
  });

  it('answers an event for an unknown order with 200 and ignored', async () => {
    const body = JSON.stringify({
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_Elsewhere000000', order_id: 'order_NotOurs0000000', amount: 6020, currency: 'INR', status: 'captured' } } },
    });
    const response = await stack.call(razorpayWebhook, null, {
      rawBody: body,
      headers: { 'x-razorpay-signature': razorpayWebhookSignature(body, stack.env.RAZORPAY_WEBHOOK_SECRET), 'x-razorpay-event-id': 'evt_notours00000001' },
    });
    expect(response).toEqual({ status: 200, body: { ignored: true } });
  });
});

describe('Razorpay webhook checks what was paid', () => {
  /** A 14,200-paise order at Razorpay, and a correctly signed event about it. */
  async function orderOf14200() {
    const created = await stack.call(razorpayCreateOrder, cart({ amount: 14200, lines: [{ productId: 104, quantity: 1 }] }));
    expect(created.body.order).toMatchObject({ amount: 14200 });
    return (created.body.order as { id: string }).id;
  }
  const signedCapture = (orderId: string, eventId: string, amount: number, currency: string) => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_Cheap0000000001', order_id: orderId, amount, currency, status: 'captured' } } },
    });
    return stack.call(razorpayWebhook, null, {
      rawBody: body,
      headers: { 'x-razorpay-signature': razorpayWebhookSignature(body, stack.env.RAZORPAY_WEBHOOK_SECRET), 'x-razorpay-event-id': eventId },
    });
  };

  it('a signed payment.captured for 100 paise does not mark a 14,200-paise order paid, and keeps the event with its reason', async () => {
    const orderId = await orderOf14200();
    expect(await signedCapture(orderId, 'evt_underpaid000001', 100, 'INR')).toEqual({ status: 200, body: { received: true, applied: false } });
    expect((await stack.ordersWhere('provider_order_id', orderId))[0]).toMatchObject({ payment_status: 'pending', provider_payment_id: null });
    expect(await stack.webhookEvent('evt_underpaid000001')).toEqual({
      event_id: 'evt_underpaid000001',
      provider: 'razorpay',
      reason: 'paid 100 INR but the order is 14200 INR',
    });
  });

  it('refuses the right amount in another currency, and still settles on the genuine payment', async () => {
    const orderId = await orderOf14200();
    await signedCapture(orderId, 'evt_wrongcurrency01', 14200, 'USD');
    expect((await stack.ordersWhere('provider_order_id', orderId))[0]!.payment_status).toBe('pending');
    expect((await stack.webhookEvent('evt_wrongcurrency01'))?.reason).toBe('paid 14200 USD but the order is 14200 INR');

    await signedCapture(orderId, 'evt_genuine00000001', 14200, 'INR');
    expect((await stack.ordersWhere('provider_order_id', orderId))[0]).toMatchObject({ payment_status: 'paid', provider_payment_id: 'pay_Cheap0000000001' });
    expect((await stack.webhookEvent('evt_genuine00000001'))?.reason).toBeNull();
  });
});
