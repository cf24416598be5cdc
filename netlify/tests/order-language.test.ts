import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inMemoryCatalogueIndex } from '../../src/features/checkout/server/catalogue-index';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { couponCheckHandler } from '../../src/features/checkout/server/coupon-check';
import { inMemoryReorderIndex } from '../../src/features/checkout/server/reorder-index';
import { buildDeskDependencies } from '../../src/features/desk/server/dependencies';
import { inMemoryDrugTaxIndex } from '../../src/features/desk/server/dispatch-records';
import { submitRequest } from '../../src/features/prescription-requests/server/request-functions';
import { respond } from '../../src/lib/server/http';
import hindi from '../../src/domain/strings/languages/hi';
import { fill } from '../../src/domain/strings/fill';
import { BENGALURU_DELIVERY, checkoutBody, SITE_URL, startTestStack, TEST_CATALOGUE, TEST_DRUG_TAX, type TestStack } from './test-stack';

// Issue 40: the page's language travels with the order, so its messages go out in it.

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
}, 240_000);
afterAll(async () => {
  await stack?.close();
});

const razorpayCreateOrder = paymentHandler('razorpay', 'create');
const phonePeCreatePayment = paymentHandler('phonepe', 'create');
const codCreateOrder = paymentHandler('cod', 'create');

async function languageOf(session: string): Promise<string> {
  const [row] = await stack.ordersWhere('guest_session_id', session);
  return row!.language as string;
}

describe('the order keeps the language of the page it was placed from', () => {
  it('stores Hindi for a Razorpay, a PhonePe and a cash-on-delivery order sent from a Hindi page', async () => {
    const razorpay = randomUUID();
    expect((await stack.call(razorpayCreateOrder, checkoutBody(undefined, { cartSessionId: razorpay, language: 'hi' }))).status).toBe(200);
    expect(await languageOf(razorpay)).toBe('hi');

    const phonePe = randomUUID();
    const payment = checkoutBody([{ productId: 101, quantity: 1 }], { cartSessionId: phonePe, merchantTransactionId: `TXN_${Date.now()}_hindi`, language: 'hi' });
    expect((await stack.call(phonePeCreatePayment, payment)).status).toBe(200);
    expect(await languageOf(phonePe)).toBe('hi');

    const cod = randomUUID();
    expect((await stack.call(codCreateOrder, checkoutBody(undefined, { cartSessionId: cod, language: 'hi' }))).status).toBe(200);
    expect(await languageOf(cod)).toBe('hi');
  });

  it('stores English when the body names no language', async () => {
    const session = randomUUID();
    expect((await stack.call(razorpayCreateOrder, checkoutBody(undefined, { cartSessionId: session }))).status).toBe(200);
    expect(await languageOf(session)).toBe('en');
  });

  it('refuses a language that is not a two-letter code with 400, and records nothing', async () => {
    const session = randomUUID();
    for (const language of ['Hindi', 'HI', 'hi-IN', 7]) {
      const refused = await stack.call(razorpayCreateOrder, checkoutBody(undefined, { cartSessionId: session, language }));
      expect(refused.status, String(language)).toBe(400);
    }
    expect((await stack.call(codCreateOrder, checkoutBody(undefined, { cartSessionId: session, language: 'Hindi' }))).body).toEqual({ error: 'Invalid request: Choose a language.' });
    expect(await stack.ordersWhere('guest_session_id', session)).toEqual([]);
  });
});

