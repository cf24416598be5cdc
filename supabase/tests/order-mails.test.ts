import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomerId, runAs, seededDatabase, serviceRole } from './database';

const lines = JSON.stringify([{ product_id: 7, name: 'Metformin 500 mg', unit_mrp_paise: 4550, unit_price_paise: 4550, quantity: 2 }]);

let db: PGlite;
let ordersCreated = 0;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

async function placeOrder(provider: 'razorpay' | 'cod' = 'razorpay'): Promise<string> {
  ordersCreated += 1;
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines) values ($1, $2, $3, 9100, $4) returning id`,
    [demoCustomerId, provider, `order_mails_${ordersCreated}`, lines],
  );
  return row!.id;
}

const moveTo = (orderId: string, status: string) => runAs(db, serviceRole, `select public.set_order_status($1, $2, 'pharmacist')`, [orderId, status]);
const payTo = (orderId: string, paymentStatus: string) => runAs(db, serviceRole, `select public.set_payment_status($1, $2, 'system')`, [orderId, paymentStatus]);
const queued = async (orderId: string) =>
  (await runAs<{ kind: string }>(db, serviceRole, `select kind from public.message_outbox where order_id = $1 and channel = 'mail' order by created_at, kind`, [orderId])).map((row) => row.kind);

/** A paid order the pharmacist confirmed with a line removed, its refund settled. */
async function reviewedAndPartlyRefunded(): Promise<string> {
  const orderId = await placeOrder();
  await payTo(orderId, 'paid');
  await moveTo(orderId, 'prescription_review');
  await moveTo(orderId, 'confirmed');
  await payTo(orderId, 'refund_pending');
  await payTo(orderId, 'partially_refunded');
  return orderId;
}

describe('order mails are queued by the order change itself', () => {
  it('an online order queues its confirmation when paid, once, and nothing before', async () => {
    const orderId = await placeOrder();
    expect(await queued(orderId)).toEqual([]);
    await payTo(orderId, 'paid');
    await moveTo(orderId, 'confirmed');
    expect(await queued(orderId)).toEqual(['order_confirmation']);
  });

  it('an order that ships queues the dispatch mail (with its invoice link) once, and its delivery another', async () => {
    const orderId = await placeOrder();
    await payTo(orderId, 'paid');
    for (const status of ['confirmed', 'packed', 'shipped', 'delivered']) await moveTo(orderId, status);
    expect(await queued(orderId)).toEqual(['order_confirmation', 'order_shipped', 'order_delivered']);
  });

  it('a cash on delivery order queues its confirmation when placed', async () => {
    expect(await queued(await placeOrder('cod'))).toEqual(['order_confirmation']);
  });

  it('an order confirmed after prescription review queues the review mail; a refund settled after it the refund mail', async () => {
    const orderId = await reviewedAndPartlyRefunded();
    expect((await queued(orderId)).sort()).toEqual(['order_confirmation', 'prescription_reviewed', 'refund_processed']);
  });

  it('a partial refund and a later full refund (the order then cancelled) each queue a refund mail, a repeated state none', async () => {
    const orderId = await reviewedAndPartlyRefunded();
    await moveTo(orderId, 'cancelled');
    await payTo(orderId, 'refund_pending');
    await payTo(orderId, 'refunded');
    const refundMails = await runAs<{ refund_state: string }>(
      db,
      serviceRole,
      `select refund_state from public.message_outbox where order_id = $1 and channel = 'mail' and kind = 'refund_processed' order by created_at`,
      [orderId],
    );
    expect(refundMails.map((mail) => mail.refund_state)).toEqual(['partially_refunded', 'refunded']);
    expect((await queued(orderId)).sort()).toEqual(['order_cancelled', 'order_confirmation', 'prescription_reviewed', 'refund_processed', 'refund_processed']);
  });

  it('a return after delivery queues "refund started" when its refund begins and the refund mail when it is done; a cancellation\'s refund no "refund started"', async () => {
    const returned = await placeOrder();
    await payTo(returned, 'paid');
    for (const status of ['confirmed', 'packed', 'shipped', 'delivered']) await moveTo(returned, status);
    await payTo(returned, 'refund_pending');
    await payTo(returned, 'refunded');
    expect(await queued(returned)).toEqual(['order_confirmation', 'order_shipped', 'order_delivered', 'refund_initiated', 'refund_processed']);

    const cancelled = await placeOrder();
    await payTo(cancelled, 'paid');
    await moveTo(cancelled, 'confirmed');
    await moveTo(cancelled, 'cancelled');
    await payTo(cancelled, 'refund_pending');
    expect(await queued(cancelled)).toEqual(['order_confirmation', 'order_cancelled']);
  });

  it('an order confirmed without review gets no review mail; a cancelled one its cancellation mail', async () => {
    const orderId = await placeOrder();
    await payTo(orderId, 'paid');
    await moveTo(orderId, 'confirmed');
    await moveTo(orderId, 'cancelled');
    expect((await queued(orderId)).sort()).toEqual(['order_cancelled', 'order_confirmation']);
  });

  it('an order whose every prescription line is rejected is cancelled from review: the cancellation mail, no review mail', async () => {
    const orderId = await placeOrder();
    await payTo(orderId, 'paid');
    await moveTo(orderId, 'prescription_review');
    await moveTo(orderId, 'cancelled');
    expect((await queued(orderId)).sort()).toEqual(['order_cancelled', 'order_confirmation']);
  });
});
