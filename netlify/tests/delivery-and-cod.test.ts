import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGuestOrderToken } from '../../src/domain/guest-order-link';
import { buildDependencies } from '../../src/features/checkout/server/dependencies';
import { parseServerEnv } from '../../src/features/checkout/server/env';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { BENGALURU_DELIVERY, checkoutBody, startTestStack, TEST_NOW, type TestStack } from './test-stack';

const razorpayCreateOrder = paymentHandler('razorpay', 'create');
const razorpayVerify = paymentHandler('razorpay', 'verify');
const codCreateOrder = paymentHandler('cod', 'create');

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

const order = (overrides: Record<string, unknown> = {}) => checkoutBody(undefined, overrides);

describe('delivery details at checkout', () => {
  it('refuses a PIN code we do not deliver to with the sentence the cart shows, and records no order', async () => {
    const session = randomUUID();
    const refused = await stack.call(razorpayCreateOrder, order({ cartSessionId: session, delivery: { ...BENGALURU_DELIVERY, pin_code: '110001' } }));
    expect(refused).toEqual({ status: 422, body: { error: "We don't deliver to 110001 yet" } });
    expect(await stack.ordersWhere('guest_session_id', session)).toEqual([]);
  });

  it('asks a guest for an email for order updates', async () => {
    const { email: _omitted, ...withoutEmail } = BENGALURU_DELIVERY;
    expect(await stack.call(razorpayCreateOrder, order({ delivery: withoutEmail }))).toEqual({
      status: 422,
      body: { error: 'Enter an email address for order updates.' },
    });
  });

  it('refuses a zone or promise sent by the browser: only the address fields are accepted', async () => {
    const sneaky = await stack.call(razorpayCreateOrder, order({ delivery: { ...BENGALURU_DELIVERY, zone: 'bengaluru-central', promisedDate: '2026-11-24' } }));
    expect(sneaky.status).toBe(400);
  });

  it('records the address, mobile, email, and the zone and date from the delivery content', async () => {
    const session = randomUUID();
    const created = await stack.call(razorpayCreateOrder, order({ cartSessionId: session }));
    expect(created.status).toBe(200);
    const [row] = await stack.ordersWhere('guest_session_id', session);
    expect(row).toMatchObject({
      status: 'placed',
      payment_status: 'pending',
      delivery_name: 'Asha Rao',
      delivery_mobile: '+919845012345',
      delivery_email: 'asha@example.test',
      delivery_line1: '12, 4th Cross, Indiranagar',
      delivery_line2: 'HAL 2nd Stage, Near Opposite the park',
      delivery_city: 'Bengaluru',
      delivery_state: 'Karnataka',
      delivery_pin_code: '560038',
      delivery_zone_id: 'bengaluru-central',
      // Monday 23 November in India, next business day.
      promised_delivery_date: '2026-11-24',
    });
    expect(row.order_number).toMatch(/^MK-2611-\d{6,}$/);
  });

  it('answers a verified Razorpay payment with the order number and the guest key, and confirms the order', async () => {
    const session = randomUUID();
    const created = await stack.call(razorpayCreateOrder, order({ cartSessionId: session }));
    const orderId = (created.body.order as { id: string }).id;
    const paid = await stack.payInRazorpay(orderId);
    const verified = await stack.call(razorpayVerify, paid);
    const [row] = await stack.ordersWhere('guest_session_id', session);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ verified: true, orderNumber: row.order_number });
    expect(await isGuestOrderToken(row.id, verified.body.guestKey as string, stack.env.ORDER_LINK_SECRET)).toBe(true);
    expect(row).toMatchObject({ payment_status: 'paid', status: 'confirmed' });
  });
});

describe('POST /api/cod/create-order (cash on delivery)', () => {
  it('places the order at once: confirmed, payment pending, with its number and guest key', async () => {
    const session = randomUUID();
    const placed = await stack.call(codCreateOrder, order({ cartSessionId: session }));
    const [row] = await stack.ordersWhere('guest_session_id', session);
    expect(placed).toEqual({ status: 200, body: { placed: true, orderNumber: row.order_number, guestKey: expect.any(String) } });
    expect(row).toMatchObject({ provider: 'cod', status: 'confirmed', payment_status: 'pending', delivery_zone_id: 'bengaluru-central' });
    expect(await isGuestOrderToken(row.id, placed.body.guestKey as string, stack.env.ORDER_LINK_SECRET)).toBe(true);
    expect(stack.placedOrders).toContain(row.id);
  });

  it('refuses a product that cannot be paid at the door', async () => {
    expect(await stack.call(codCreateOrder, order({ amount: 14200, lines: [{ productId: 104, quantity: 1 }] }))).toEqual({
      status: 422,
      body: { error: 'Cash on delivery is not available for Vitamin D3 Softgels' },
    });
  });

  it('refuses a zone without cash on delivery, whatever the browser believes', async () => {
    expect(await stack.call(codCreateOrder, order({ delivery: { ...BENGALURU_DELIVERY, pin_code: '560300' } }))).toEqual({
      status: 422,
      body: { error: 'Cash on delivery is not available at this PIN code' },
    });
  });

  it('refuses a total above the limit in the delivery content', async () => {
    expect(await stack.call(codCreateOrder, order({ amount: 520000, lines: [{ productId: 105, quantity: 1 }] }))).toEqual({
      status: 422,
      body: { error: 'Cash on delivery is available for orders up to ₹5,000' },
    });
  });

  it('refuses an unserviceable PIN code before anything else', async () => {
    expect(await stack.call(codCreateOrder, order({ delivery: { ...BENGALURU_DELIVERY, pin_code: '110001' } }))).toEqual({
      status: 422,
      body: { error: "We don't deliver to 110001 yet" },
    });
  });
});

describe('a shop that has not onboarded PhonePe (its secrets unset)', () => {
  it('still takes cash on delivery and Razorpay, and answers PhonePe calls 404 with a sentence', async () => {
    const phonePeNames = new Set(['PHONEPE_CLIENT_ID', 'PHONEPE_CLIENT_SECRET', 'PHONEPE_CLIENT_VERSION', 'PHONEPE_WEBHOOK_USERNAME', 'PHONEPE_WEBHOOK_PASSWORD']);
    const withoutPhonePe = parseServerEnv(Object.fromEntries(Object.entries(stack.env).filter(([name]) => !phonePeNames.has(name))));
    const deps = buildDependencies(withoutPhonePe, stack.deps.catalogue, stack.deps.delivery, fetch, () => TEST_NOW);
    expect(Object.keys(deps.providers).sort()).toEqual(['cod', 'razorpay']);
    const call = async (handler: ReturnType<typeof paymentHandler>, body: unknown) => {
      const response = await handler(new Request('http://localhost:8888/api/test', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), () => deps);
      return { status: response.status, body: await response.json() };
    };

    expect(await call(codCreateOrder, order())).toMatchObject({ status: 200, body: { placed: true } });
    expect((await call(razorpayCreateOrder, order())).status).toBe(200);
    const phonePe = await call(paymentHandler('phonepe', 'create'), { ...order(), merchantTransactionId: `TXN_${Date.now()}_nophonepe` });
    expect(phonePe).toEqual({ status: 404, body: { error: 'PhonePe payments are not offered by this shop.' } });
    expect((await call(paymentHandler('phonepe', 'webhook'), {})).status).toBe(404);
  });

  it('refuses a provider set in part, naming what it still needs', () => {
    const { PHONEPE_CLIENT_SECRET: _secret, ...partial } = stack.env;
    expect(() => parseServerEnv(partial)).toThrow('PHONEPE_CLIENT_SECRET is not set');
  });
});
