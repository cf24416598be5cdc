import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, customer, demoCustomerId, failureCode, runAs, seededDatabase, serviceRole, type Caller } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';
const SOLD_OUT = 'MK409';
const pharmacistId = '33333333-3333-4333-8333-333333333333';
const pharmacist: Caller = { role: 'authenticated', userId: pharmacistId, appMetadata: { role: 'pharmacist' } };
const support: Caller = { role: 'authenticated', userId: '44444444-4444-4444-8444-444444444444', appMetadata: { role: 'support' } };
const demo = customer(demoCustomerId);

// Dates relative to today, so the shelf-life rule (90 days) holds whenever the test runs.
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type ImportRow = { product_id: number; batch_number: string; expiry_date: string; quantity: number; mrp_paise: number };
const importStock = async (rows: ImportRow[]) =>
  (await runAs<{ import_stock: { changed_batches: number; back_in_stock_alerts: { product_id: number; email: string }[] } }>(
    db, serviceRole, `select public.import_stock($1, 90)`, [JSON.stringify(rows)],
  ))[0]!.import_stock;

const available = async (productId: number) =>
  (await runAs<{ available: number }>(db, anon, `select available from public.stock_availability(array[$1]::integer[])`, [productId]))[0]?.available;

let orderCounter = 0;
async function placeOrder(lines: { product_id: number; quantity: number }[], prescription = false): Promise<string> {
  orderCounter += 1;
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, prescription_paths)
     values ($1, 'razorpay', $2, 10000, $3, $4) returning id`,
    [demoCustomerId, `order_stock_${orderCounter}`, JSON.stringify(lines.map((line) => ({ ...line, name: `Product ${line.product_id}`, unit_mrp_paise: 5000, unit_price_paise: 5000 }))),
      prescription ? [`${demoCustomerId}/rx.png`] : []],
  );
  return row!.id;
}

const reservations = (orderId: string) =>
  runAs<{ line_index: number; state: string }>(db, serviceRole, `select line_index, state from public.stock_reservations where order_id = $1 order by line_index`, [orderId]);

let db: PGlite;

beforeAll(async () => {
  db = await seededDatabase();
  await importStock([
    { product_id: 201, batch_number: 'PCM2401', expiry_date: inDays(400), quantity: 2, mrp_paise: 3010 },
    { product_id: 201, batch_number: 'PCM2402', expiry_date: inDays(200), quantity: 1, mrp_paise: 3010 },
    // Expires within the minimum shelf life: on hand, never on sale.
    { product_id: 201, batch_number: 'PCM2309', expiry_date: inDays(30), quantity: 50, mrp_paise: 2990 },
    { product_id: 202, batch_number: 'AMX-77', expiry_date: inDays(300), quantity: 10, mrp_paise: 8950 },
  ]);
}, 400_000);

afterAll(async () => {
  await db.close();
});

describe('stock batches: staff only', () => {
  it('shows batches to pharmacists and support, to no customer and no guest', async () => {
    expect(await runAs(db, pharmacist, `select batch_number from public.stock_batches where product_id = 201 order by batch_number`)).toHaveLength(3);
    expect(await runAs(db, support, `select batch_number from public.stock_batches`)).toHaveLength(4);
    expect(await runAs(db, demo, `select * from public.stock_batches`)).toEqual([]);
    expect(await failureCode(runAs(db, anon, `select * from public.stock_batches`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('lets no signed-in user, staff included, write a batch: changes are imports and dispatches', async () => {
    for (const caller of [pharmacist, demo]) {
      expect(await failureCode(runAs(db, caller, `update public.stock_batches set quantity_on_hand = 99`))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller,
        `insert into public.stock_batches (product_id, batch_number, expiry_date, quantity_on_hand, mrp_paise) values (9, 'X1', '2030-01-01', 1, 100)`,
      ))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    expect(await failureCode(runAs(db, anon, `select public.import_stock('[]', 90)`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('tells anyone only product id and available count, leaving out the short-dated batch', async () => {
    const rows = await runAs(db, anon, `select * from public.stock_availability(array[201, 202, 999])`);
    expect(rows).toEqual([{ product_id: 201, available: 3 }, { product_id: 202, available: 10 }]);
  });
});

describe('reservations', () => {
  it('of 20 orders racing for the last 3 strips, 3 are placed and 17 refused with what is left', async () => {
    const attempts = await Promise.allSettled(Array.from({ length: 20 }, () => placeOrder([{ product_id: 201, quantity: 1 }])));
    const placed = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt): attempt is PromiseRejectedResult => attempt.status === 'rejected');
    expect(placed).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const refusal of refused) {
      expect(refusal.reason.code).toBe(SOLD_OUT);
      expect(JSON.parse(refusal.reason.detail)).toEqual({ product_id: 201, available: 0 });
    }
    expect(await available(201)).toBe(0);
    // A refused order leaves nothing behind to pay for.
    const orders = await runAs<{ count: number }>(db, serviceRole, `select count(*)::integer as count from public.orders where lines @> '[{"product_id": 201}]'`);
    expect(orders[0]!.count).toBe(3);
  });

  it('gives the stock back when an order is cancelled', async () => {
    await importStock([
      { product_id: 201, batch_number: 'PCM2401', expiry_date: inDays(400), quantity: 5, mrp_paise: 3010 },
      { product_id: 202, batch_number: 'AMX-77', expiry_date: inDays(300), quantity: 10, mrp_paise: 8950 },
    ]);
    const before = await available(202);
    const orderId = await placeOrder([{ product_id: 202, quantity: 4 }]);
    expect(await available(202)).toBe(before! - 4);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'cancelled', 'customer')`, [orderId]);
    expect(await reservations(orderId)).toEqual([{ line_index: 0, state: 'released' }]);
    expect(await available(202)).toBe(before);
  });

  it('gives the stock back when the payment fails or is abandoned, and holds it again if it is paid after all', async () => {
    const before = await available(202);
    const orderId = await placeOrder([{ product_id: 202, quantity: 2 }]);
    await runAs(db, serviceRole, `select public.mark_order_failed($1, 'abandoned')`, [`order_stock_${orderCounter}`]);
    expect(await available(202)).toBe(before);
    await runAs(db, serviceRole, `select public.mark_order_paid($1, 'pay_late')`, [`order_stock_${orderCounter}`]);
    expect(await reservations(orderId)).toEqual([{ line_index: 0, state: 'held' }]);
    expect(await available(202)).toBe(before! - 2);
  });

  it("gives back only the line the pharmacist rejects", async () => {
    const orderId = await placeOrder([{ product_id: 202, quantity: 1 }, { product_id: 201, quantity: 1 }], true);
    await runAs(db, serviceRole, `select public.mark_order_paid($1, 'pay_rx')`, [`order_stock_${orderCounter}`]);
    await runAs(db, serviceRole,
      `select public.decide_order_line($1, 'prescription_review', 0, '[0]', 'rejected', 'illegible', null, $2, 'Asha Rao', 'KA-PH-004512')`,
      [orderId, pharmacistId]);
    expect(await reservations(orderId)).toEqual([{ line_index: 0, state: 'released' }, { line_index: 1, state: 'held' }]);
  });

  it('leaves products nobody has imported stock for to the catalogue', async () => {
    const orderId = await placeOrder([{ product_id: 777, quantity: 40 }]);
    expect(await reservations(orderId)).toEqual([]);
  });
});

