import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { DrugTaxFacts } from '../../src/domain/drug-tax';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { startPhonePeEmulator } from '../../emulators/phonepe/index.ts';
import { startRazorpayEmulator } from '../../emulators/razorpay/index.ts';
import { startShiprocketEmulator } from '../../emulators/shiprocket/index.ts';
import { startWebhookRecorder } from '../../emulators/razorpay/webhook-recorder.ts';
import { startSupabaseEmulator } from '../../emulators/supabase/index.ts';
import { parseDeliveryContent } from '../../src/domain/delivery-content';
import { sellingPricePaise } from '../../src/domain/selling-price';
import { inMemoryCatalogueIndex, type CatalogueIndexEntry } from '../../src/features/checkout/server/catalogue-index';
import { buildDependencies } from '../../src/features/checkout/server/dependencies';
import { parseServerEnv, type PhonePeEnv, type RazorpayEnv } from '../../src/features/checkout/server/env';
import type { PaymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { buildShippingDependencies, serverDeliveryChecker, type ShippingDependencies } from '../../src/features/shipping/server/production';

export const SITE_URL = 'http://localhost:8888';
export const DEMO_USER = { id: '11111111-1111-4111-8111-111111111111', email: 'demo@pharmacy.test', password: 'Demo@12345' };

/** The catalogue the function tests price against (the real one is content, and changes). */
export const TEST_CATALOGUE: CatalogueIndexEntry[] = [
  { id: 101, name: 'Paracetamol 500mg Strip', mrp_paise: 3010, requires_prescription: false, cod_available: true, sale_state: 'ADD TO CART' },
  { id: 102, name: 'Amoxicillin 250mg Capsule', mrp_paise: 8950, requires_prescription: true, cod_available: true, sale_state: 'ADD TO CART' },
  { id: 103, name: 'Cough Syrup 100ml', mrp_paise: 12000, requires_prescription: false, cod_available: true, sale_state: 'SOLD OUT' },
  { id: 104, name: 'Vitamin D3 Softgels', mrp_paise: 14200, requires_prescription: false, cod_available: false, sale_state: 'ADD TO CART' },
  { id: 105, name: 'Glucometer Kit', mrp_paise: 520000, requires_prescription: false, cod_available: true, sale_state: 'ADD TO CART' },
  { id: 106, name: 'Azithromycin 500mg Tablet', mrp_paise: 11830, requires_prescription: true, cod_available: true, sale_state: 'ADD TO CART' },
  { id: 107, name: 'Levocetirizine 5mg Tablet', mrp_paise: 6000, current_price_paise: 4850, requires_prescription: true, cod_available: true, sale_state: 'ADD TO CART' },
];

/** The test catalogue's schedules, HSN codes and GST rates (the build's drug-tax shards in production). */
export const TEST_DRUG_TAX: ReadonlyMap<number, DrugTaxFacts> = new Map<number, DrugTaxFacts>([
  [101, { schedule: 'OTC', hsnCode: '30049099', gstRate: 12 }],
  [102, { schedule: 'H', hsnCode: '30041030', gstRate: 5 }],
  [103, { schedule: 'OTC', hsnCode: '30049099', gstRate: 12 }],
  [104, { schedule: 'OTC', hsnCode: '21069099', gstRate: 18 }],
  [105, { schedule: 'OTC', hsnCode: '90271000', gstRate: 12 }],
  [106, { schedule: 'H1', hsnCode: '30042019', gstRate: 5 }],
  [107, { schedule: 'H', hsnCode: '30049099', gstRate: 5 }],
]);

/** The delivery content the function tests check PIN codes against. */
export const TEST_DELIVERY = parseDeliveryContent(
  {
    codLimitPaise: 500000,
    nonDeliveryDates: [],
    zones: [
      { id: 'bengaluru-central', name: 'Bengaluru central', deliveryBusinessDays: 1, codAllowed: true, pinCodes: ['560001-560110'] },
      { id: 'bengaluru-outer', name: 'Bengaluru outskirts', deliveryBusinessDays: 3, codAllowed: false, pinCodes: ['560300'] },
    ],
  },
  'function tests',
);
export const TEST_NOW = new Date('2026-11-23T06:30:00Z');

/** A complete, deliverable address in Bengaluru central, as a guest's checkout sends it. */
export const BENGALURU_DELIVERY = {
  full_name: 'Asha Rao',
  mobile: '98450 12345',
  line1: '12, 4th Cross, Indiranagar',
  area: 'HAL 2nd Stage',
  landmark: 'Opposite the park',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560038',
  email: 'asha@example.test',
};

/** A Pune address: beyond the pharmacy's own zones, so the courier provider delivers it. */
export const PUNE_DELIVERY = { ...BENGALURU_DELIVERY, line1: '12 FC Road', area: 'Shivajinagar', city: 'Pune', state: 'Maharashtra', pin_code: '411001' };

/**
 * A guest's checkout as the cart sends it: these lines at the test catalogue's selling prices, to
 * Bengaluru, from a new cart session; `overrides` changes or adds fields.
 */
export function checkoutBody<Overrides extends object = object>(lines: { productId: number; quantity: number }[] = [{ productId: 101, quantity: 2 }], overrides = {} as Overrides) {
  const amount = lines.reduce((sum, line) => sum + sellingPricePaise(TEST_CATALOGUE.find((entry) => entry.id === line.productId)!) * line.quantity, 0);
  return { amount, lines, cartSessionId: randomUUID(), prescriptionPaths: [], delivery: BENGALURU_DELIVERY, ...overrides };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The Supabase, Razorpay and PhonePe emulators on free ports, and the payment dependencies built
 * from env by the same buildDependencies the functions use; provider webhooks land in recorders so a test
 * decides when (and how often) to deliver them.
 */
export async function startTestStack() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'payments-test-'));
  const supabase = await startSupabaseEmulator({ port: await freePort(), dataDir: path.join(dataDir, 'supabase') });
  const razorpayHooks = await startWebhookRecorder();
  const phonePeHooks = await startWebhookRecorder();
  const env = parseServerEnv({
    SITE_URL,
    SUPABASE_URL: supabase.url,
    SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey,
    RAZORPAY_KEY_ID: 'rzp_test_functiontests',
    RAZORPAY_KEY_SECRET: 'function-test-key-secret',
    RAZORPAY_WEBHOOK_SECRET: 'function-test-webhook-secret',
    PHONEPE_CLIENT_ID: 'FUNCTIONTESTS',
    PHONEPE_CLIENT_SECRET: 'function-test-client-secret',
    PHONEPE_CLIENT_VERSION: '1',
    PHONEPE_WEBHOOK_USERNAME: 'function-test-hook',
    PHONEPE_WEBHOOK_PASSWORD: 'function-test-hook-password',
    ORDER_LINK_SECRET: 'function-test-order-link-secret-32-bytes-or-more',
  }) as RazorpayEnv & PhonePeEnv;
  const razorpay = await startRazorpayEmulator({
    port: 0,
    keyId: env.RAZORPAY_KEY_ID,
    keySecret: env.RAZORPAY_KEY_SECRET,
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
    webhookUrl: razorpayHooks.url,
  });
  const phonePe = await startPhonePeEmulator({
    port: 0,
    clientId: env.PHONEPE_CLIENT_ID,
    clientSecret: env.PHONEPE_CLIENT_SECRET,
    clientVersion: env.PHONEPE_CLIENT_VERSION,
    webhookUrl: phonePeHooks.url,
    webhookUsername: env.PHONEPE_WEBHOOK_USERNAME,
    webhookPassword: env.PHONEPE_WEBHOOK_PASSWORD,
  });
  const wiredEnv = { ...env, RAZORPAY_API_BASE: razorpay.url, PHONEPE_IDENTITY_BASE: phonePe.url, PHONEPE_PG_BASE: phonePe.url };
  // Tests pin the clock to a Monday in India so promised dates are known.
  // Orders handed on for their confirmation mail, in the order the handlers did it.
  const placedOrders: string[] = [];
  const deps = buildDependencies(wiredEnv, inMemoryCatalogueIndex(TEST_CATALOGUE), TEST_DELIVERY, fetch, () => TEST_NOW, async (orderId) => {
    placedOrders.push(orderId);
  });
  const admin: SupabaseClient = createClient(supabase.url, supabase.serviceRoleKey, { auth: { persistSession: false } });

  return {
    env: wiredEnv,
    deps,
    placedOrders,
    supabase,
    razorpay,
    phonePe,
    razorpayHooks,
    phonePeHooks,
    /** Calls a handler the way its Netlify function does and answers the whole response. */
    send(handler: PaymentHandler, body: unknown, init: { headers?: Record<string, string>; method?: string; rawBody?: string } = {}) {
      const req = new Request(`${SITE_URL}/api/test`, {
        method: init.method ?? 'POST',
        headers: { 'content-type': 'application/json', ...init.headers },
        body: init.method === 'GET' ? undefined : (init.rawBody ?? JSON.stringify(body)),
      });
      return handler(req, () => deps);
    },
    /** Status and JSON body of a handler's answer. */
    async call(handler: PaymentHandler, body: unknown, init: { headers?: Record<string, string>; method?: string; rawBody?: string } = {}) {
      const response = await this.send(handler, body, init);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
    },
    /** Pays an order in the Razorpay emulator's checkout as the modal's Pay button does: its signed reply. */
    async payInRazorpay(providerOrderId: string) {
      const response = await fetch(`${razorpay.url}/v1/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: wiredEnv.RAZORPAY_KEY_ID, order_id: providerOrderId }),
      });
      return (await response.json()) as Record<string, string>;
    },
    async ordersWhere(column: string, value: string) {
      const { data, error } = await admin.from('orders').select('*').eq(column, value);
      if (error) throw new Error(error.message);
      return data;
    },
    async webhookEvent(eventId: string) {
      const { data, error } = await admin.from('payment_webhook_events').select('event_id, provider, reason').eq('event_id', eventId).maybeSingle();
      if (error) throw new Error(error.message);
      return data;
    },
    async webhookEventsOf(provider: string) {
      const { data, error } = await admin.from('payment_webhook_events').select('event_id, provider, reason').eq('provider', provider);
      if (error) throw new Error(error.message);
      return data;
    },
    anonClient: () => createClient(supabase.url, supabase.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }),
    /** A seeded account's access token, as the browser holds it after signing in. */
    async accessToken(email: string, password: string): Promise<string> {
      const { data, error } = await createClient(supabase.url, supabase.anonKey, { auth: { persistSession: false, autoRefreshToken: false } }).auth.signInWithPassword({ email, password });
      if (error) throw error;
      return data.session.access_token;
    },
    async close() {
      await Promise.allSettled([supabase.close(), razorpay.close(), phonePe.close(), razorpayHooks.close(), phonePeHooks.close()]);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestStack = Awaited<ReturnType<typeof startTestStack>>;

const SHIPROCKET_ACCOUNT = { email: 'api@medikart.test', password: 'pw', pickupLocation: 'MediKart Pharmacy' };

/**
 * The Shiprocket emulator beside a test stack, and what the functions build on it: the shipping
 * dependencies (the stack's delivery zones, its clock) and checkout dependencies whose PIN-code
 * check asks the courier beyond the own zones. `fetcher` sees every call to the provider; the
 * emulator posts its tracking news to `webhook` (nowhere without one).
 */
export async function startShipping(stack: TestStack, options: { fetcher?: typeof fetch; webhook?: { url: string; token: string } } = {}) {
  const webhookToken = options.webhook?.token ?? 'function-test-shiprocket-webhook-token';
  const shiprocket = await startShiprocketEmulator({ ...SHIPROCKET_ACCOUNT, webhookUrl: options.webhook?.url ?? null, webhookToken });
  const built = buildShippingDependencies(
    {
      SUPABASE_URL: stack.supabase.url,
      SUPABASE_SERVICE_ROLE_KEY: stack.supabase.serviceRoleKey,
      ORDER_LINK_SECRET: stack.env.ORDER_LINK_SECRET,
      SHIPROCKET_EMAIL: SHIPROCKET_ACCOUNT.email,
      SHIPROCKET_PASSWORD: SHIPROCKET_ACCOUNT.password,
      SHIPROCKET_PICKUP_LOCATION: SHIPROCKET_ACCOUNT.pickupLocation,
      SHIPROCKET_PICKUP_PIN_CODE: '560001',
      SHIPROCKET_WEBHOOK_TOKEN: webhookToken,
      SHIPROCKET_API_BASE: `${shiprocket.url}/v1/external`,
    },
    options.fetcher ?? fetch,
    () => TEST_NOW,
  );
  const shipping: ShippingDependencies = { ...built, content: stack.deps.delivery };
  const checkout = buildDependencies(stack.env, stack.deps.catalogue, stack.deps.delivery, fetch, () => TEST_NOW, async () => {}, undefined, serverDeliveryChecker(() => shipping));
  return { shiprocket, shipping, checkout };
}
