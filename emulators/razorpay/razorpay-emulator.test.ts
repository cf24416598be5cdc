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
    expect(await small.json()).toMatchObject({ error: { description: 'The amount must be atleast INR 1.00', field: 'amount' } });
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
