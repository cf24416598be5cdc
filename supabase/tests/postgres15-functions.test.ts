import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestOrderToken } from '../../src/domain/guest-order-link';
import type { PaymentProviders, Refund, StoredOrder } from '../../src/features/checkout/server/public';
import { SupabaseOrderStore } from '../../src/features/checkout/server/order-store';
import { PAYMENT_REGISTRY } from '../../src/features/checkout/server/providers';
import { afterOrderPlaced, cancelOrder } from '../../src/features/orders/server/cancel-order';
import type { ServerDependencies, ServerDependenciesEnv } from '../../src/features/orders/server/server-dependencies';
import { applyShimAndMigrations, startPostgres15, type RealPostgres } from './postgres15';
import { startPostgrestOnPostgres } from './postgrest-on-postgres';

// The functions' own database code (SupabaseOrderStore, afterOrderPlaced, cancelOrder with its
// refund and the order mails) through supabase-js, against the emulator's PostgREST layer served
// from a real PostgreSQL 15 with a connection per request, 20 callers at once. Only the payment
// provider's answers and the mail API are stand-ins (they count what they are asked); the
// signature checks before these calls are the provider contract tests' business.

const PARALLEL = 20;
// Each caller makes its several HTTP calls (find, mark paid, refund check, outbox, claim, order, sent).
const SLOW = 180_000;
const ORDER_LINK_SECRET = 'postgres15-test-order-link-secret-32-bytes-long';

let server: RealPostgres;
let owner: pg.Client;
let pool: pg.Pool;
let rest: Awaited<ReturnType<typeof startPostgrestOnPostgres>>;
let store: SupabaseOrderStore;
let deps: ServerDependencies;
const mailsSent: { subject: string; to: string[] }[] = [];
const refundKeys: string[] = [];

beforeAll(async () => {
  server = await startPostgres15();
  owner = new pg.Client({ connectionString: server.url });
  await owner.connect();
  await applyShimAndMigrations(owner);
  pool = new pg.Pool({ connectionString: server.url, max: PARALLEL * 3 });
  rest = await startPostgrestOnPostgres(pool);
  store = new SupabaseOrderStore(rest.url, rest.serviceRoleKey);
  // Razorpay (its rules from the registry) answers a refund with the same idempotency key with the same refund.
  const razorpay = {
    ...PAYMENT_REGISTRY.razorpay,
    async refund(_order: StoredOrder, amountPaise: number, idempotencyKey: string): Promise<Refund> {
      refundKeys.push(idempotencyKey);
      return { refundId: `rfnd_${idempotencyKey.replace(/-/g, '').slice(-14)}`, amountPaise, state: 'completed' };
    },
  };
  deps = {
    env: { SITE_URL: 'https://shop.example.in', ORDER_LINK_SECRET, MAIL_API_BASE: 'https://mail.example.test', MAIL_API_KEY: 're_test', MAIL_FROM: 'orders@shop.example.in' } as ServerDependenciesEnv,
    db: createClient(rest.url, rest.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }),
    providers: { razorpay } as unknown as PaymentProviders,
    fetcher: async (_input, init) => {
      mailsSent.push(JSON.parse(String(init?.body)) as { subject: string; to: string[] });
      return new Response(JSON.stringify({ id: 'mail' }), { status: 200, headers: { 'content-type': 'application/json' } });
    },
    now: () => new Date(),
  };
}, 300_000);

afterAll(async () => {
  await rest?.close();
  await pool?.end();
  await owner?.end();
  await server?.stop();
});

let ordersPlaced = 0;

async function placedOrder() {
  ordersPlaced += 1;
  const providerOrderId = `order_pg15_fn_${ordersPlaced}`;
  const { rows } = await owner.query<{ id: string; order_number: string }>(
    `insert into public.orders (guest_session_id, provider, provider_order_id, amount_paise, lines,
       delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_city, delivery_state,
       delivery_pin_code, delivery_zone_id, promised_delivery_date)
     values (gen_random_uuid(), 'razorpay', $1, 25000, '[{"product_id": 1, "name": "Paracetamol 500 mg", "unit_mrp_paise": 12500, "unit_price_paise": 12500, "quantity": 2}]',
       'Asha Rao', '+919876543210', $2, '12 MG Road', 'Bengaluru', 'Karnataka', '560001', 'bengaluru', current_date + 2)
     returning id, order_number`,
    [providerOrderId, `asha+${ordersPlaced}@example.test`],
  );
  return { id: rows[0]!.id, orderNumber: rows[0]!.order_number, providerOrderId, email: `asha+${ordersPlaced}@example.test` };
}

