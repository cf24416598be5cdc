import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, projectSqlFiles } from '../../emulators/supabase/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  canMoveOrder,
  canMovePayment,
  isOrderNumber,
  orderStatuses,
  orderTransitions,
  paymentStatuses,
  paymentTransitions,
  type OrderStatus,
  type PaymentStatus,
} from '../../src/domain/order-status';
import { anon, customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';

const demo = customer(demoCustomerId);
const second = customer(secondCustomerId);
const lines = JSON.stringify([{ product_id: 7, name: 'Metformin 500 mg', unit_mrp_paise: 4550, unit_price_paise: 4550, quantity: 2 }]);

let db: PGlite;
let ordersCreated = 0;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

async function placeOrder(userId: string | null = demoCustomerId, extra: Record<string, unknown> = {}): Promise<{ id: string; order_number: string }> {
  ordersCreated += 1;
  const columns = { user_id: userId, guest_session_id: userId ? null : '3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10', provider: 'razorpay', provider_order_id: `order_lifecycle_${ordersCreated}`, amount_paise: 9100, lines, ...extra };
  const names = Object.keys(columns);
  const [row] = await runAs<{ id: string; order_number: string }>(
    db,
    serviceRole,
    `insert into public.orders (${names.join(', ')}) values (${names.map((_, index) => `$${index + 1}`).join(', ')}) returning id, order_number`,
    Object.values(columns),
  );
  return row!;
}

const moveOrder = (id: string, status: string, caller = serviceRole) =>
  runAs<{ status: string }>(db, caller, `select status from public.set_order_status($1, $2, 'staff')`, [id, status]);
const movePayment = (id: string, status: string) =>
  runAs(db, serviceRole, `update public.orders set payment_status = $2 where id = $1 returning payment_status`, [id, status]);

/** The steps from the first status to `target` along the TypeScript table (breadth first). */
function pathTo<S extends string>(transitions: Readonly<Record<S, readonly S[]>>, first: S, target: S): S[] {
  const routes = new Map<S, S[]>([[first, []]]);
  const queue: S[] = [first];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const next of transitions[current]) {
      if (routes.has(next)) continue;
      routes.set(next, [...routes.get(current)!, next]);
      queue.push(next);
    }
  }
  const route = routes.get(target);
  if (!route) throw new Error(`${target} cannot be reached from ${first}`);
  return route;
}

