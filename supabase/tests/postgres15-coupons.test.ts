import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPinCode } from '../../src/domain/delivery';
import { parseDeliveryContent } from '../../src/domain/delivery-content';
import { inMemoryCatalogueIndex } from '../../src/features/checkout/server/catalogue-index';
import { SupabaseCouponStore } from '../../src/features/checkout/server/coupon-store';
import type { CheckoutDependencies } from '../../src/features/checkout/server/dependencies';
import { SupabaseOrderStore } from '../../src/features/checkout/server/order-store';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { PAYMENT_REGISTRY } from '../../src/features/checkout/server/providers';
import type { ServerEnv } from '../../src/features/checkout/server/env';
import type { RequestPayments } from '../../src/features/checkout/server/request-payment';
import { applyShimAndMigrations, barrier, startPostgres15, type RealPostgres } from './postgres15';
import { startPostgrestOnPostgres } from './postgrest-on-postgres';

// A one-use coupon raced by 20 customers at once through the create-order function's own code
// (paymentHandler: parsing, pricing with the code, SupabaseOrderStore's insert) against PostgREST
// on a real PostgreSQL 15, a connection per request. Only Razorpay's order API is a stand-in.

const PARALLEL = 20;
const SLOW = 180_000;

let server: RealPostgres;
let owner: pg.Client;
let pool: pg.Pool;
let rest: Awaited<ReturnType<typeof startPostgrestOnPostgres>>;
let deps: CheckoutDependencies;
let hold: (() => Promise<void>) | null = null;

const delivery = parseDeliveryContent(
  { codLimitPaise: 500000, nonDeliveryDates: [], zones: [{ id: 'bengaluru-central', name: 'Bengaluru central', deliveryBusinessDays: 1, codAllowed: true, pinCodes: ['560001-560110'] }] },
  'coupon race',
);

beforeAll(async () => {
  server = await startPostgres15();
  owner = new pg.Client({ connectionString: server.url });
  await owner.connect();
  await applyShimAndMigrations(owner);
  pool = new pg.Pool({ connectionString: server.url, max: PARALLEL * 4 });
  rest = await startPostgrestOnPostgres(pool);
  const env = { SITE_URL: 'https://shop.example.in', ORDER_LINK_SECRET: 'postgres15-coupon-order-link-secret-32-bytes' } as ServerEnv;
  const connected = PAYMENT_REGISTRY.razorpay.connect(
    { ...env, RAZORPAY_KEY_ID: 'rzp_test_race', RAZORPAY_KEY_SECRET: 'race-secret', RAZORPAY_WEBHOOK_SECRET: 'race-hook' } as ServerEnv,
    fetch,
  )!;
  const razorpay = {
    ...connected,
    ...PAYMENT_REGISTRY.razorpay,
    // Razorpay's order API: every caller waits for the others here, so the inserts overlap.
    async create(_body: unknown, order: { id: string; amountPaise: number }) {
      await hold?.();
      const id = `order_${order.id.replace(/-/g, '').slice(0, 14)}`;
      return { providerOrderId: id, reply: { order: { id, amount: order.amountPaise, currency: 'INR' } } };
    },
  };
  deps = {
    env,
    catalogue: inMemoryCatalogueIndex([
      { id: 101, name: 'Paracetamol 500mg Strip', mrp_paise: 30000, requires_prescription: false, cod_available: true, sale_state: 'ADD TO CART' },
      { id: 102, name: 'Cetirizine 10mg Strip', mrp_paise: 8950, requires_prescription: false, cod_available: true, sale_state: 'ADD TO CART' },
    ]),
    delivery,
    checkDelivery: async (pinCode, at) => checkPinCode(pinCode, delivery, at),
    now: () => new Date(),
    orderPlaced: async () => {},
    orders: new SupabaseOrderStore(rest.url, rest.serviceRoleKey),
    coupons: new SupabaseCouponStore(rest.url, rest.serviceRoleKey),
    providers: { razorpay } as unknown as CheckoutDependencies['providers'],
    requests: {} as RequestPayments,
  };
}, 300_000);

afterAll(async () => {
  await rest?.close();
  await pool?.end();
  await owner?.end();
  await server?.stop();
});

const create = paymentHandler('razorpay', 'create');

/** A guest's checkout of 2 strips (₹600) and one more (₹89.50), each from its own mobile. */
function checkout(index: number, amount: number, couponCode = 'one-use') {
  const body = {
    amount,
    lines: [
      { productId: 101, quantity: 2 },
      { productId: 102, quantity: 1 },
    ],
    cartSessionId: randomUUID(),
    prescriptionPaths: [],
    couponCode,
    delivery: {
      full_name: `Customer ${index}`,
      mobile: `98450${String(10000 + index).slice(-5)}`,
      line1: '12, 4th Cross',
      area: 'Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin_code: '560038',
      email: `race${index}@example.test`,
    },
  };
  return create(new Request('https://shop.example.in/api/razorpay/create-order', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }), () => deps);
}