describe('dispatch by batch', () => {
  it('suggests the first-expiring sellable batches and refuses a short-dated one', async () => {
    await importStock([
      { product_id: 203, batch_number: 'LATE', expiry_date: inDays(500), quantity: 10, mrp_paise: 1000 },
      { product_id: 203, batch_number: 'SOON', expiry_date: inDays(120), quantity: 2, mrp_paise: 1000 },
      { product_id: 203, batch_number: 'SHORT', expiry_date: inDays(20), quantity: 10, mrp_paise: 1000 },
    ]);
    const orderId = await placeOrder([{ product_id: 203, quantity: 3 }]);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'confirmed', 'system')`, [orderId]);
    const [{ suggest_order_batches: picks }] = (await runAs<{ suggest_order_batches: { short: number; batches: { batch_number: string; quantity: number }[] }[] }>(
      db, serviceRole, `select public.suggest_order_batches($1)`, [orderId],
    )) as [{ suggest_order_batches: { short: number; batches: { batch_number: string; quantity: number }[] }[] }];
    expect(picks.map((line) => ({ short: line.short, batches: line.batches.map((b) => [b.batch_number, b.quantity]) }))).toEqual([
      { short: 0, batches: [['SOON', 2], ['LATE', 1]] },
    ]);

    const batchId = async (number: string) =>
      (await runAs<{ id: number }>(db, serviceRole, `select id from public.stock_batches where batch_number = $1`, [number]))[0]!.id;
    const dispatch = (picks: { line_index: number; batch_id: number; quantity: number }[]) =>
      runAs(db, serviceRole, `select public.dispatch_order_batches($1, $2, $3)`, [orderId, JSON.stringify(picks), pharmacistId]);

    expect(await failureCode(dispatch([{ line_index: 0, batch_id: await batchId('SHORT'), quantity: 3 }]))).toBe(CHECK_VIOLATION);
    expect(await failureCode(dispatch([{ line_index: 0, batch_id: await batchId('SOON'), quantity: 2 }]))).toBe(CHECK_VIOLATION);
    expect(await failureCode(dispatch([{ line_index: 0, batch_id: await batchId('AMX-77'), quantity: 3 }]))).toBe(CHECK_VIOLATION);

    await runAs(db, serviceRole, `select public.set_order_status($1, 'packed', 'support')`, [orderId]);
    // A line cannot ship without its batch.
    expect(await failureCode(runAs(db, serviceRole, `select public.set_order_status($1, 'shipped', 'support')`, [orderId]))).toBe(CHECK_VIOLATION);

    await dispatch([{ line_index: 0, batch_id: await batchId('SOON'), quantity: 2 }, { line_index: 0, batch_id: await batchId('LATE'), quantity: 1 }]);
    expect(await runAs(db, serviceRole, `select batch_number, quantity_on_hand from public.stock_batches where product_id = 203 order by batch_number`)).toEqual([
      { batch_number: 'LATE', quantity_on_hand: 9 },
      { batch_number: 'SHORT', quantity_on_hand: 10 },
      { batch_number: 'SOON', quantity_on_hand: 0 },
    ]);
    expect(await reservations(orderId)).toEqual([{ line_index: 0, state: 'consumed' }]);
    expect(await available(203)).toBe(9);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'shipped', 'support')`, [orderId]);
    expect(await runAs(db, demo, `select batch_number, quantity from public.order_line_batches where order_id = $1 order by batch_number`, [orderId])).toEqual([
      { batch_number: 'LATE', quantity: 1 },
      { batch_number: 'SOON', quantity: 2 },
    ]);
    expect(await failureCode(runAs(db, serviceRole, `update public.order_line_batches set quantity = 5`))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('import', () => {
  it('changes nothing when the same file is imported twice, and zeroes a batch the file no longer lists', async () => {
    const file = [
      { product_id: 204, batch_number: 'A1', expiry_date: inDays(400), quantity: 7, mrp_paise: 1500 },
      { product_id: 204, batch_number: 'A2', expiry_date: inDays(450), quantity: 3, mrp_paise: 1500 },
    ];
    await importStock(file);
    const first = await runAs(db, serviceRole, `select batch_number, quantity_on_hand, updated_at from public.stock_batches where product_id = 204 order by batch_number`);
    expect((await importStock(file)).changed_batches).toBe(0);
    expect(await runAs(db, serviceRole, `select batch_number, quantity_on_hand, updated_at from public.stock_batches where product_id = 204 order by batch_number`)).toEqual(first);
    expect((await importStock(file.slice(0, 1))).changed_batches).toBeGreaterThan(0);
    expect(await available(204)).toBe(7);
  });

  it('answers each "notify me" request once, when its product comes back in stock', async () => {
    await importStock([{ product_id: 205, batch_number: 'N1', expiry_date: inDays(400), quantity: 0, mrp_paise: 900 }]);
    await runAs(db, anon, `insert into public.stock_alerts (product_id, email) values (205, 'waiting@example.com')`);
    const back = await importStock([{ product_id: 205, batch_number: 'N1', expiry_date: inDays(400), quantity: 4, mrp_paise: 900 }]);
    expect(back.back_in_stock_alerts.map((alert) => [alert.product_id, alert.email])).toEqual([[205, 'waiting@example.com']]);
    await importStock([{ product_id: 205, batch_number: 'N1', expiry_date: inDays(400), quantity: 0, mrp_paise: 900 }]);
    const again = await importStock([{ product_id: 205, batch_number: 'N1', expiry_date: inDays(400), quantity: 6, mrp_paise: 900 }]);
    expect(again.back_in_stock_alerts).toEqual([]);
    // Queued for its mail, once.
    expect(await runAs(db, serviceRole, `select email from public.stock_alerts where back_in_stock_at is not null and notified_at is null`)).toEqual([{ email: 'waiting@example.com' }]);
  });

  it('answers a "notify me" request once when a cancelled order gives the last strip back', async () => {
    await importStock([{ product_id: 206, batch_number: 'C1', expiry_date: inDays(400), quantity: 1, mrp_paise: 900 }]);
    const orderId = await placeOrder([{ product_id: 206, quantity: 1 }]);
    expect(await available(206)).toBe(0);
    await runAs(db, anon, `insert into public.stock_alerts (product_id, email) values (206, 'after.cancel@example.com'), (205, 'other.product@example.com')`);
    const waiting = () => runAs<{ email: string }>(db, serviceRole, `select email from public.stock_alerts where product_id in (205, 206) and back_in_stock_at is not null and notified_at is null order by email`);
    const before = await waiting();
    await runAs(db, serviceRole, `select public.set_order_status($1, 'cancelled', 'customer')`, [orderId]);
    expect(await available(206)).toBe(1);
    // Only the request for the product that came back; the other product's stock did not change.
    expect(await waiting()).toEqual([...before, { email: 'after.cancel@example.com' }].sort((a, b) => a.email.localeCompare(b.email)));
    const [marked] = await runAs<{ back_in_stock_at: string }>(db, serviceRole, `select back_in_stock_at from public.stock_alerts where email = 'after.cancel@example.com'`);
    // Sold out and given back again: the request was answered already and is not queued a second time.
    const again = await placeOrder([{ product_id: 206, quantity: 1 }]);
    await runAs(db, serviceRole, `update public.stock_alerts set notified_at = now() where email = 'after.cancel@example.com'`);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'cancelled', 'customer')`, [again]);
    expect(await runAs(db, serviceRole, `select back_in_stock_at from public.stock_alerts where email = 'after.cancel@example.com' and notified_at is not null`)).toEqual([marked]);
  });
});
