import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole } from './database';

// Parcels (issue 39): one per order and direction, booked only with the provider's ids and AWB,
// the courier's journey queued as messages, and a customer reads their own parcel and scans only.

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';
const lines = JSON.stringify([{ product_id: 7, name: 'Metformin 500 mg', unit_mrp_paise: 4550, unit_price_paise: 4550, quantity: 2 }]);

let db: PGlite;
let placed = 0;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

async function order(userId: string = demoCustomerId, provider: 'cod' | 'razorpay' = 'cod'): Promise<string> {
  placed += 1;
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, delivery_name, delivery_mobile, delivery_line1,
       delivery_city, delivery_state, delivery_pin_code, delivery_zone_id, promised_delivery_date)
     values ($1, $4, $2, 9100, $3, 'Asha Kulkarni', '+919800000101', '12 FC Road', 'Pune', 'Maharashtra', '411001', 'shiprocket', current_date + 4) returning id`,
    [userId, `${provider}_shipments_${placed}`, lines, provider],
  );
  return row!.id;
}

async function bookedParcel(orderId: string, direction = 'forward'): Promise<string> {
  const [row] = await runAs<{ id: string }>(db, serviceRole, `insert into public.shipments (order_id, direction, provider, weight_grams) values ($1, $2, 'shiprocket', 450) returning id`, [orderId, direction]);
  await runAs(
    db,
    serviceRole,
    `update public.shipments set status = 'booked', provider_order_id = '48' || $2, provider_shipment_id = '49' || $2, awb = '1904' || $2, courier_name = 'Delhivery Surface' where id = $1`,
    [row!.id, String(placed) + direction.length],
  );
  return row!.id;
}

const move = (id: string, status: string, attempts?: number) =>
  runAs(db, serviceRole, `update public.shipments set status = $2, failed_attempts = coalesce($3, failed_attempts) where id = $1`, [id, status, attempts ?? null]);
const SUPPORT = '44444444-4444-4444-8444-444444444444';
/** The desk's dispatch: the stock picked, the invoice issued, the order shipped. Answers the invoice's number. */
async function ship(orderId: string): Promise<string> {
  await runAs(db, serviceRole, `update public.stock_reservations set state = 'consumed', settled_at = now() where order_id = $1 and state = 'held'`, [orderId]);
  const [invoice] = await runAs<{ number: string }>(db, serviceRole, `select number from public.issue_tax_document($1, 'invoice', '{"lines": []}')`, [orderId]);
  for (const status of ['confirmed', 'packed', 'shipped']) await runAs(db, serviceRole, `select public.set_order_status($1, $2, 'support')`, [orderId, status]);
  return invoice!.number;
}
/** A shipped order's parcel that the courier could not deliver and brought back. */
async function cameBack(orderId: string): Promise<{ parcel: string; invoice: string }> {
  const parcel = await bookedParcel(orderId);
  const invoice = await ship(orderId);
  for (const status of ['picked_up', 'out_for_delivery', 'delivery_failed', 'rto_in_transit', 'returned_to_origin']) await move(parcel, status, status === 'delivery_failed' ? 1 : undefined);
  return { parcel, invoice };
}
type Received = { order_id: string; credit_note_number: string | null; refund: { id: string; idempotency_key: string; amount_paise: number } | null };
const receive = async (parcel: string, condition: string): Promise<Received> =>
  (await runAs<{ outcome: Received }>(db, serviceRole, `select public.receive_returned_parcel($1, $2, 'support', $3) as outcome`, [parcel, condition, SUPPORT]))[0]!.outcome;
const orderState = async (orderId: string) => (await runAs(db, serviceRole, `select status, payment_status from public.orders where id = $1`, [orderId]))[0];
const creditNotes = (orderId: string) =>
  runAs<{ number: string; refers_to: string; reason: string }>(db, serviceRole, `select number, refers_to, document->>'reason' as reason from public.tax_documents where order_id = $1 and kind = 'credit_note'`, [orderId]);
const queued = async (orderId: string) =>
  (await runAs<{ kind: string; channel: string }>(db, serviceRole, `select kind, channel from public.message_outbox where order_id = $1 order by created_at, kind, channel`, [orderId])).map((row) => `${row.kind}/${row.channel}`);

describe('a parcel', () => {
  it('is booked only with the provider’s order, shipment, AWB and courier; one per order and direction', async () => {
    const orderId = await order();
    const [row] = await runAs<{ id: string }>(db, serviceRole, `insert into public.shipments (order_id, provider, weight_grams) values ($1, 'shiprocket', 450) returning id`, [orderId]);
    expect(await failureCode(runAs(db, serviceRole, `update public.shipments set status = 'booked' where id = $1`, [row!.id]))).toBe(CHECK_VIOLATION);
    expect(await failureCode(runAs(db, serviceRole, `insert into public.shipments (order_id, provider, weight_grams) values ($1, 'shiprocket', 450)`, [orderId]))).toBe(UNIQUE_VIOLATION);
    expect(await failureCode(runAs(db, serviceRole, `update public.shipments set status = 'teleported' where id = $1`, [row!.id]))).toBe(CHECK_VIOLATION);
    expect(await failureCode(runAs(db, serviceRole, `insert into public.shipments (order_id, direction, provider, weight_grams) values ($1, 'return', 'shiprocket', 0)`, [orderId]))).toBe(CHECK_VIOLATION);
  });

  it('queues each attempt going out and failing, and returned undelivered, each once, on mail and SMS', async () => {
    const orderId = await order();
    const parcel = await bookedParcel(orderId);
    await move(parcel, 'picked_up');
    await move(parcel, 'out_for_delivery');
    await move(parcel, 'delivery_failed', 1);
    await move(parcel, 'out_for_delivery');
    await move(parcel, 'delivery_failed', 2);
    await move(parcel, 'rto_in_transit');
    await move(parcel, 'returned_to_origin');
    const journey = async () =>
      (await runAs<{ kind: string; channel: string; attempt: number }>(db, serviceRole, `select kind, channel, attempt from public.message_outbox where order_id = $1 and kind <> 'order_confirmation' order by created_at, attempt, kind, channel`, [orderId])).map(
        (row) => `${row.kind}#${row.attempt}/${row.channel}`,
      );
    expect(await journey()).toEqual([
      'order_out_for_delivery#1/mail',
      'order_out_for_delivery#1/sms',
      'order_delivery_failed#1/mail',
      'order_delivery_failed#1/sms',
      'order_out_for_delivery#2/mail',
      'order_out_for_delivery#2/sms',
      'order_delivery_failed#2/mail',
      'order_delivery_failed#2/sms',
      'order_returned_to_origin#0/mail',
      'order_returned_to_origin#0/sms',
    ]);
    // The same attempt's news queued again (a repeated webhook, a retried transaction) adds nothing; a resend copies its attempt.
    await runAs(db, serviceRole, `select public.queue_customer_message('order_delivery_failed', '+919800000101', p_order_id => $1, p_attempt => 2)`, [orderId]);
    expect(await journey()).toHaveLength(10);
    const [second] = await runAs<{ id: string }>(db, serviceRole, `select id from public.message_outbox where order_id = $1 and kind = 'order_delivery_failed' and attempt = 2 and channel = 'sms'`, [orderId]);
    const [resent] = await runAs<{ id: string }>(db, serviceRole, `select public.resend_message($1, null) as id`, [second!.id]);
    expect(await runAs(db, serviceRole, `select kind, attempt, resend_of from public.message_outbox where id = $1`, [resent!.id])).toEqual([{ kind: 'order_delivery_failed', attempt: 2, resend_of: second!.id }]);
  });

  it('a booked return pickup tells the customer; its scans do not', async () => {
    const orderId = await order();
    const parcel = await bookedParcel(orderId, 'return');
    await move(parcel, 'out_for_delivery');
    expect((await queued(orderId)).filter((message) => !message.startsWith('order_confirmation'))).toEqual(['order_return_pickup/mail', 'order_return_pickup/sms']);
  });

  it('the desk reads every parcel and scan; a customer reads their own order’s, never another’s, and writes neither', async () => {
    const mine = await bookedParcel(await order());
    const theirs = await bookedParcel(await order(secondCustomerId));
    for (const parcel of [mine, theirs]) await runAs(db, serviceRole, `insert into public.shipment_scans (shipment_id, at, status, activity, location) values ($1, now(), 'picked_up', 'Shipment picked up', 'Bengaluru')`, [parcel]);
    const me = customer(demoCustomerId);
    const seen = await runAs<{ id: string }>(db, me, `select id, status, awb, courier_name from public.shipments where id in ($1, $2)`, [mine, theirs]);
    expect(seen.map((row) => row.id)).toEqual([mine]);
    expect((await runAs(db, me, `select activity from public.shipment_scans where shipment_id in ($1, $2)`, [mine, theirs])).length).toBe(1);
    expect(await failureCode(runAs(db, me, `update public.shipments set status = 'delivered' where id = $1`, [mine]))).toBe('42501');
    expect(await failureCode(runAs(db, me, `select * from public.shipping_serviceability`))).toBe('42501');
    const support = { role: 'authenticated' as const, userId: SUPPORT, appMetadata: { role: 'support' } };
    expect((await runAs(db, support, `select label_url from public.shipments where id in ($1, $2)`, [mine, theirs])).length).toBe(2);
    expect((await runAs(db, support, `select activity from public.shipment_scans where shipment_id in ($1, $2)`, [mine, theirs])).length).toBe(2);
  });

  it('a returned parcel received unopened puts its picked batches back on the shelf, once; opened, it does not', async () => {
    const [batch] = await runAs<{ id: string }>(db, serviceRole, `insert into public.stock_batches (product_id, batch_number, expiry_date, quantity_on_hand, mrp_paise) values (7, 'RTO-1', current_date + 400, 10, 4550) returning id`);
    const onHand = async () => (await runAs<{ quantity_on_hand: number }>(db, serviceRole, `select quantity_on_hand from public.stock_batches where id = $1`, [batch!.id]))[0]!.quantity_on_hand;
    const returned = async () => {
      const orderId = await order();
      await runAs(db, serviceRole, `insert into public.order_line_batches (order_id, line_index, product_id, batch_id, batch_number, expiry_date, mrp_paise, quantity) values ($1, 0, 7, $2, 'RTO-1', current_date + 400, 4550, 2)`, [orderId, batch!.id]);
      const { parcel } = await cameBack(orderId);
      return parcel;
    };
    const unopened = await returned();
    await receive(unopened, 'unopened');
    expect(await onHand()).toBe(12);
    expect(await failureCode(receive(unopened, 'unopened'))).toBe(UNIQUE_VIOLATION);
    expect(await onHand()).toBe(12);
    await receive(await returned(), 'opened');
    expect(await onHand()).toBe(12);
    expect(await failureCode(runAs(db, customer(demoCustomerId), `select public.receive_returned_parcel($1, 'unopened', 'support', null)`, [unopened]))).toBe('42501');
  });
});