/** payment-handlers.ts record() for a paid outcome, with production's orderPlaced (afterOrderPlaced). */
async function recordPaid(providerOrderId: string, paymentId: string) {
  const order = await store.findOrder('razorpay', providerOrderId);
  const paid = await store.markPaid(order!.provider_order_id, paymentId);
  if (paid?.payment_status === 'paid') await afterOrderPlaced(deps, order!.id);
}

async function webhook(providerOrderId: string, paymentId: string, eventId: string) {
  await recordPaid(providerOrderId, paymentId);
  return store.recordWebhookEvent(eventId, 'razorpay', null);
}

const mailsTo = (email: string) => mailsSent.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject.replace(/MK-\d{4}-\d+/, 'MK-…')).sort();

describe('the functions’ database code on PostgreSQL 15, 20 callers at once', () => {
  it('records one payment and sends one confirmation when 20 verifies of one payment run together', async () => {
    const order = await placedOrder();
    await Promise.all(Array.from({ length: PARALLEL }, () => recordPaid(order.providerOrderId, 'pay_fn_verify')));

    const { rows } = await owner.query(`select status, payment_status, provider_payment_id from public.orders where id = $1`, [order.id]);
    expect(rows).toEqual([{ status: 'confirmed', payment_status: 'paid', provider_payment_id: 'pay_fn_verify' }]);
    expect(mailsTo(order.email)).toEqual(['Your MediKart order MK-… is placed']);
  }, SLOW);

  it('records one webhook event and one mail when webhooks and verifies race', async () => {
    const order = await placedOrder();
    const eventId = `evt_fn_${order.id}`;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        index % 2 === 0 ? webhook(order.providerOrderId, 'pay_fn_race', eventId) : recordPaid(order.providerOrderId, 'pay_fn_race').then(() => null),
      ),
    );

    expect(results.filter((isNew) => isNew === true)).toHaveLength(1);
    expect((await owner.query(`select count(*)::int as events from public.payment_webhook_events where event_id = $1`, [eventId])).rows).toEqual([{ events: 1 }]);
    expect(mailsTo(order.email)).toEqual(['Your MediKart order MK-… is placed']);
  }, SLOW);

  it('cancels, refunds and mails once when 20 cancels of one paid order run together', async () => {
    const order = await placedOrder();
    await recordPaid(order.providerOrderId, 'pay_fn_cancel');
    const key = await guestOrderToken(order.id, ORDER_LINK_SECRET);
    const request = () => new Request('https://shop.example.in/api/orders/cancel', { method: 'POST' });
    const answers = await Promise.allSettled(
      Array.from({ length: PARALLEL }, () => cancelOrder(deps, request(), { orderNumber: order.orderNumber, key, reason: 'Ordered by mistake' })),
    );

    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    const { rows } = await owner.query(`select status, payment_status from public.orders where id = $1`, [order.id]);
    expect(rows).toEqual([{ status: 'cancelled', payment_status: 'refunded' }]);
    const refunds = await owner.query(`select amount_paise, state, idempotency_key from public.refunds where order_id = $1`, [order.id]);
    expect(refunds.rows).toEqual([{ amount_paise: 25000, state: 'processed', idempotency_key: `cancel-${order.id}` }]);
    expect(new Set(refundKeys.filter((used) => used === `cancel-${order.id}`))).toEqual(new Set([`cancel-${order.id}`]));
    expect(mailsTo(order.email)).toEqual([
      'Your MediKart order MK-… is cancelled',
      'Your MediKart order MK-… is placed',
      'Your refund for MediKart order MK-…',
    ]);
  }, SLOW);
});