describe('a one-use coupon on PostgreSQL 15, 20 create-orders at once', () => {
  it(
    'is used exactly once: one order at the discounted price, 19 refused with the sentence and no order',
    async () => {
      await owner.query(
        `insert into public.coupons (code, kind, percent_off, cap_paise, min_order_paise, starts_at, ends_at, total_uses)
         values ('ONE-USE', 'percent', 10, 5000, 49900, now() - interval '1 day', now() + interval '1 day', 1)`,
      );
      // 10% of ₹689.50 is ₹68.95, capped at ₹50, split ₹43.51 / ₹6.49 over the lines.
      const discounted = 60000 + 8950 - 5000;
      hold = barrier(PARALLEL);
      const replies = await Promise.all(Array.from({ length: PARALLEL }, (_, index) => checkout(index, discounted)));
      hold = null;
      const bodies = await Promise.all(replies.map(async (reply) => ({ status: reply.status, body: (await reply.json()) as { error?: string; order?: { amount: number } } })));
      const won = bodies.filter((reply) => reply.status === 200);
      expect(won).toHaveLength(1);
      expect(won[0]!.body.order!.amount).toBe(discounted);
      const refused = bodies.filter((reply) => reply.status !== 200);
      expect(refused).toHaveLength(PARALLEL - 1);
      for (const reply of refused) expect(reply).toEqual({ status: 422, body: { error: 'This code has been used.' } });

      const { rows: orders } = await owner.query<{ amount_paise: number; discount_paise: number; coupon_code: string; lines: { discount_paise?: number; unit_price_paise: number; quantity: number }[] }>(
        `select amount_paise, discount_paise, coupon_code, lines from public.orders`,
      );
      expect(orders).toHaveLength(1);
      const [order] = orders;
      expect(order).toMatchObject({ amount_paise: discounted, discount_paise: 5000, coupon_code: 'ONE-USE' });
      expect(order!.lines.map((line) => line.discount_paise)).toEqual([4351, 649]);
      expect(order!.lines.reduce((sum, line) => sum + line.unit_price_paise * line.quantity - (line.discount_paise ?? 0), 0)).toBe(order!.amount_paise);
      const { rows: uses } = await owner.query(`select state from public.coupon_redemptions where coupon_code = 'ONE-USE'`);
      expect(uses).toEqual([{ state: 'held' }]);
    },
    SLOW,
  );

  it(
    'gives the use back when the payment fails, and the next customer can have it',
    async () => {
      const { rows: [held] } = await owner.query<{ provider_order_id: string }>(`select provider_order_id from public.orders where coupon_code = 'ONE-USE'`);
      expect((await checkout(98, 63950)).status).toBe(422);
      await owner.query(`select public.mark_order_failed($1, 'card declined')`, [held!.provider_order_id]);
      expect((await owner.query(`select state from public.coupon_redemptions where coupon_code = 'ONE-USE'`)).rows).toEqual([{ state: 'released' }]);
      const next = await checkout(99, 63950, 'One-Use');
      expect(next.status).toBe(200);
      expect((await owner.query(`select count(*)::integer as held from public.coupon_redemptions where coupon_code = 'ONE-USE' and state = 'held'`)).rows).toEqual([{ held: 1 }]);
    },
    SLOW,
  );

  it(
    'refuses a code per customer by mobile for guests, and a cancelled order gives its use back',
    async () => {
      await owner.query(
        `insert into public.coupons (code, kind, flat_paise, starts_at, ends_at, uses_per_customer)
         values ('FLAT50', 'flat', 5000, now() - interval '1 day', now() + interval '1 day', 1)`,
      );
      expect((await checkout(7, 63950, 'flat50')).status).toBe(200);
      const again = await checkout(7, 63950, 'flat50');
      expect([again.status, await again.json()]).toEqual([422, { error: 'You have already used this code.' }]);
      expect((await checkout(8, 63950, 'flat50')).status).toBe(200);
      const { rows: [first] } = await owner.query<{ id: string }>(`select id from public.orders where delivery_mobile like '%9845010007' and coupon_code = 'FLAT50'`);
      await owner.query(`update public.orders set status = 'cancelled' where id = $1`, [first!.id]);
      expect((await checkout(7, 63950, 'flat50')).status).toBe(200);
    },
    SLOW,
  );
});
