import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPECTED_FUNCTION_PRIVILEGES,
  EXPECTED_RELATION_PRIVILEGES,
  definersWithoutSearchPath,
  expectedMatrix,
  functionPrivileges,
  platformObjects,
  relationPrivileges,
} from './hosted-rules';
import { applyShimAndMigrations, barrier, serviceRoleRequests, startPostgres15, type RealPostgres } from './postgres15';

// The migrations on a real PostgreSQL 15 server (Debian's), after the platform shim, the way
// `supabase db push` applies them; then the exactly-once guarantees under real concurrency, from
// many connections at once, which PGlite (one connection) cannot show.
//
// The payment, cancel and mail code (src/features/checkout/server/payment-handlers.ts,
// src/features/orders/server/cancel-order.ts, refunds.ts, order-mail.ts) talks to Supabase through
// PostgREST, one transaction per call, as the service role. There is no PostgREST here, so each
// flow below makes the same calls in the same order, each as its own service-role transaction
// with the JWT claims set, exactly as PostgREST runs them; the provider and the mail API are
// stand-ins that count what they are asked.

const PARALLEL = 20;

let server: RealPostgres;
let owner: pg.Client;
let pool: pg.Pool;
let platformBefore: string[];
let migrationsApplied: string[];

beforeAll(async () => {
  server = await startPostgres15();
  owner = new pg.Client({ connectionString: server.url });
  await owner.connect();
  migrationsApplied = await applyShimAndMigrations(owner, { shim: async () => { platformBefore = await platformObjects(owner); } });
  pool = new pg.Pool({ connectionString: server.url, max: PARALLEL * 2 + 5 });
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await owner?.end();
  await server?.stop();
});

const asServiceRole = serviceRoleRequests(() => pool);

/** What the mail API and the payment provider were asked, per test. */
interface Outside {
  mailsSent: { orderId: string; kind: string }[];
  refundKeys: string[];
}

let ordersPlaced = 0;

/** A placed Razorpay order of a guest with full delivery details, payment pending. */
async function placedOrder(): Promise<{ id: string; providerOrderId: string; orderNumber: string }> {
  ordersPlaced += 1;
  const providerOrderId = `order_pg15_${ordersPlaced}`;
  const [row] = await asServiceRole<{ id: string; order_number: string }>(
    `insert into public.orders (guest_session_id, provider, provider_order_id, amount_paise, lines,
       delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_city, delivery_state,
       delivery_pin_code, delivery_zone_id, promised_delivery_date)
     values ($1, 'razorpay', $2, 25000, '[{"product_id": 1, "name": "Paracetamol 500 mg", "unit_mrp_paise": 12500, "unit_price_paise": 12500, "quantity": 2}]',
       'Asha Rao', '+919876543210', 'asha@example.test', '12 MG Road', 'Bengaluru', 'Karnataka',
       '560001', 'bengaluru', current_date + 2)
     returning id, order_number`,
    [randomUUID(), providerOrderId],
  );
  return { id: row!.id, providerOrderId, orderNumber: row!.order_number };
}

/** sendWaitingMessages({orderId}): the order's unsent mails, each claimed (claim_message) before it is sent and marked sent. */
async function sendOrderMails(outside: Outside, orderId: string): Promise<void> {
  const waiting = await asServiceRole<{ id: string; kind: string; attempts: number }>(
    `select id, order_id, kind, attempts from public.message_outbox where channel = 'mail' and sent_at is null and delivery_status is null and attempts < 12 and order_id = $1 order by created_at limit 100`,
    [orderId],
  );
  for (const mail of waiting) {
    const [claim] = await asServiceRole<{ claimed: boolean }>(`select public.claim_message($1) as claimed`, [mail.id]);
    if (!claim!.claimed) continue;
    await asServiceRole(`select order_number, delivery_email from public.orders where id = $1`, [orderId]);
    outside.mailsSent.push({ orderId, kind: mail.kind });
    await asServiceRole(
      `update public.message_outbox set sent_at = now(), attempts = $2, last_error = null, claimed_until = null, delivery_status = 'sent' where id = $1`,
      [mail.id, mail.attempts + 1],
    );
  }
}

/** record() and afterOrderPlaced(): mark_order_paid, then (for a paid order) any refund owed and the mails. */
async function recordPaid(outside: Outside, order: { id: string; providerOrderId: string }, paymentId: string, hold?: () => Promise<void>) {
  const [paid] = await asServiceRole<{ payment_status: string }>(
    `select payment_status from public.mark_order_paid($1, $2)`,
    [order.providerOrderId, paymentId],
    hold,
  );
  if (paid!.payment_status !== 'paid') return;
  await refundCancelledOrder(outside, order.id, 'Paid after the order was cancelled');
  await sendOrderMails(outside, order.id);
}