describe('order numbers', () => {
  it('numbers every order MK-<YYMM in India>-<6-digit sequence>, ignoring a number the caller sends', async () => {
    // 19:00 UTC on 31 October is already 1 November in India.
    const order = await placeOrder(demoCustomerId, { created_at: '2026-10-31T19:00:00Z', order_number: 'MK-0000-000001' });
    expect(order.order_number).toMatch(/^MK-2611-\d{6}$/);
    expect(isOrderNumber(order.order_number)).toBe(true);
  });

  it('gives every order its own, increasing number that never changes', async () => {
    const numbers: string[] = [];
    for (let count = 0; count < 12; count += 1) numbers.push((await placeOrder()).order_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const sequence = numbers.map((number) => Number(number.split('-')[2]));
    expect(sequence).toEqual([...sequence].sort((a, b) => a - b));

    const order = await placeOrder();
    expect(await failureCode(runAs(db, serviceRole, `update public.orders set order_number = 'MK-2611-999999' where id = $1`, [order.id]))).toBe(CHECK_VIOLATION);
  });

  it('keeps every digit once the sequence passes 999999', async () => {
    await db.query(`select setval('public.order_number_sequence', 999999)`);
    const order = await placeOrder(demoCustomerId, { created_at: '2026-11-23T06:00:00Z' });
    expect(order.order_number).toBe('MK-2611-1000000');
    expect(isOrderNumber(order.order_number)).toBe(true);
  });
});

describe('order status: the trigger enforces src/domain/order-status.ts', () => {
  it('starts every order placed with payment pending', async () => {
    const order = await placeOrder();
    const [row] = await runAs(db, serviceRole, `select status, payment_status from public.orders where id = $1`, [order.id]);
    expect(row).toEqual({ status: 'placed', payment_status: 'pending' });
    expect(await failureCode(placeOrder(demoCustomerId, { status: 'confirmed' }))).toBe(CHECK_VIOLATION);
    expect(await failureCode(placeOrder(demoCustomerId, { payment_status: 'paid' }))).toBe(CHECK_VIOLATION);
    expect(await failureCode(placeOrder(demoCustomerId, { status: 'dispatched' }))).toBe(CHECK_VIOLATION);
  });

  for (const from of orderStatuses) {
    for (const to of orderStatuses.filter((status) => status !== from)) {
      const allowed = canMoveOrder(from, to);
      it(`${allowed ? 'allows' : 'refuses'} ${from} -> ${to}`, async () => {
        const order = await placeOrder();
        for (const step of pathTo<OrderStatus>(orderTransitions, 'placed', from)) await moveOrder(order.id, step);
        if (allowed) {
          expect(await moveOrder(order.id, to)).toEqual([{ status: to }]);
        } else {
          expect(await failureCode(moveOrder(order.id, to))).toBe(CHECK_VIOLATION);
        }
      });
    }
  }

  for (const from of paymentStatuses) {
    for (const to of paymentStatuses.filter((status) => status !== from)) {
      const allowed = canMovePayment(from, to);
      it(`${allowed ? 'allows' : 'refuses'} payment ${from} -> ${to}`, async () => {
        const order = await placeOrder();
        for (const step of pathTo<PaymentStatus>(paymentTransitions, 'pending', from)) await movePayment(order.id, step);
        if (allowed) {
          expect(await movePayment(order.id, to)).toEqual([{ payment_status: to }]);
        } else {
          expect(await failureCode(movePayment(order.id, to))).toBe(CHECK_VIOLATION);
        }
      });
    }
  }

  it('keeps the first payment id of a paid order', async () => {
    const order = await placeOrder();
    await runAs(db, serviceRole, `update public.orders set payment_status = 'paid', provider_payment_id = 'pay_first' where id = $1`, [order.id]);
    expect(await failureCode(runAs(db, serviceRole, `update public.orders set provider_payment_id = 'pay_other' where id = $1`, [order.id]))).toBe(CHECK_VIOLATION);
  });

  it('lets only the server move an order: customers and anon can neither update it nor call set_order_status', async () => {
    const order = await placeOrder();
    for (const caller of [demo, anon]) {
      expect(await failureCode(runAs(db, caller, `update public.orders set status = 'cancelled' where id = $1`, [order.id]))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `update public.orders set payment_status = 'refunded' where id = $1`, [order.id]))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(moveOrder(order.id, 'cancelled', caller))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `select public.set_payment_status($1, 'refunded', 'customer')`, [order.id]))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    const [row] = await runAs(db, serviceRole, `select status from public.orders where id = $1`, [order.id]);
    expect(row).toEqual({ status: 'placed' });
  });
});

