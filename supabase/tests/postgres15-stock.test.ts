import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOCK_SHORT_SQLSTATE } from '../../src/domain/stock';
import { applyShimAndMigrations, barrier, serviceRoleRequests, startPostgres15, type RealPostgres } from './postgres15';

// The stock and the tax documents under real concurrency: PGlite runs one statement at a time, so
// only a real server with a connection per caller shows that the row locks hold. Each caller is one
// transaction as the service role (what a function's PostgREST call is), all started together.

const PARALLEL = 20;

let server: RealPostgres;
let owner: pg.Client;
let pool: pg.Pool;

beforeAll(async () => {
  server = await startPostgres15();
  owner = new pg.Client({ connectionString: server.url });
  await owner.connect();
  await applyShimAndMigrations(owner);
  pool = new pg.Pool({ connectionString: server.url, max: PARALLEL + 5 });
}, 300_000);

afterAll(async () => {
  await pool?.end();
  await owner?.end();
  await server?.stop();
});

const asServiceRole = serviceRoleRequests(() => pool);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A guest's order for `quantity` of one product, inserted as create-order does (the insert reserves). */
const placeOrder = (productId: number, quantity: number, hold?: () => Promise<void>) =>
  asServiceRole<{ id: string }>(
    `insert into public.orders (guest_session_id, provider, provider_order_id, amount_paise, lines, delivery_name, delivery_mobile, delivery_email,
       delivery_line1, delivery_city, delivery_state, delivery_pin_code, delivery_zone_id, promised_delivery_date)
     values ($1, 'razorpay', $2, 5000, $3, 'Asha Rao', '+919876543210', 'asha@example.test', '12 MG Road', 'Bengaluru', 'Karnataka',
       '560001', 'bengaluru', current_date + 2)
     returning id`,
    [randomUUID(), `order_${randomUUID().slice(0, 8)}`, JSON.stringify([{ product_id: productId, name: `Product ${productId}`, unit_mrp: '50.00', quantity }])],
    hold,
  ).then(([row]) => row!.id);

describe('stock on PostgreSQL 15, many connections at once', () => {
  it(`places 3 of ${PARALLEL} parallel orders for the last 3 strips and refuses 17 with what is left`, async () => {
    await asServiceRole(`select public.import_stock($1, 90)`, [
      JSON.stringify([{ product_id: 301, batch_number: 'RACE1', expiry_date: inDays(300), quantity: 3, mrp_paise: 5000 }]),
    ]);
    const together = barrier(PARALLEL);
    const attempts = await Promise.allSettled(Array.from({ length: PARALLEL }, () => placeOrder(301, 1, together)));
    const refused = attempts.filter((attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected');
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(3);
    expect(refused).toHaveLength(PARALLEL - 3);
    for (const refusal of refused) {
      expect((refusal.reason as { code: string }).code).toBe(STOCK_SHORT_SQLSTATE);
      expect(JSON.parse((refusal.reason as { detail: string }).detail)).toEqual({ product_id: 301, available: 0 });
    }
    const [left] = await asServiceRole<{ available: number }>(`select available from public.stock_availability(array[301])`);
    expect(left!.available).toBe(0);
    const [orders] = await asServiceRole<{ count: number }>(`select count(*)::integer as count from public.orders where lines @> '[{"product_id": 301}]'`);
    expect(orders!.count).toBe(3);
  });
});

describe('tax document numbers on PostgreSQL 15, many connections at once', () => {
  const numberOf = (number: string) => Number(/\/(\d{6})$/.exec(number)![1]);

  it(`numbers ${PARALLEL} invoices issued together, some rolled back, with no gap and no repeat`, async () => {
    const orders = await Promise.all(Array.from({ length: PARALLEL }, () => placeOrder(1, 1)));
    const together = barrier(PARALLEL);
    // Every fourth issue fails after taking its number (a document that is not an object): its
    // transaction rolls back and the number goes to the next issuer.
    const attempts = await Promise.allSettled(
      orders.map((orderId, index) =>
        asServiceRole<{ number: string }>(`select number from public.issue_tax_document($1, 'invoice', $2)`, [orderId, index % 4 === 3 ? '[]' : '{"lines": []}'], together),
      ),
    );
    const issued = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value[0]!.number] : []));
    expect(issued).toHaveLength(PARALLEL - PARALLEL / 4);
    expect(issued.map(numberOf).sort((a, b) => a - b)).toEqual(Array.from({ length: issued.length }, (_, index) => index + 1));
    expect(issued.every((number) => /^MK\/\d{4}\/\d{6}$/.test(number))).toBe(true);
  });

  it(`numbers ${PARALLEL} credit notes issued together in their own series, with no gap and no repeat`, async () => {
    const invoiced = await asServiceRole<{ order_id: string }>(`select order_id from public.tax_documents where kind = 'invoice' order by sequence_number`);
    const together = barrier(invoiced.length);
    const notes = await Promise.all(
      invoiced.map(({ order_id }) => asServiceRole<{ number: string }>(`select number from public.issue_tax_document($1, 'credit_note', '{"lines": []}')`, [order_id], together)),
    );
    const numbers = notes.map(([row]) => row!.number);
    expect(numbers.every((number) => /^CN\/\d{4}\/\d{6}$/.test(number))).toBe(true);
    expect(numbers.map(numberOf).sort((a, b) => a - b)).toEqual(Array.from({ length: invoiced.length }, (_, index) => index + 1));
  });
});
