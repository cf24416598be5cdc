import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidRazorpayPaymentSignature, isValidRazorpayWebhookSignature } from '../../src/features/checkout/server/signatures';
import { DECLINE_DESCRIPTION, startRazorpayEmulator } from './index.ts';
import { startWebhookRecorder } from './webhook-recorder.ts';

const KEYS = { keyId: 'rzp_test_emulatortest', keySecret: 'emulator-key-secret', webhookSecret: 'emulator-webhook-secret' };
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

let emulator: Awaited<ReturnType<typeof startRazorpayEmulator>>;
let merchant: Awaited<ReturnType<typeof startWebhookRecorder>>;

beforeAll(async () => {
  merchant = await startWebhookRecorder();
  emulator = await startRazorpayEmulator({ port: 0, ...KEYS, webhookUrl: merchant.url });
});
afterAll(async () => {
  await emulator.close();
  await merchant.close();
});

const createOrder = (body: unknown, authorization = basic(KEYS.keyId, KEYS.keySecret)) =>
  fetch(`${emulator.url}/v1/orders`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const checkout = (action: 'pay' | 'fail', orderId: string) =>
  fetch(`${emulator.url}/v1/checkout/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:8888' },
    body: JSON.stringify({ key: KEYS.keyId, order_id: orderId }),
  });

describe('Razorpay emulator orders API', () => {
  it('creates an order in the real reply shape', async () => {
    const response = await createOrder({ amount: 29900, currency: 'INR', receipt: 'r-1', notes: { items: '2' } });
    expect(response.status).toBe(200);
    const order = await response.json();
    expect(order).toMatchObject({ entity: 'order', amount: 29900, amount_paid: 0, amount_due: 29900, currency: 'INR', receipt: 'r-1', status: 'created', attempts: 0 });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
  });

  it('refuses bad credentials with 401 in Razorpay error shape', async () => {
    const response = await createOrder({ amount: 29900, currency: 'INR' }, basic(KEYS.keyId, 'wrong'));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
  });

  it('refuses an amount under Rs 1 and unknown fields', async () => {
    const small = await createOrder({ amount: 99, currency: 'INR' });
    expect(small.status).toBe(400);
    expect(await small.json()).toMatchObject({ error: { description: 'The amount must be at least INR 1.00', field: 'amount' } });
    const unknown = await createOrder({ amount: 100, currency: 'INR', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain('colour');
  });

  it('answers anything it does not implement with a loud 501', async () => {
    const response = await fetch(`${emulator.url}/v1/payments`, { headers: { authorization: basic(KEYS.keyId, KEYS.keySecret) } });
    expect(response.status).toBe(501);
    expect((await response.json()).error.description).toBe('The Razorpay emulator does not implement GET /v1/payments');
  });
});

describe('Razorpay emulator checkout', () => {
  it('serves checkout.js with CORS so the site can load it', async () => {
    const response = await fetch(`${emulator.url}/v1/checkout.js`);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const script = await response.text();
    expect(script).toContain('window.Razorpay = Razorpay');
    expect(script).toContain(JSON.stringify(emulator.url));
  });

  it('pays with a correctly signed response, then sends the signed payment.captured webhook', async () => {
    const order = await (await createOrder({ amount: 15000, currency: 'INR' })).json();
    const before = merchant.received.length;
    const response = await checkout('pay', order.id);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const paid = await response.json();
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(isValidRazorpayPaymentSignature(order.id, paid.razorpay_payment_id, paid.razorpay_signature, KEYS.keySecret)).toBe(true);

    const webhook = (await merchant.waitFor(before + 1))[before]!;
    expect(isValidRazorpayWebhookSignature(webhook.body, webhook.headers['x-razorpay-signature']!, KEYS.webhookSecret)).toBe(true);
    expect(webhook.headers['x-razorpay-event-id']).toMatch(/^evt_/);
    expect(JSON.parse(webhook.body)).toMatchObject({
      event: 'payment.captured',
      payload: { payment: { entity: { id: paid.razorpay_payment_id, order_id: order.id, status: 'captured', amount: 15000 } } },
    });

    const again = await checkout('pay', order.id);
    expect(again.status).toBe(400);
    expect((await again.json()).error.description).toBe('Order has already been paid');
  });

  it('declines with the test bank description and a payment.failed webhook', async () => {
    const order = await (await createOrder({ amount: 15000, currency: 'INR' })).json();
    const before = merchant.received.length;
    const failed = await (await checkout('fail', order.id)).json();
    expect(failed.error).toMatchObject({ description: DECLINE_DESCRIPTION, metadata: { order_id: order.id } });
    const webhook = (await merchant.waitFor(before + 1))[before]!;
    expect(JSON.parse(webhook.body)).toMatchObject({
      event: 'payment.failed',
      payload: { payment: { entity: { order_id: order.id, status: 'failed', error_description: DECLINE_DESCRIPTION } } },
    });
  });

  it('refuses a checkout with another key', async () => {
    const order = await (await createOrder({ amount: 15000, currency: 'INR' })).json();
    const response = await fetch(`${emulator.url}/v1/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: 'rzp_test_other', order_id: order.id }),
    });
    expect(response.status).toBe(401);
  });
});