/** The verify function after the provider's signature checked out. */
async function verify(outside: Outside, order: { id: string; providerOrderId: string }, paymentId: string, hold?: () => Promise<void>) {
  await asServiceRole(`select id, payment_status, amount_paise, currency from public.orders where provider = 'razorpay' and provider_order_id = $1`, [order.providerOrderId]);
  await recordPaid(outside, order, paymentId, hold);
}

/** The webhook function for a payment.captured event: the same recording, then the event id once. */
async function webhook(outside: Outside, order: { id: string; providerOrderId: string }, paymentId: string, eventId: string, hold?: () => Promise<void>) {
  await asServiceRole(`select id, payment_status, amount_paise, currency from public.orders where provider = 'razorpay' and provider_order_id = $1`, [order.providerOrderId]);
  await recordPaid(outside, order, paymentId, hold);
  const [recorded] = await asServiceRole<{ is_new: boolean }>(`select public.record_payment_webhook_event($1, 'razorpay', null) as is_new`, [eventId]);
  return recorded!.is_new;
}

/** refundCancelledOrder(): the rest of a cancelled order's payment, once, under cancel-<order id>. */
async function refundCancelledOrder(outside: Outside, orderId: string, reason: string): Promise<void> {
  const [current] = await asServiceRole<{ status: string; payment_status: string; provider: string; amount_paise: number }>(
    `select status, payment_status, provider, amount_paise from public.orders where id = $1`,
    [orderId],
  );
  if (current!.status !== 'cancelled' || !['paid', 'refund_pending', 'partially_refunded'].includes(current!.payment_status)) return;
  const key = `cancel-${orderId}`;
  let [refund] = await asServiceRole<{ id: string; state: string }>(`select id, state from public.refunds where idempotency_key = $1`, [key]);
  if (!refund) {
    const refunds = await asServiceRole<{ amount_paise: number; state: string }>(`select amount_paise, state from public.refunds where order_id = $1`, [orderId]);
    const remaining = current!.amount_paise - refunds.filter((row) => row.state !== 'failed').reduce((sum, row) => sum + row.amount_paise, 0);
    if (remaining <= 0) return;
    [refund] = await asServiceRole<{ id: string; state: string }>(
      `select id, state from public.request_refund($1, $2, $3, $4, 'cancel')`,
      [orderId, remaining, key, reason],
    );
  }
  if (refund!.state === 'processed') return;
  // The provider takes the idempotency key, so every caller asking with it is one refund there.
  outside.refundKeys.push(key);
  await asServiceRole(`select id from public.record_refund_state($1, 'processed', $2, 'payment_provider')`, [refund!.id, `rfnd_${orderId.slice(0, 8)}`]);
}

/** cancelOrder() for the customer: set_order_status while the order may still be cancelled, the refund, the mails. */
async function cancel(outside: Outside, order: { id: string; orderNumber: string }, hold?: () => Promise<void>) {
  const [seen] = await asServiceRole<{ status: string }>(`select id, status from public.orders where order_number = $1`, [order.orderNumber]);
  if (seen!.status !== 'cancelled') {
    await asServiceRole(`select id from public.set_order_status($1, 'cancelled', 'customer', null, 'I ordered the wrong medicine')`, [order.id], hold);
  }
  await refundCancelledOrder(outside, order.id, 'I ordered the wrong medicine');
  await sendOrderMails(outside, order.id);
}

async function eventsOf(orderId: string) {
  const { rows } = await owner.query<{ kind: string; to_status: string }>(`select kind, to_status from public.order_events where order_id = $1 order by id`, [orderId]);
  return rows.map((row) => `${row.kind}:${row.to_status}`);
}

async function outboxOf(orderId: string) {
  const { rows } = await owner.query<{ kind: string; sent: boolean }>(
    `select kind, sent_at is not null as sent from public.message_outbox where order_id = $1 and channel = 'mail' order by created_at, kind`,
    [orderId],
  );
  return rows;
}

const kindsSent = (outside: Outside, orderId: string) => outside.mailsSent.filter((mail) => mail.orderId === orderId).map((mail) => mail.kind).sort();

describe('the migrations on PostgreSQL 15', () => {
  it('apply after the platform shim on a real PostgreSQL 15 server', async () => {
    const { rows } = await owner.query<{ server_version_num: string }>(`show server_version_num`);
    expect(Number(rows[0]!.server_version_num)).toBeGreaterThanOrEqual(150000);
    expect(Number(rows[0]!.server_version_num)).toBeLessThan(160000);
    expect(migrationsApplied.length).toBeGreaterThan(0);
  });

  it('grant each API role exactly its privileges there too', async () => {
    expect(await relationPrivileges(owner)).toEqual(expectedMatrix(EXPECTED_RELATION_PRIVILEGES));
    const actual = await functionPrivileges(owner);
    const expected = expectedMatrix(EXPECTED_FUNCTION_PRIVILEGES);
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, actual[name]]))).toEqual(expected);
  });

  it('fix the search_path of every security definer function and leave auth and storage alone', async () => {
    expect(await definersWithoutSearchPath(owner)).toEqual([]);
    expect(await platformObjects(owner)).toEqual(platformBefore);
  });
});

