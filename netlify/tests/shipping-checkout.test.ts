import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningShiprocketEmulator } from '../../emulators/shiprocket/index';
import type { buildDependencies } from '../../src/features/checkout/server/dependencies';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { buildShippingDependencies, serverDeliveryChecker, type ShippingDependencies } from '../../src/features/shipping/server/production';
import { handleServiceability } from '../../src/features/shipping/server/serviceability-handler';
import { inMemoryCatalogueIndex } from '../../src/features/checkout/server/catalogue-index';
import { inMemoryReorderIndex } from '../../src/features/checkout/server/reorder-index';
import { buildDeskDependencies } from '../../src/features/desk/server/dependencies';
import { inMemoryDrugTaxIndex } from '../../src/features/desk/server/dispatch-records';
import { submitRequest } from '../../src/features/prescription-requests/server/request-functions';
import { respond } from '../../src/lib/server/http';
import { BENGALURU_DELIVERY, checkoutBody, PUNE_DELIVERY, SITE_URL, startShipping, startTestStack, TEST_CATALOGUE, TEST_DRUG_TAX, TEST_NOW, type TestStack } from './test-stack';

// Checkout with the courier provider (issue 39): the server re-checks the PIN code at order
// creation (own zone first, else Shiprocket, per PIN code and India day) and records the route and
// the promise; an unserviceable PIN code is refused before any payment is opened.

const razorpayCreateOrder = paymentHandler('razorpay', 'create');
const codCreateOrder = paymentHandler('cod', 'create');

let stack: TestStack;
let shiprocket: RunningShiprocketEmulator;
let shipping: ShippingDependencies;
let calls = 0;
let deps: ReturnType<typeof buildDependencies>;

beforeAll(async () => {
  stack = await startTestStack();
  const counting: typeof fetch = (input, init) => {
    if (String(input).includes('/courier/serviceability')) calls += 1;
    return fetch(input, init);
  };
  ({ shiprocket, shipping, checkout: deps } = await startShipping(stack, { fetcher: counting }));
}, 120_000);
afterAll(async () => {
  await shiprocket?.close();
  await stack?.close();
});