describe('receiving a parcel the courier brought back (RTO)', () => {
  it('is refused until the parcel is back', async () => {
    const orderId = await order();
    const parcel = await bookedParcel(orderId);
    await ship(orderId);
    expect(await failureCode(receive(parcel, 'unopened'))).toBe(CHECK_VIOLATION);
    expect(await failureCode(receive(parcel, 'damp'))).toBe(CHECK_VIOLATION);
  });

  it('ends a cash-on-delivery order returned in the same call: invoice credited, the cash never collected closed as unpaid, no refund', async () => {
    const orderId = await order();
    const { parcel, invoice } = await cameBack(orderId);
    const outcome = await receive(parcel, 'opened');
    expect(await orderState(orderId)).toEqual({ status: 'returned', payment_status: 'failed' });
    const credit = await creditNotes(orderId);
    expect(credit).toEqual([{ number: outcome.credit_note_number, refers_to: invoice, reason: expect.stringMatching(/^Returned undelivered by the courier \(AWB \d+\), opened$/) }]);
    expect(outcome.refund).toBeNull();
    expect(await runAs(db, serviceRole, `select count(*)::int as refunds from public.refunds where order_id = $1`, [orderId])).toEqual([{ refunds: 0 }]);
    const [moved] = await runAs(db, serviceRole, `select from_status, actor_role, actor_id, note from public.order_events where order_id = $1 and kind = 'status' and to_status = 'returned'`, [orderId]);
    expect(moved).toEqual({ from_status: 'shipped', actor_role: 'support', actor_id: SUPPORT, note: expect.stringMatching(/^Returned undelivered by the courier/) });
    // The courier's return was the customer's news; closing an unpaid cash order is not.
    expect((await queued(orderId)).filter((message) => !/^order_(confirmation|shipped|out_for_delivery|delivery_failed)\//.test(message))).toEqual(['order_returned_to_origin/mail', 'order_returned_to_origin/sms']);
  });

  it('requests the refund of what an online payment has left, in the same call, and tells the customer it is on its way', async () => {
    const orderId = await order(demoCustomerId, 'razorpay');
    await runAs(db, serviceRole, `update public.orders set payment_status = 'paid', provider_payment_id = 'pay_rto_' || $2 where id = $1`, [orderId, placed]);
    // A line the pharmacist removed earlier was refunded already: only the rest comes back.
    await runAs(db, serviceRole, `select public.record_refund_state((public.request_refund($1, 1000, 'rejected-' || $2, 'Line removed', 'rejected_lines')).id, 'processed', 'rfnd_1')`, [orderId, placed]);
    const { parcel } = await cameBack(orderId);
    const outcome = await receive(parcel, 'unopened');
    expect(await orderState(orderId)).toEqual({ status: 'returned', payment_status: 'refund_pending' });
    expect(outcome.refund).toEqual({ id: expect.any(String), idempotency_key: `rto-${orderId.replaceAll('-', '')}`, amount_paise: 8100 });
    expect(await runAs(db, serviceRole, `select amount_paise, state, kind from public.refunds where id = $1`, [outcome.refund!.id])).toEqual([{ amount_paise: 8100, state: 'requested', kind: 'cancel' }]);
    expect((await creditNotes(orderId)).map((note) => note.number)).toEqual([outcome.credit_note_number]);
    expect(await queued(orderId)).toContain('refund_initiated/mail');
    // The provider's confirmation settles it; the one credit note stays the only one.
    await runAs(db, serviceRole, `select public.record_refund_state($1, 'processed', 'rfnd_2')`, [outcome.refund!.id]);
    expect(await orderState(orderId)).toEqual({ status: 'returned', payment_status: 'refunded' });
    expect(await creditNotes(orderId)).toHaveLength(1);
  });

  it('changes nothing when the order is no longer shipped (marked delivered by hand meanwhile)', async () => {
    const [batch] = await runAs<{ id: string }>(db, serviceRole, `insert into public.stock_batches (product_id, batch_number, expiry_date, quantity_on_hand, mrp_paise) values (7, 'RTO-2', current_date + 400, 5, 4550) returning id`);
    const orderId = await order();
    await runAs(db, serviceRole, `insert into public.order_line_batches (order_id, line_index, product_id, batch_id, batch_number, expiry_date, mrp_paise, quantity) values ($1, 0, 7, $2, 'RTO-2', current_date + 400, 4550, 2)`, [orderId, batch!.id]);
    const { parcel } = await cameBack(orderId);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'delivered', 'support')`, [orderId]);
    expect(await failureCode(receive(parcel, 'unopened'))).toBe(CHECK_VIOLATION);
    expect(await runAs(db, serviceRole, `select return_condition from public.shipments where id = $1`, [parcel])).toEqual([{ return_condition: null }]);
    expect(await runAs(db, serviceRole, `select quantity_on_hand from public.stock_batches where id = $1`, [batch!.id])).toEqual([{ quantity_on_hand: 5 }]);
    expect(await creditNotes(orderId)).toEqual([]);
  });
});