describe('the payment functions written before the status model keep working', () => {
  it("maps status 'created' on insert and 'paid'/'failed' on update to the payment status", async () => {
    const order = await placeOrder(demoCustomerId, { status: 'created' });
    const read = () => runAs(db, serviceRole, `select status, payment_status from public.orders where id = $1`, [order.id]);
    expect(await read()).toEqual([{ status: 'placed', payment_status: 'pending' }]);
    await moveOrder(order.id, 'confirmed');
    await runAs(db, serviceRole, `update public.orders set status = 'failed' where id = $1`, [order.id]);
    expect(await read()).toEqual([{ status: 'confirmed', payment_status: 'failed' }]);
    await runAs(db, serviceRole, `update public.orders set status = 'paid' where id = $1`, [order.id]);
    expect(await read()).toEqual([{ status: 'confirmed', payment_status: 'paid' }]);
    expect(await failureCode(runAs(db, serviceRole, `update public.orders set status = 'created' where id = $1`, [order.id]))).toBe(CHECK_VIOLATION);
  });

  it('mark_order_failed and mark_order_paid set the payment status once; a paid order moves on to confirmed', async () => {
    await placeOrder();
    const providerOrderId = `order_lifecycle_${ordersCreated}`;
    const [failed] = await runAs(db, serviceRole, `select status, payment_status, failure_reason from public.mark_order_failed($1, 'card declined')`, [providerOrderId]);
    expect(failed).toEqual({ status: 'placed', payment_status: 'failed', failure_reason: 'card declined' });
    const [paid] = await runAs(db, serviceRole, `select status, payment_status, provider_payment_id from public.mark_order_paid($1, 'pay_retry')`, [providerOrderId]);
    expect(paid).toEqual({ status: 'confirmed', payment_status: 'paid', provider_payment_id: 'pay_retry' });
    const [again] = await runAs(db, serviceRole, `select payment_status, provider_payment_id from public.mark_order_paid($1, 'pay_late')`, [providerOrderId]);
    expect(again).toEqual({ payment_status: 'paid', provider_payment_id: 'pay_retry' });
    const [notFailed] = await runAs(db, serviceRole, `select payment_status from public.mark_order_failed($1, 'late failure')`, [providerOrderId]);
    expect(notFailed).toEqual({ payment_status: 'paid' });
  });

  it('a paid order with prescriptions waits for the pharmacist; one cancelled while its payment was open stays cancelled', async () => {
    const withPrescription = await placeOrder(demoCustomerId, { prescription_paths: [`${demoCustomerId}/rx.png`] });
    const [review] = await runAs(db, serviceRole, `select status from public.mark_order_paid($1, 'pay_rx')`, [`order_lifecycle_${ordersCreated}`]);
    expect(review).toEqual({ status: 'prescription_review' });
    expect(await runAs(db, serviceRole, `select actor_role, note from public.order_events where order_id = $1 and to_status = 'prescription_review'`, [withPrescription.id])).toEqual([
      { actor_role: 'payment_provider', note: 'paid with razorpay' },
    ]);

    const cancelled = await placeOrder();
    await moveOrder(cancelled.id, 'cancelled');
    const [late] = await runAs(db, serviceRole, `select status, payment_status from public.mark_order_paid($1, 'pay_late')`, [`order_lifecycle_${ordersCreated}`]);
    expect(late).toEqual({ status: 'cancelled', payment_status: 'paid' });
  });

  it('accept_order moves only a placed order, and only for the service role', async () => {
    const order = await placeOrder();
    const [accepted] = await runAs(db, serviceRole, `select status from public.accept_order($1, 'system', 'cod order placed')`, [order.id]);
    expect(accepted).toEqual({ status: 'confirmed' });
    await moveOrder(order.id, 'packed');
    const [again] = await runAs(db, serviceRole, `select status from public.accept_order($1, 'system', 'again')`, [order.id]);
    expect(again).toEqual({ status: 'packed' });
    expect(await failureCode(runAs(db, customer(demoCustomerId), `select public.accept_order($1, 'system', 'x')`, [order.id]))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('order_events: who moved an order, when, from and to', () => {
  type Event = { kind: string; from_status: string | null; to_status: string; actor_role: string; actor_id: string | null; note: string | null };
  const history = (orderId: string, caller = serviceRole) =>
    runAs<Event>(db, caller, `select kind, from_status, to_status, actor_role, actor_id, note from public.order_events where order_id = $1 order by id`, [orderId]);

  it('records the placing, every status change with actor and note, and payment changes', async () => {
    const order = await placeOrder();
    await runAs(db, serviceRole, `select public.mark_order_paid($1, 'pay_events')`, [`order_lifecycle_${ordersCreated}`]);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'cancelled', 'customer', $2, 'Ordered by mistake')`, [order.id, demoCustomerId]);
    await runAs(db, serviceRole, `select public.set_payment_status($1, 'refund_pending', 'system', null, 'Refund rfnd_1 requested')`, [order.id]);
    await runAs(db, serviceRole, `select public.set_payment_status($1, 'refunded', 'payment_provider')`, [order.id]);
    expect(await history(order.id)).toEqual([
      { kind: 'status', from_status: null, to_status: 'placed', actor_role: 'system', actor_id: null, note: null },
      { kind: 'payment', from_status: 'pending', to_status: 'paid', actor_role: 'system', actor_id: null, note: null },
      { kind: 'status', from_status: 'placed', to_status: 'confirmed', actor_role: 'payment_provider', actor_id: null, note: 'paid with razorpay' },
      { kind: 'status', from_status: 'confirmed', to_status: 'cancelled', actor_role: 'customer', actor_id: demoCustomerId, note: 'Ordered by mistake' },
      { kind: 'payment', from_status: 'paid', to_status: 'refund_pending', actor_role: 'system', actor_id: null, note: 'Refund rfnd_1 requested' },
      { kind: 'payment', from_status: 'refund_pending', to_status: 'refunded', actor_role: 'payment_provider', actor_id: null, note: null },
    ]);
  });

  it('writes nothing for a refused move, and says so for an unknown order', async () => {
    const order = await placeOrder();
    await failureCode(moveOrder(order.id, 'delivered'));
    expect(await history(order.id)).toHaveLength(1);
    expect(await failureCode(moveOrder('00000000-0000-4000-8000-000000000000', 'confirmed'))).toBe('P0002');
  });

  it('forgets the actor once the call is over, so a later change by the system is not blamed on a customer', async () => {
    const order = await placeOrder();
    await db.transaction(async (tx) => {
      await tx.exec('set local role service_role');
      await tx.query(`select public.set_order_status($1, 'confirmed', 'customer', $2, 'first')`, [order.id, demoCustomerId]);
      await tx.query(`update public.orders set status = 'packed' where id = $1`, [order.id]);
    });
    expect((await history(order.id)).at(-1)).toMatchObject({ to_status: 'packed', actor_role: 'system', actor_id: null, note: null });
  });

  it('is append-only: updates, deletes and truncation are refused, even for the service role and the database owner', async () => {
    const order = await placeOrder();
    await moveOrder(order.id, 'confirmed');
    expect(await failureCode(runAs(db, serviceRole, `update public.order_events set to_status = 'delivered' where order_id = $1`, [order.id]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, serviceRole, `delete from public.order_events where order_id = $1`, [order.id]))).toBe(INSUFFICIENT_PRIVILEGE);
    // The migration's owner holds every grant; the triggers still refuse.
    expect(await failureCode(db.query(`update public.order_events set note = 'edited' where order_id = $1`, [order.id]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(db.query(`delete from public.order_events where order_id = $1`, [order.id]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(db.query(`truncate public.order_events`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await history(order.id)).toHaveLength(2);
  });

  it('goes only with its order, as when an unpaid order is removed with its account', async () => {
    const order = await placeOrder();
    await moveOrder(order.id, 'cancelled');
    // As delete_customer_data does it: security definer, so as the owner (the service role may not delete orders).
    await db.query(`delete from public.orders where id = $1`, [order.id]);
    expect(await history(order.id)).toEqual([]);
  });

  it('takes status rows only from the order trigger, and notes from the server', async () => {
    const order = await placeOrder();
    const insert = `insert into public.order_events (order_id, kind, from_status, to_status, actor_role, note) values ($1, $2, $3, $4, 'staff', $5)`;
    expect(await failureCode(runAs(db, serviceRole, insert, [order.id, 'status', 'placed', 'delivered', null]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, serviceRole, insert, [order.id, 'payment', 'pending', 'refunded', null]))).toBe(INSUFFICIENT_PRIVILEGE);
    await runAs(db, serviceRole, insert, [order.id, 'note', null, null, 'Customer asked for an evening delivery']);
    for (const caller of [demo, anon]) {
      expect(await failureCode(runAs(db, caller, insert, [order.id, 'note', null, null, 'forged']))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    expect((await history(order.id)).map((event) => event.kind)).toEqual(['status', 'note']);
  });

  it("shows a customer only their own orders and their events, and anon nothing", async () => {
    const mine = await placeOrder(demoCustomerId);
    const theirs = await placeOrder(secondCustomerId);
    const guest = await placeOrder(null);
    await moveOrder(theirs.id, 'confirmed');

    const demoOrders = (await runAs<{ id: string }>(db, demo, `select id from public.orders`)).map((row) => row.id);
    expect(demoOrders).toContain(mine.id);
    expect(demoOrders).not.toContain(theirs.id);
    expect(demoOrders).not.toContain(guest.id);
    expect(await history(mine.id, demo)).toHaveLength(1);
    expect(await history(theirs.id, demo)).toEqual([]);
    expect(await history(guest.id, demo)).toEqual([]);
    expect(await history(theirs.id, second)).toHaveLength(2);
    const eventOrderIds = await runAs<{ order_id: string }>(db, second, `select distinct order_id from public.order_events`);
    expect(eventOrderIds).toEqual([{ order_id: theirs.id }]);

    expect(await failureCode(runAs(db, anon, `select * from public.orders`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, `select * from public.order_events`))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('delivery details on the order', () => {
  const delivery = {
    delivery_name: 'Asha Rao',
    delivery_mobile: '+919876543210',
    delivery_email: 'asha@example.test',
    delivery_line1: '12, 4th Cross, Indiranagar',
    delivery_line2: 'Near the metro station',
    delivery_city: 'Bengaluru',
    delivery_state: 'Karnataka',
    delivery_pin_code: '560038',
    delivery_zone_id: 'bengaluru-central',
    promised_delivery_date: '2026-11-24',
  };

  it('stores a complete address with a cash-on-delivery order', async () => {
    const order = await placeOrder(null, { ...delivery, provider: 'cod' });
    const [row] = await runAs(db, serviceRole, `select delivery_pin_code, promised_delivery_date::text as promised from public.orders where id = $1`, [order.id]);
    expect(row).toEqual({ delivery_pin_code: '560038', promised: '2026-11-24' });
  });

  it('lets an anonymised order drop the person and keep the place', async () => {
    const order = await placeOrder(demoCustomerId, delivery);
    const [row] = await runAs(
      db,
      serviceRole,
      `update public.orders set user_id = null, guest_session_id = gen_random_uuid(), delivery_name = null, delivery_mobile = null,
         delivery_email = null, delivery_line1 = null, delivery_line2 = null where id = $1 returning delivery_pin_code, delivery_city`,
      [order.id],
    );
    expect(row).toEqual({ delivery_pin_code: '560038', delivery_city: 'Bengaluru' });
  });

  it('refuses malformed or partial delivery details', async () => {
    const bad = (changes: Record<string, unknown>) => failureCode(placeOrder(null, { ...delivery, ...changes }));
    expect(await bad({ delivery_mobile: '9876543210' })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_mobile: '+915876543210' })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_pin_code: '056003' })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_pin_code: '56003' })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_email: 'asha at example' })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_name: '  ' })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_zone_id: 'Bengaluru Central' })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_city: null })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_mobile: null })).toBe(CHECK_VIOLATION);
    expect(await bad({ delivery_pin_code: null, delivery_city: null, delivery_state: null, delivery_zone_id: null, promised_delivery_date: null })).toBe(CHECK_VIOLATION);
    expect(await bad({ promised_delivery_date: null })).toBe(CHECK_VIOLATION);
    expect(await bad({ provider: 'upi' })).toBe(CHECK_VIOLATION);
  });
});

describe('migrating orders recorded before the life cycle', () => {
  it('numbers them in creation order and moves the payment words to payment_status', async () => {
    const files = await projectSqlFiles({ seed: true });
    const lifecycle = files.findIndex((file) => file.endsWith('_order_lifecycle.sql'));
    const before = await openDatabase();
    try {
      for (const file of files.slice(0, lifecycle)) await before.exec(await readFile(file, 'utf8'));
      await before.query(
        `insert into public.orders (guest_session_id, provider, provider_order_id, amount_paise, lines, status, created_at) values
           ($1, 'razorpay', 'order_old_paid', 9100, $2, 'paid', '2026-10-05T10:00:00Z'),
           ($1, 'phonepe', 'TXN_old_failed', 9100, $2, 'failed', '2026-11-20T10:00:00Z'),
           ($1, 'razorpay', 'order_old_created', 9100, $2, 'created', '2026-11-22T10:00:00Z')`,
        ['3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10', lines],
      );
      for (const file of files.slice(lifecycle)) await before.exec(await readFile(file, 'utf8'));
      const { rows } = await before.query(`select provider_order_id, order_number, status, payment_status from public.orders order by created_at`);
      expect(rows).toEqual([
        { provider_order_id: 'order_old_paid', order_number: 'MK-2610-000001', status: 'placed', payment_status: 'paid' },
        { provider_order_id: 'TXN_old_failed', order_number: 'MK-2611-000002', status: 'placed', payment_status: 'failed' },
        { provider_order_id: 'order_old_created', order_number: 'MK-2611-000003', status: 'placed', payment_status: 'pending' },
      ]);
    } finally {
      await before.close();
    }
  });
});
