import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole, type Caller } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const pharmacistId = '33333333-3333-4333-8333-333333333333';
const supportId = '44444444-4444-4444-8444-444444444444';
const pharmacist: Caller = { role: 'authenticated', userId: pharmacistId, appMetadata: { role: 'pharmacist', registration_number: 'KA-PH-004512' } };
const support: Caller = { role: 'authenticated', userId: supportId, appMetadata: { role: 'support' } };
const forger: Caller = { role: 'authenticated', userId: secondCustomerId, appMetadata: { provider: 'email' }, userMetadata: { role: 'pharmacist' } };

const lines = JSON.stringify([
  { product_id: 102, name: 'Amoxicillin 250mg Capsule', unit_mrp_paise: 8950, unit_price_paise: 8950, quantity: 1 },
  { product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp_paise: 3010, unit_price_paise: 3010, quantity: 1 },
]);

let db: PGlite;
let demoOrderId: string;
let guestOrderId: string;

async function placeOrder(userId: string | null, providerOrderId: string): Promise<string> {
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, guest_session_id, provider, provider_order_id, amount_paise, lines, prescription_paths)
     values ($1, $2, 'razorpay', $3, 11960, $4, $5) returning id`,
    [userId, userId ? null : '3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10', providerOrderId, lines, ['guest-3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10/rx.png']],
  );
  // Paid, so it waits for the pharmacist.
  await runAs(db, serviceRole, `select public.mark_order_paid($1, $2)`, [providerOrderId, `pay_${providerOrderId}`]);
  return row!.id;
}

beforeAll(async () => {
  db = await seededDatabase();
  demoOrderId = await placeOrder(demoCustomerId, 'order_desk_demo');
  guestOrderId = await placeOrder(null, 'order_desk_guest');
  await runAs(db, serviceRole, `insert into storage.objects (bucket_id, name, owner) values ('prescriptions', 'guest-3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10/rx.png', null)`);
  await runAs(
    db,
    serviceRole,
    `insert into public.prescription_files (request_id, file_name, file_url, file_type, uploaded_by)
     values ($1, 'rx.png', $1 || '/rx.png', 'image/png', $1::uuid)`,
    [demoCustomerId],
  );
});

afterAll(async () => {
  await db.close();
});

const decide = (orderId: string, lineIndex: number, decision: 'accepted' | 'rejected', reason: string | null) =>
  runAs<{ decide_order_line: { all_decided: boolean; rejected: number[] } }>(
    db,
    serviceRole,
    `select public.decide_order_line($1, 'prescription_review', $2, '[0]', $3, $4, null, $5, 'Asha Rao', 'KA-PH-004512')`,
    [orderId, lineIndex, decision, reason, pharmacistId],
  );

describe('staff read every order', () => {
  for (const [name, staff] of [['a pharmacist', pharmacist], ['support', support]] as const) {
    it(`${name} reads every customer's and guest's order, its history and prescription files`, async () => {
      const orders = await runAs<{ id: string }>(db, staff, `select id from public.orders where id in ($1, $2)`, [demoOrderId, guestOrderId]);
      expect(orders).toHaveLength(2);
      const events = await runAs(db, staff, `select 1 from public.order_events where order_id = $1`, [guestOrderId]);
      expect(events.length).toBeGreaterThan(0);
      const files = await runAs(db, staff, `select 1 from public.prescription_files where request_id = $1`, [demoCustomerId]);
      expect(files).toHaveLength(1);
      const objects = await runAs(db, staff, `select name from storage.objects where bucket_id = 'prescriptions'`);
      expect(objects).toEqual([{ name: 'guest-3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10/rx.png' }]);
    });

    it(`${name} cannot change an order, its history or the audit directly`, async () => {
      expect(await failureCode(runAs(db, staff, `update public.orders set status = 'confirmed' where id = $1`, [demoOrderId]))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(
        await failureCode(runAs(db, staff, `insert into public.order_events (order_id, kind, actor_role, note) values ($1, 'note', 'pharmacist', 'ok')`, [demoOrderId])),
      ).toBe(INSUFFICIENT_PRIVILEGE);
      expect(
        await failureCode(
          runAs(db, staff, `insert into public.order_line_decisions (order_id, line_index, decision, pharmacist_id, pharmacist_name, registration_number) values ($1, 0, 'accepted', $2, 'x', 'y')`, [
            demoOrderId,
            pharmacistId,
          ]),
        ),
      ).toBe(INSUFFICIENT_PRIVILEGE);
      expect(
        await failureCode(runAs(db, staff, `insert into public.prescription_views (viewer_id, viewer_role, order_id, file_path) values ($1, 'support', $2, 'a/b')`, [supportId, demoOrderId])),
      ).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, staff, `select public.set_order_status($1, 'confirmed', 'pharmacist')`, [demoOrderId]))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(
        await failureCode(runAs(db, staff, `select public.decide_order_line($1, 'prescription_review', 0, '[0]', 'accepted', null, null, $2, 'x', 'y')`, [demoOrderId, pharmacistId])),
      ).toBe(INSUFFICIENT_PRIVILEGE);
      await runAs(db, staff, `delete from storage.objects where bucket_id = 'prescriptions'`);
      const kept = await runAs(db, serviceRole, `select 1 from storage.objects where bucket_id = 'prescriptions'`);
      expect(kept).toHaveLength(1);
    });
  }
});

describe('a customer with a forged role', () => {
  it('gains nothing from role: pharmacist in user_metadata', async () => {
    const orders = await runAs(db, forger, `select id from public.orders where id in ($1, $2)`, [demoOrderId, guestOrderId]);
    expect(orders).toEqual([]);
    expect(await runAs(db, forger, `select 1 from public.order_events where order_id = $1`, [demoOrderId])).toEqual([]);
    expect(await runAs(db, forger, `select 1 from public.prescription_files`)).toEqual([]);
    expect(await runAs(db, forger, `select 1 from storage.objects where bucket_id = 'prescriptions'`)).toEqual([]);
    expect(await runAs(db, forger, `select 1 from public.prescription_views`)).toEqual([]);
  });

  it('keeps reading only their own orders', async () => {
    const own = await runAs<{ id: string }>(db, customer(demoCustomerId), `select id from public.orders`);
    expect(own.map((row) => row.id)).toEqual([demoOrderId]);
  });
});

describe('line decisions and prescription views are an audit trail', () => {
  it('records one decision per line; the last decision says so; a second decision on a line is refused', async () => {
    const [first] = await decide(demoOrderId, 0, 'rejected', 'illegible');
    expect(first!.decide_order_line).toEqual({ all_decided: true, rejected: [0] });
    expect(await failureCode(decide(demoOrderId, 0, 'accepted', null))).toBe('23505');
    expect(await failureCode(decide(demoOrderId, 1, 'accepted', null))).toBe('23514');
    expect(await runAs(db, serviceRole, `select kind, actor_role, actor_id, note from public.order_events where order_id = $1 and kind = 'note'`, [demoOrderId])).toEqual([
      { kind: 'note', actor_role: 'pharmacist', actor_id: pharmacistId, note: 'Prescription line 1 (Amoxicillin 250mg Capsule) rejected by Asha Rao, reg. KA-PH-004512: illegible' },
    ]);
  });

  it('refuses a decision on an order whose payment is still open', async () => {
    const [unpaid] = await runAs<{ id: string }>(db, serviceRole, `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, prescription_paths) values ($1, 'razorpay', 'order_desk_unpaid', 11960, $2, '{x/rx.png}') returning id`, [demoCustomerId, lines]);
    expect(await failureCode(runAs(db, serviceRole, `select public.decide_order_line($1, 'placed', 0, '[0]', 'accepted', null, null, $2, 'Asha Rao', 'KA-PH-004512')`, [unpaid!.id, pharmacistId]))).toBe('23514');
  });

  it('lets the customer read the decisions on their own order', async () => {
    const rows = await runAs(db, customer(demoCustomerId), `select decision, reason, pharmacist_name, registration_number from public.order_line_decisions`);
    expect(rows).toEqual([{ decision: 'rejected', reason: 'illegible', pharmacist_name: 'Asha Rao', registration_number: 'KA-PH-004512' }]);
    expect(await runAs(db, customer(secondCustomerId), `select 1 from public.order_line_decisions`)).toEqual([]);
  });

  it('refuses to change or delete a decision or a view, even as the service role', async () => {
    await runAs(db, serviceRole, `insert into public.prescription_views (viewer_id, viewer_role, order_id, file_path) values ($1, 'pharmacist', $2, 'a/b.png')`, [pharmacistId, demoOrderId]);
    for (const statement of [
      `update public.order_line_decisions set decision = 'accepted', reason = null`,
      `delete from public.order_line_decisions`,
      `update public.prescription_views set viewer_id = '${supportId}'`,
      `delete from public.prescription_views`,
    ]) {
      expect(await failureCode(runAs(db, serviceRole, statement)), statement).toBe(INSUFFICIENT_PRIVILEGE);
    }
    const views = await runAs(db, pharmacist, `select viewer_role, file_path from public.prescription_views`);
    expect(views).toEqual([{ viewer_role: 'pharmacist', file_path: 'a/b.png' }]);
  });
});

describe('the desk queue asks the database', () => {
  it('counts every order by status for staff, only their own for a customer, and refuses anon', async () => {
    const counts = async (caller: Caller) =>
      Object.fromEntries((await runAs<{ status: string; orders: string }>(db, caller, `select * from public.desk_order_counts()`)).map((row) => [row.status, Number(row.orders)]));
    const all = await runAs<{ orders: string }>(db, serviceRole, `select count(*) as orders from public.orders`);
    const staffCounts = await counts(support);
    expect(Object.values(staffCounts).reduce((sum, value) => sum + value, 0)).toBe(Number(all[0]!.orders));
    const own = await runAs<{ orders: string }>(db, serviceRole, `select count(*) as orders from public.orders where user_id = $1`, [demoCustomerId]);
    expect(Object.values(await counts(customer(demoCustomerId))).reduce((sum, value) => sum + value, 0)).toBe(Number(own[0]!.orders));
    expect(await failureCode(runAs(db, anon, `select * from public.desk_order_counts()`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('finds orders by number, email or the digits of a mobile, for staff only within RLS', async () => {
    await runAs(db, serviceRole, `update public.orders set delivery_email = 'asha.rao@example.test', delivery_mobile = '+919845012345', delivery_name = 'Asha Rao', delivery_line1 = '12, 4th Cross', delivery_city = 'Bengaluru', delivery_state = 'Karnataka', delivery_pin_code = '560038', delivery_zone_id = 'bengaluru-central', promised_delivery_date = current_date where id = $1`, [guestOrderId]);
    const [guest] = await runAs<{ order_number: string }>(db, serviceRole, `select order_number from public.orders where id = $1`, [guestOrderId]);
    const find = (caller: Caller, query: string) => runAs<{ id: string }>(db, caller, `select id from public.desk_find_orders($1)`, [query]).then((rows) => rows.map((row) => row.id));
    expect(await find(pharmacist, guest!.order_number.slice(-6))).toContain(guestOrderId);
    expect(await find(pharmacist, 'ASHA.RAO@')).toEqual([guestOrderId]);
    expect(await find(pharmacist, '98450 12')).toEqual([guestOrderId]);
    expect(await find(pharmacist, 'as')).toEqual([]);
    expect(await find(pharmacist, '%')).toEqual([]);
    expect(await find(customer(secondCustomerId), 'asha.rao')).toEqual([]);
    expect(await failureCode(runAs(db, anon, `select * from public.desk_find_orders('asha')`))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('cash on delivery', () => {
  it('is recorded paid when staff mark the order delivered, in the same step', async () => {
    const [cod] = await runAs<{ id: string }>(db, serviceRole, `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines) values ($1, 'cod', 'cod_desk_1', 11960, $2) returning id`, [demoCustomerId, lines]);
    const move = (from: string, to: string) =>
      runAs<{ status: string; payment_status: string }>(db, serviceRole, `select status, payment_status from public.move_order_as_staff($1, $2, $3, 'support', $4, null, 'Blue Dart', 'BD1')`, [cod!.id, from, to, supportId]);
    await runAs(db, serviceRole, `select public.accept_order($1, 'system', 'cod order placed')`, [cod!.id]);
    expect((await move('confirmed', 'packed'))[0]).toEqual({ status: 'packed', payment_status: 'pending' });
    await move('packed', 'shipped');
    expect((await move('shipped', 'delivered'))[0]).toEqual({ status: 'delivered', payment_status: 'paid' });
    expect(await runAs(db, serviceRole, `select actor_role, note from public.order_events where order_id = $1 and kind = 'payment'`, [cod!.id])).toEqual([
      { actor_role: 'support', note: 'Cash collected on delivery' },
    ]);
  });
});