describe('Razorpay emulator payments of an order and refunds', () => {
  const auth = { authorization: basic(KEYS.keyId, KEYS.keySecret), 'content-type': 'application/json' };
  async function paidOrder(amount: number) {
    const order = (await (await createOrder({ amount, currency: 'INR' })).json()) as { id: string };
    const paid = (await (await checkout('pay', order.id)).json()) as { razorpay_payment_id: string };
    return { orderId: order.id, paymentId: paid.razorpay_payment_id };
  }
  const refund = (paymentId: string, body: unknown, key?: string) =>
    fetch(`${emulator.url}/v1/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: { ...auth, ...(key ? { 'x-refund-idempotency': key } : {}) },
      body: JSON.stringify(body),
    });
  const refundCount = async () => ((await (await fetch(`${emulator.url}/__emulator/refunds`)).json()) as { count: number }).count;

  it('lists the payments of an order, captured and failed', async () => {
    const order = (await (await createOrder({ amount: 14200, currency: 'INR' })).json()) as { id: string };
    await checkout('fail', order.id);
    await checkout('pay', order.id);
    const listed = await (await fetch(`${emulator.url}/v1/orders/${order.id}/payments`, { headers: auth })).json();
    expect(listed).toMatchObject({ entity: 'collection', count: 2 });
    expect(listed.items.map((payment: { status: string; amount: number }) => [payment.status, payment.amount])).toEqual([
      ['failed', 14200],
      ['captured', 14200],
    ]);
    expect((await fetch(`${emulator.url}/v1/orders/${order.id}/payments`)).status).toBe(401);
  });

  it('refunds a captured payment in the refund entity shape, and announces refund.processed', async () => {
    const before = merchant.received.length;
    const { paymentId } = await paidOrder(14200);
    const response = await refund(paymentId, { amount: 4200, speed: 'normal' }, 'refund-key-000001');
    expect(response.status).toBe(200);
    const entity = await response.json();
    expect(entity).toMatchObject({ entity: 'refund', amount: 4200, currency: 'INR', payment_id: paymentId, status: 'processed', speed_requested: 'normal' });
    expect(entity.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
    const hooks = await merchant.waitFor(before + 2);
    const event = hooks.slice(before).map((hook) => JSON.parse(hook.body)).find((body) => body.event === 'refund.processed');
    expect(event.payload.refund.entity).toEqual(entity);
    const hook = hooks.slice(before).find((recorded) => recorded.body.includes('refund.processed'))!;
    expect(isValidRazorpayWebhookSignature(hook.body, hook.headers['x-razorpay-signature']!, KEYS.webhookSecret)).toBe(true);
  });

  it('is idempotent on X-Refund-Idempotency and refuses refunds above the captured amount', async () => {
    const { paymentId } = await paidOrder(14200);
    const counted = await refundCount();
    const first = await (await refund(paymentId, { amount: 10000 }, 'refund-key-000002')).json();
    const retried = await (await refund(paymentId, { amount: 10000 }, 'refund-key-000002')).json();
    expect(retried).toEqual(first);
    expect(await refundCount()).toBe(counted + 1);

    const over = await refund(paymentId, { amount: 4201 }, 'refund-key-000003');
    expect(over.status).toBe(400);
    expect((await over.json()).error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'The total refund amount is greater than the refund payment amount' });
    expect((await refund(paymentId, { amount: 99 })).status).toBe(400);
    expect((await (await refund(paymentId, {}, 'refund-key-000004')).json()).amount).toBe(4200);
    expect(await refundCount()).toBe(counted + 2);
  });
});
