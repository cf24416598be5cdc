import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole, type Caller } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const pharmacistId = '33333333-3333-4333-8333-333333333333';
const supportId = '44444444-4444-4444-8444-444444444444';
const pharmacist: Caller = { role: 'authenticated', userId: pharmacistId, appMetadata: { role: 'pharmacist', registration_number: 'KA-PH-004512' } };
const support: Caller = { role: 'authenticated', userId: supportId, appMetadata: { role: 'support' } };
const forger: Caller = { role: 'authenticated', userId: secondCustomerId, appMetadata: { provider: 'email' }, userMetadata: { role: 'pharmacist' } };

const lines = JSON.stringify([
  { product_id: 102, name: 'Amoxicillin 250mg Capsule', unit_mrp: '89.50', quantity: 1 },
  { product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp: '30.10', quantity: 1 },
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
    `select public.decide_order_line($1, 'placed', $2, '[0]', $3, $4, null, $5, 'Asha Rao', 'KA-PH-004512')`,
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
        await failureCode(runAs(db, staff, `select public.decide_order_line($1, 'placed', 0, '[0]', 'accepted', null, null, $2, 'x', 'y')`, [demoOrderId, pharmacistId])),
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
