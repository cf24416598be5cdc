import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponCheckHandler } from '../../src/features/checkout/server/coupon-check';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { couponDeskHandler, SupabaseCouponDesk } from '../../src/features/marketing/server/coupon-desk';
import { BENGALURU_DELIVERY, checkoutBody, DEMO_USER, SITE_URL, startTestStack, TEST_NOW, type TestStack } from './test-stack';

// Coupons through the functions on the emulated Supabase: marketing saves codes at the desk and
// nobody else may (support, pharmacist, a customer, a stranger); the cart's quote; create-order
// priced with the code, refused with each rule's sentence, and a customer's second use refused.

let stack: TestStack;
let desk: SupabaseCouponDesk;
const tokens: Record<'marketing' | 'support' | 'pharmacist' | 'customer', string> = { marketing: '', support: '', pharmacist: '', customer: '' };
const create = paymentHandler('razorpay', 'create');
const otherMobile = { ...BENGALURU_DELIVERY, mobile: '9900054321' };

beforeAll(async () => {
  stack = await startTestStack();
  desk = new SupabaseCouponDesk(stack.supabase.url, stack.supabase.serviceRoleKey);
  [tokens.marketing, tokens.support, tokens.pharmacist, tokens.customer] = await Promise.all([
    stack.accessToken('marketing@pharmacy.test', 'Market@12345'),
    stack.accessToken('support@pharmacy.test', 'Support@12345'),
    stack.accessToken('pharmacist@pharmacy.test', 'Pharma@12345'),
    stack.accessToken(DEMO_USER.email, DEMO_USER.password),
  ]);
}, 240_000);

afterAll(async () => {
  await stack?.close();
});

const deskCall = async (token: string | null, body: unknown) => {
  const req = new Request(`${SITE_URL}/api/desk/coupons`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const response = await couponDeskHandler(req, () => desk);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

// The test stack's clock is TEST_NOW (2026-11-23); the database's own is today, so the window spans both.
const window = { starts_at: '2026-11-01T00:00:00+05:30', ends_at: '2099-01-01T00:00:00+05:30' };
const first10 = { code: 'first10', description: 'First order: 10% off up to ₹100', kind: 'percent', percent_off: 10, cap_paise: 10000, min_order_paise: 5000, first_order_only: false, uses_per_customer: 1, ...window };

describe('/api/desk/coupons: marketing only, the caller before the body', () => {
  it.each([
    ['a stranger', null, 401],
    ['support', 'support', 403],
    ['a pharmacist', 'pharmacist', 403],
    ['a customer', 'customer', 403],
  ] as const)('refuses %s, whatever the body', async (_who, role, status) => {
    for (const body of [{ action: 'list' }, { action: 'save', coupon: first10 }, 'not even an object']) {
      const reply = await deskCall(role ? tokens[role] : null, body);
      expect(reply.status).toBe(status);
    }
    expect((await deskCall(tokens.marketing, { action: 'list' })).body.coupons).toEqual([]);
  });

  it('lets marketing save a code (any case, stored upper-case), change it, and list it with its uses', async () => {
    expect(await deskCall(tokens.marketing, { action: 'save', coupon: first10 })).toEqual({ status: 200, body: { saved: 'FIRST10' } });
    expect(await deskCall(tokens.marketing, { action: 'save', coupon: { ...first10, ends_at: first10.starts_at } })).toMatchObject({ status: 400 });
    const listed = await deskCall(tokens.marketing, { action: 'list' });
    expect(listed.body).toMatchObject({ discountPrescriptionMedicines: false, coupons: [{ code: 'FIRST10', percent_off: 10, cap_paise: 10000, uses: 0 }] });
  });
});

describe('a code at checkout', () => {
  const lines = [{ productId: 101, quantity: 2 }, { productId: 104, quantity: 1 }];
  // 2 x ₹30.10 + ₹142 = ₹202.20; 10% = ₹20.22.
  const quote = async (code: string, token?: string) => {
    const req = new Request(`${SITE_URL}/api/coupons/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ code, lines }),
    });
    const response = await couponCheckHandler(req, () => stack.deps);
    return { status: response.status, body: await response.json() };
  };

  it('quotes the saving the order will get', async () => {
    expect(await quote('First10', tokens.customer)).toEqual({ status: 200, body: { code: 'FIRST10', description: first10.description, subtotalPaise: 20220, discountPaise: 2022, amountPaise: 18198 } });
    expect(await quote('NOSUCH')).toEqual({ status: 422, body: { error: 'This code is not valid. Please check it and try again.' } });
    expect((await quote('first10', 'not-a-token')).status).toBe(401);
  });

  it('prices the order with it, keeps the discount on the lines, and refuses the same customer a second use', async () => {
    const auth = { headers: { authorization: `Bearer ${tokens.customer}` } };
    const body = checkoutBody(lines, { amount: 18198, couponCode: 'first10' });
    const created = await stack.call(create, body, auth);
    expect(created.status).toBe(200);
    const [order] = (await stack.ordersWhere('provider_order_id', (created.body.order as { id: string }).id)) as { amount_paise: number; discount_paise: number; coupon_code: string; user_id: string; lines: { discount_paise?: number }[] }[];
    expect(order).toMatchObject({ amount_paise: 18198, discount_paise: 2022, coupon_code: 'FIRST10', user_id: DEMO_USER.id });
    expect(order!.lines.map((line) => line.discount_paise)).toEqual([602, 1420]);
    const again = await stack.call(create, checkoutBody(lines, { amount: 18198, couponCode: 'FIRST10' }), auth);
    expect(again).toEqual({ status: 422, body: { error: 'You have already used this code.' } });
    // A guest counts by mobile: signed out with the same mobile is the same customer; another mobile may.
    expect((await stack.call(create, checkoutBody(lines, { amount: 18198, couponCode: 'FIRST10' }))).body).toEqual({ error: 'You have already used this code.' });
    expect((await stack.call(create, checkoutBody(lines, { amount: 18198, couponCode: 'FIRST10', delivery: otherMobile }))).status).toBe(200);
  });

  it('refuses an order under the minimum, and a sent total without the discount', async () => {
    await deskCall(tokens.marketing, { action: 'save', coupon: { ...first10, code: 'BIG499', min_order_paise: 49900, uses_per_customer: null } });
    expect(await stack.call(create, checkoutBody(lines, { amount: 18198, couponCode: 'big499' }))).toEqual({ status: 422, body: { error: 'This code needs an order of ₹499 or more.' } });
    await deskCall(tokens.marketing, { action: 'save', coupon: { ...first10, code: 'OLD5', starts_at: '2026-01-01T00:00:00+05:30', ends_at: '2026-02-01T00:00:00+05:30' } });
    expect(await stack.call(create, checkoutBody(lines, { amount: 18198, couponCode: 'old5' }))).toEqual({ status: 422, body: { error: 'This code has expired.' } });
    expect((await stack.call(create, checkoutBody(lines, { couponCode: 'BIG499' }))).status).toBe(422);
    expect((await stack.call(create, checkoutBody(lines, { couponCode: 'FIRST10', delivery: { ...otherMobile, mobile: '9900012345' } }))).status).toBe(409);
    expect(TEST_NOW.getUTCFullYear()).toBe(2026);
  });
});