describe("the customer's refusals in the language of the page the order is placed from", () => {
  it('says a PIN code not served and a changed total in Hindi to a Hindi page, in English to an English one, and records no order', async () => {
    const session = randomUUID();
    const far = { ...BENGALURU_DELIVERY, pin_code: '110001' };
    expect(await stack.call(razorpayCreateOrder, checkoutBody(undefined, { cartSessionId: session, delivery: far, language: 'hi' }))).toEqual({
      status: 422,
      body: { error: fill(hindi.text.delivery.notServiceable, { pinCode: '110001' }) },
    });
    expect(await stack.call(codCreateOrder, checkoutBody(undefined, { cartSessionId: session, delivery: far }))).toEqual({ status: 422, body: { error: "We don't deliver to 110001 yet" } });
    const changed = await stack.call(codCreateOrder, checkoutBody(undefined, { cartSessionId: session, amount: 1, language: 'hi' }));
    expect(changed.status).toBe(409);
    expect(changed.body.error).toMatch(/^आपके कार्ट की कुल रकम बदल गई है: अब कुल ₹[\d,.]+ है। कृपया अपना कार्ट देखकर फिर कोशिश करें।$/);
    expect(await stack.ordersWhere('guest_session_id', session)).toEqual([]);
  });

  it("says a code that is no coupon's in Hindi to a Hindi cart", async () => {
    const req = new Request(`${SITE_URL}/api/coupons/check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'NOSUCH', lines: [{ productId: 101, quantity: 1 }], language: 'hi' }),
    });
    const response = await couponCheckHandler(req, () => stack.deps);
    expect({ status: response.status, body: await response.json() }).toEqual({ status: 422, body: { error: hindi.text.refusals.couponUnknown } });
  });

  it('keeps a refusal the tables do not hold as written (a malformed body is no customer sentence)', async () => {
    const refused = await stack.call(codCreateOrder, checkoutBody(undefined, { cartSessionId: randomUUID(), language: 'hi', lines: [] }));
    expect(refused.status).toBe(400);
    expect(String(refused.body.error)).toMatch(/^Invalid request: /);
  });
});

describe('a prescription request keeps its language', () => {
  const catalogue = inMemoryCatalogueIndex(TEST_CATALOGUE);

  async function submit(language: unknown): Promise<Response> {
    const session = randomUUID();
    const path = `guest-${session}/rx.png`;
    const upload = await stack.anonClient().storage.from('prescriptions').upload(path, new Blob(['png'], { type: 'image/png' }));
    expect(upload.error).toBeNull();
    const desk = buildDeskDependencies({ ...stack.env, MAIL_API_BASE: 'http://127.0.0.1:9', MAIL_API_KEY: 'unused', MAIL_FROM: 'MediKart <orders@medikart.test>' }, catalogue, inMemoryDrugTaxIndex(TEST_DRUG_TAX));
    const req = new Request(`${SITE_URL}/api/prescription-requests/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delivery: BENGALURU_DELIVERY, files: [{ path, name: 'rx.png' }], guestSessionId: session, ...(language === undefined ? {} : { language }) }),
    });
    return respond('/api/prescription-requests/submit', () => submitRequest(req, () => ({ orders: desk.orders, catalogue, reorder: inMemoryReorderIndex(new Map()), checkDelivery: stack.deps.checkDelivery })));
  }

  async function requestLanguage(response: Response): Promise<string> {
    expect(response.status).toBe(201);
    const { requestNumber } = (await response.json()) as { requestNumber: string };
    const { data, error } = await createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } }).from('prescription_requests').select('language').eq('request_number', requestNumber).single();
    expect(error).toBeNull();
    return (data as { language: string }).language;
  }

  it('says a file that is not in the guest\'s folder in Hindi to a Hindi page', async () => {
    const desk = buildDeskDependencies({ ...stack.env, MAIL_API_BASE: 'http://127.0.0.1:9', MAIL_API_KEY: 'unused', MAIL_FROM: 'MediKart <orders@medikart.test>' }, catalogue, inMemoryDrugTaxIndex(TEST_DRUG_TAX));
    const req = new Request(`${SITE_URL}/api/prescription-requests/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ delivery: BENGALURU_DELIVERY, files: [{ path: 'guest-someone-else/rx.png', name: 'rx.png' }], guestSessionId: randomUUID(), language: 'hi' }),
    });
    const refused = await respond('/api/prescription-requests/submit', () => submitRequest(req, () => ({ orders: desk.orders, catalogue, reorder: inMemoryReorderIndex(new Map()), checkDelivery: stack.deps.checkDelivery })));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: fill(hindi.text.refusals.fileNotInFolder, { name: 'rx.png' }) });
  });

  it('stores Hindi from a Hindi page and English without one; refuses a bad code', async () => {
    expect(await requestLanguage(await submit('hi'))).toBe('hi');
    expect(await requestLanguage(await submit(undefined))).toBe('en');
    expect((await submit('hindi')).status).toBe(400);
  });
});