const call = async (handler: ReturnType<typeof paymentHandler>, body: unknown) => {
  const response = await handler(new Request('http://localhost:8888/api/test', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), () => deps);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('checkout beyond the own zones', () => {
  it('takes a Pune order by courier: the route and the promised date are the server’s, the courier asked once that day', async () => {
    const session = randomUUID();
    const created = await call(razorpayCreateOrder, checkoutBody(undefined, { cartSessionId: session, delivery: PUNE_DELIVERY }));
    expect(created.status).toBe(200);
    const [row] = await stack.ordersWhere('guest_session_id', session);
    // Monday 23 Nov: pack Tuesday, then the cheapest courier's 5 days -> Monday 30 November.
    expect(row).toMatchObject({ delivery_pin_code: '411001', delivery_zone_id: 'shiprocket', promised_delivery_date: '2026-11-30' });
    const before = calls;
    await call(codCreateOrder, checkoutBody(undefined, { delivery: PUNE_DELIVERY }));
    expect(calls).toBe(before);
  });

  it('still serves 560001 from the pharmacy’s own zone, without asking the courier', async () => {
    const before = calls;
    const session = randomUUID();
    expect((await call(codCreateOrder, checkoutBody(undefined, { cartSessionId: session, delivery: BENGALURU_DELIVERY }))).status).toBe(200);
    expect((await stack.ordersWhere('guest_session_id', session))[0]).toMatchObject({ delivery_zone_id: 'bengaluru-central', promised_delivery_date: '2026-11-24' });
    expect(calls).toBe(before);
  });

  it("refuses an unserviceable PIN code with today's sentence before any payment is opened", async () => {
    const session = randomUUID();
    const refused = await call(razorpayCreateOrder, checkoutBody(undefined, { cartSessionId: session, delivery: { ...PUNE_DELIVERY, pin_code: '744101' } }));
    expect(refused).toEqual({ status: 422, body: { error: "We don't deliver to 744101 yet" } });
    expect(await stack.ordersWhere('guest_session_id', session)).toEqual([]);
  });

  it('refuses cash on delivery where no courier collects cash', async () => {
    const refused = await call(codCreateOrder, checkoutBody(undefined, { delivery: { ...PUNE_DELIVERY, city: 'Guwahati', state: 'Assam', pin_code: '781001' } }));
    expect(refused).toEqual({ status: 422, body: { error: 'Cash on delivery is not available at this PIN code' } });
  });

  it('answers the cart’s check: the courier’s promise, or the sentence; a provider that cannot answer is 503 "try again"', async () => {
    const ask = async (pin: string, checker = serverDeliveryChecker(() => shipping)) => {
      const response = await handleServiceability(new Request(`http://localhost:8888/api/shipping/serviceability?pin=${pin}`), checker, () => TEST_NOW).catch((error: { status: number; message: string }) => error);
      return response instanceof Response ? { status: response.status, body: await response.json() } : { status: response.status, body: { error: response.message } };
    };
    expect(await ask('411001')).toMatchObject({ status: 200, body: { serviceable: true, codAllowed: true, promisedDate: '2026-11-30', message: 'Delivery by Monday, 30 November' } });
    expect(await ask('744101')).toEqual({ status: 200, body: { serviceable: false, message: "We don't deliver to 744101 yet" } });
    const down = buildShippingDependencies({ ...shipping.env, SUPABASE_URL: stack.supabase.url, SUPABASE_SERVICE_ROLE_KEY: stack.supabase.serviceRoleKey, ORDER_LINK_SECRET: stack.env.ORDER_LINK_SECRET, SHIPROCKET_API_BASE: 'http://127.0.0.1:9/v1/external' } as Record<string, string>);
    expect(await ask('226001', serverDeliveryChecker(() => down))).toEqual({ status: 503, body: { error: 'We could not check delivery to 226001 just now. Please try again in a minute.' } });
  });
});

describe('a prescription request beyond the own zones', () => {
  /** A guest's request with one prescription photo to `delivery`, as /prescription-order sends it; the stored request, if any. */
  async function request(delivery: typeof PUNE_DELIVERY) {
    const session = randomUUID();
    const path = `guest-${session}/rx.png`;
    expect((await stack.anonClient().storage.from('prescriptions').upload(path, new Blob(['png'], { type: 'image/png' }))).error).toBeNull();
    const desk = buildDeskDependencies({ ...stack.env, MAIL_API_BASE: 'http://127.0.0.1:9', MAIL_API_KEY: 'unused', MAIL_FROM: 'MediKart <orders@medikart.test>' }, inMemoryCatalogueIndex(TEST_CATALOGUE), inMemoryDrugTaxIndex(TEST_DRUG_TAX));
    const req = new Request(`${SITE_URL}/api/prescription-requests/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delivery, files: [{ path, name: 'rx.png' }], guestSessionId: session }),
    });
    const response = await respond('/api/prescription-requests/submit', () =>
      submitRequest(req, () => ({ orders: desk.orders, catalogue: inMemoryCatalogueIndex(TEST_CATALOGUE), reorder: inMemoryReorderIndex(new Map()), checkDelivery: deps.checkDelivery })),
    );
    const admin = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });
    const { data } = await admin.from('prescription_requests').select('delivery_pin_code, delivery_zone_id').eq('guest_session_id', session);
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, stored: data };
  }

  it('takes a request from Pune by courier, as checkout takes an order there', async () => {
    const sent = await request(PUNE_DELIVERY);
    expect(sent.status).toBe(201);
    expect(sent.stored).toEqual([{ delivery_pin_code: '411001', delivery_zone_id: 'shiprocket' }]);
  });

  it("refuses a PIN code no courier serves with checkout's sentence, and records nothing", async () => {
    const sent = await request({ ...PUNE_DELIVERY, pin_code: '744101' });
    expect({ status: sent.status, body: sent.body, stored: sent.stored }).toEqual({ status: 422, body: { error: "We don't deliver to 744101 yet" }, stored: [] });
  });
});