describe('exactly once, from many connections at once', () => {
  it(`marks an order paid once when ${PARALLEL} verifies of one payment arrive together`, async () => {
    const outside: Outside = { mailsSent: [], refundKeys: [] };
    const order = await placedOrder();
    const together = barrier(PARALLEL);
    await Promise.all(Array.from({ length: PARALLEL }, () => verify(outside, order, 'pay_pg15_verify', together)));

    const { rows } = await owner.query(`select status, payment_status, provider_payment_id from public.orders where id = $1`, [order.id]);
    expect(rows).toEqual([{ status: 'confirmed', payment_status: 'paid', provider_payment_id: 'pay_pg15_verify' }]);
    expect(await eventsOf(order.id)).toEqual(['status:placed', 'payment:paid', 'status:confirmed']);
    expect(await outboxOf(order.id)).toEqual([{ kind: 'order_confirmation', sent: true }]);
    expect(kindsSent(outside, order.id)).toEqual(['order_confirmation']);
  });

  it(`cancels and refunds an order once when ${PARALLEL} cancels arrive together`, async () => {
    const outside: Outside = { mailsSent: [], refundKeys: [] };
    const order = await placedOrder();
    await verify(outside, order, 'pay_pg15_cancel');
    const together = barrier(PARALLEL);
    await Promise.all(Array.from({ length: PARALLEL }, () => cancel(outside, order, together)));

    const { rows } = await owner.query(`select status, payment_status from public.orders where id = $1`, [order.id]);
    expect(rows).toEqual([{ status: 'cancelled', payment_status: 'refunded' }]);
    const refunds = await owner.query(`select amount_paise, idempotency_key, state from public.refunds where order_id = $1`, [order.id]);
    expect(refunds.rows).toEqual([{ amount_paise: 25000, idempotency_key: `cancel-${order.id}`, state: 'processed' }]);
    expect(new Set(outside.refundKeys)).toEqual(new Set([`cancel-${order.id}`]));
    expect(await eventsOf(order.id)).toEqual([
      'status:placed', 'payment:paid', 'status:confirmed', 'status:cancelled', 'payment:refund_pending', 'payment:refunded',
    ]);
    expect((await outboxOf(order.id)).map((mail) => `${mail.kind}:${mail.sent}`).sort()).toEqual([
      'order_cancelled:true', 'order_confirmation:true', 'refund_processed:true',
    ]);
    expect(kindsSent(outside, order.id)).toEqual(['order_cancelled', 'order_confirmation', 'refund_processed']);
  });

  it('records one payment, one webhook event and one mail when webhooks and verifies race', async () => {
    const outside: Outside = { mailsSent: [], refundKeys: [] };
    const order = await placedOrder();
    const together = barrier(PARALLEL);
    const eventId = `evt_pg15_${order.id}`;
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        index % 2 === 0 ? webhook(outside, order, 'pay_pg15_race', eventId, together) : verify(outside, order, 'pay_pg15_race', together).then(() => null),
      ),
    );

    expect(results.filter((isNew) => isNew === true)).toHaveLength(1);
    const events = await owner.query(`select event_id, provider, reason from public.payment_webhook_events where event_id = $1`, [eventId]);
    expect(events.rows).toEqual([{ event_id: eventId, provider: 'razorpay', reason: null }]);
    expect(await eventsOf(order.id)).toEqual(['status:placed', 'payment:paid', 'status:confirmed']);
    expect(await outboxOf(order.id)).toEqual([{ kind: 'order_confirmation', sent: true }]);
    expect(kindsSent(outside, order.id)).toEqual(['order_confirmation']);
  });

  it('refunds once a payment that lands while 20 cancels of the same order run', async () => {
    const outside: Outside = { mailsSent: [], refundKeys: [] };
    const order = await placedOrder();
    const together = barrier(PARALLEL + 1);
    await Promise.all([
      ...Array.from({ length: PARALLEL }, () => cancel(outside, order, together)),
      verify(outside, order, 'pay_pg15_late', together),
    ]);

    const { rows } = await owner.query(`select status, payment_status from public.orders where id = $1`, [order.id]);
    expect(rows).toEqual([{ status: 'cancelled', payment_status: 'refunded' }]);
    const refunds = await owner.query(`select amount_paise, state from public.refunds where order_id = $1`, [order.id]);
    expect(refunds.rows).toEqual([{ amount_paise: 25000, state: 'processed' }]);
    expect(kindsSent(outside, order.id).filter((kind) => kind === 'refund_processed')).toEqual(['refund_processed']);
    expect(kindsSent(outside, order.id).filter((kind) => kind === 'order_cancelled')).toEqual(['order_cancelled']);
  });
});
