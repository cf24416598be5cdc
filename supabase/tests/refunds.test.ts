import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';
const lines = JSON.stringify([{ product_id: 7, name: 'Metformin 500 mg', unit_mrp_paise: 4550, unit_price_paise: 4550, quantity: 2 }]);

let db: PGlite;
let ordersCreated = 0;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

/** A demo customer's order of 91 rupees, paid unless told otherwise. */
async function paidOrder(paid = true): Promise<string> {
  ordersCreated += 1;
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines) values ($1, 'razorpay', $2, 9100, $3) returning id`,
    [demoCustomerId, `order_refunds_${ordersCreated}`, lines],
  );
  if (paid) await runAs(db, serviceRole, `select public.mark_order_paid($1, $2)`, [`order_refunds_${ordersCreated}`, `pay_refunds_${ordersCreated}`]);
  return row!.id;
}

const request = (orderId: string, amount: number, key: string, caller = serviceRole) =>
  runAs<{ id: string; state: string; amount_paise: number }>(db, caller, `select * from public.request_refund($1, $2, $3, 'Changed my mind', 'cancel')`, [orderId, amount, key]);
const settle = (refundId: string, state: string) =>
  runAs(db, serviceRole, `select public.record_refund_state($1, $2, 'rfnd_x')`, [refundId, state]);
const paymentOf = async (orderId: string) =>
  (await runAs<{ payment_status: string }>(db, serviceRole, `select payment_status from public.orders where id = $1`, [orderId]))[0]!.payment_status;

describe('refunds', () => {
  it('records one refund per idempotency key however often it is requested', async () => {
    const orderId = await paidOrder();
    const [first] = await request(orderId, 9000, `cancel-${orderId}`);
    const [again] = await request(orderId, 9000, `cancel-${orderId}`);
    expect(again!.id).toBe(first!.id);
    const rows = await runAs(db, serviceRole, `select id from public.refunds where order_id = $1`, [orderId]);
    expect(rows).toHaveLength(1);
    expect(await failureCode(runAs(db, serviceRole, `insert into public.refunds (order_id, amount_paise, idempotency_key, reason, kind) values ($1, 100, $2, 'x', 'cancel')`, [orderId, `cancel-${orderId}`]))).toBe('23505');
  });

  it('never refunds more in total than the order amount, counting failed refunds out', async () => {
    const orderId = await paidOrder();
    const [part] = await request(orderId, 6000, `lines-a-${ordersCreated}`);
    expect(await failureCode(request(orderId, 3101, `lines-b-${ordersCreated}`))).toBe(CHECK_VIOLATION);
    expect(await failureCode(runAs(db, serviceRole, `insert into public.refunds (order_id, amount_paise, idempotency_key, reason, kind) values ($1, 3101, 'direct-over', 'x', 'rejected_lines')`, [orderId]))).toBe(CHECK_VIOLATION);
    await settle(part!.id, 'failed');
    await request(orderId, 9100, `lines-c-${ordersCreated}`);
    expect(await failureCode(request(orderId, 0, `lines-zero-${ordersCreated}`))).toBe(CHECK_VIOLATION);
  });

  it('moves the payment to refund_pending, then refunded or partly refunded as the provider confirms', async () => {
    const full = await paidOrder();
    const [refund] = await request(full, 9100, `cancel-${full}`);
    expect(await paymentOf(full)).toBe('refund_pending');
    await settle(refund!.id, 'processed');
    expect(await paymentOf(full)).toBe('refunded');

    const partly = await paidOrder();
    const [line] = await request(partly, 4550, `lines-${partly}`);
    await settle(line!.id, 'processed');
    expect(await paymentOf(partly)).toBe('partially_refunded');
    const events = await runAs<{ to_status: string }>(db, serviceRole, `select to_status from public.order_events where order_id = $1 and kind = 'payment' order by id`, [partly]);
    expect(events.map((event) => event.to_status)).toEqual(['paid', 'refund_pending', 'partially_refunded']);
  });

  it('refuses a refund of an unpaid order', async () => {
    const unpaid = await paidOrder(false);
    expect(await failureCode(request(unpaid, 100, `cancel-${unpaid}`))).toBe(CHECK_VIOLATION);
  });

  it('shows a customer only their own orders refunds, anon none, and lets only the service role write', async () => {
    const orderId = await paidOrder();
    await request(orderId, 100, `rls-${orderId}`);
    const own = await runAs(db, customer(demoCustomerId), `select id from public.refunds where order_id = $1`, [orderId]);
    expect(own).toHaveLength(1);
    expect(await runAs(db, customer(secondCustomerId), `select id from public.refunds where order_id = $1`, [orderId])).toHaveLength(0);
    expect(await failureCode(runAs(db, anon, `select * from public.refunds`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, customer(demoCustomerId), `insert into public.refunds (order_id, amount_paise, idempotency_key, reason, kind) values ($1, 100, 'mine', 'x', 'cancel')`, [orderId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, customer(demoCustomerId), `update public.refunds set state = 'processed' where order_id = $1`, [orderId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(request(orderId, 100, `rls-own-${orderId}`, customer(demoCustomerId)))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, customer(demoCustomerId), `select * from public.message_outbox`))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});
