import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';

const demo = customer(demoCustomerId);
const second = customer(secondCustomerId);

const address = {
  full_name: 'Asha Rao',
  mobile: '+919876543210',
  line1: 'Flat 4B, 12 MG Road',
  area: 'Indiranagar',
  landmark: null as string | null,
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560038',
  label: 'Home',
};
type Address = typeof address;

const insertAddress = (db: PGlite, caller: typeof demo, values: Partial<Address> & { user_id?: string; is_default?: boolean } = {}) => {
  const row = { ...address, ...values };
  const columns = Object.keys(row);
  return runAs<{ id: string; is_default: boolean }>(
    db,
    caller,
    `insert into public.addresses (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) returning id, is_default`,
    Object.values(row),
  );
};

let db: PGlite;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

describe('addresses: a customer reaches only their own', () => {
  it('lets a customer add, read, edit and delete their own addresses; the first is the default', async () => {
    const [first] = await insertAddress(db, demo);
    expect(first!.is_default).toBe(true);
    const [work] = await insertAddress(db, demo, { label: 'Work', line1: '3rd floor, 80 Feet Road' });
    expect(work!.is_default).toBe(false);
    expect(await runAs(db, demo, `select label from public.addresses order by created_at`)).toEqual([{ label: 'Home' }, { label: 'Work' }]);
    const edited = await runAs(db, demo, `update public.addresses set landmark = 'Opposite the metro station' where id = $1 returning landmark`, [work!.id]);
    expect(edited).toEqual([{ landmark: 'Opposite the metro station' }]);
    expect(await runAs(db, demo, `delete from public.addresses where id = $1 returning id`, [work!.id])).toHaveLength(1);
  });

  it('keeps one default: making one the default takes it from the other, deleting it passes it on', async () => {
    const [second] = await insertAddress(db, demo, { label: 'Other' });
    await runAs(db, demo, `update public.addresses set is_default = true where id = $1`, [second!.id]);
    const defaults = await runAs<{ id: string }>(db, demo, `select id from public.addresses where is_default`);
    expect(defaults).toEqual([{ id: second!.id }]);
    await runAs(db, demo, `delete from public.addresses where id = $1`, [second!.id]);
    expect(await runAs(db, demo, `select count(*)::int as n from public.addresses where is_default`)).toEqual([{ n: 1 }]);
    await runAs(db, serviceRole, `insert into public.addresses (user_id, full_name, mobile, line1, area, city, state, pin_code, is_default)
      select user_id, full_name, mobile, line1, area, city, state, pin_code, true from public.addresses where user_id = $1 and is_default`, [demoCustomerId]);
    expect(await runAs(db, demo, `select count(*)::int as n from public.addresses where is_default`)).toEqual([{ n: 1 }]);
  });

  it("hides another customer's addresses and refuses changes to them", async () => {
    const [theirs] = await insertAddress(db, second);
    expect(await runAs(db, demo, `select * from public.addresses where user_id = $1`, [secondCustomerId])).toEqual([]);
    expect(await runAs(db, demo, `update public.addresses set city = 'Pune' where id = $1 returning id`, [theirs!.id])).toEqual([]);
    expect(await runAs(db, demo, `delete from public.addresses where id = $1 returning id`, [theirs!.id])).toEqual([]);
    expect(await failureCode(insertAddress(db, demo, { user_id: secondCustomerId }))).toBe(INSUFFICIENT_PRIVILEGE);
    const [mine] = await runAs<{ id: string }>(db, demo, `select id from public.addresses limit 1`);
    expect(await failureCode(runAs(db, demo, `update public.addresses set user_id = $2 where id = $1`, [mine!.id, secondCustomerId]))).not.toBe('');
    const [still] = await runAs<{ city: string }>(db, serviceRole, `select city from public.addresses where id = $1`, [theirs!.id]);
    expect(still!.city).toBe('Bengaluru');
  });

  it('gives a visitor who is not signed in nothing', async () => {
    expect(await failureCode(runAs(db, anon, `select * from public.addresses`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(insertAddress(db, anon, { user_id: demoCustomerId }))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, `delete from public.addresses`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('checks every field the way the address form does', async () => {
    const bad = (values: Partial<Address>) => failureCode(insertAddress(db, demo, values));
    expect(await bad({ full_name: '  ' })).toBe(CHECK_VIOLATION);
    expect(await bad({ mobile: '9876543210' })).toBe(CHECK_VIOLATION);
    expect(await bad({ mobile: '+915876543210' })).toBe(CHECK_VIOLATION);
    expect(await bad({ line1: '' })).toBe(CHECK_VIOLATION);
    expect(await bad({ area: '' })).toBe(CHECK_VIOLATION);
    expect(await bad({ landmark: '' })).toBe(CHECK_VIOLATION);
    expect(await bad({ city: 'x'.repeat(101) })).toBe(CHECK_VIOLATION);
    expect(await bad({ state: 'Bangalore' })).toBe(CHECK_VIOLATION);
    expect(await bad({ pin_code: '060038' })).toBe(CHECK_VIOLATION);
    expect(await bad({ pin_code: '56003' })).toBe(CHECK_VIOLATION);
    expect(await bad({ label: 'Office' })).toBe(CHECK_VIOLATION);
  });

  it('refuses an eleventh address in the database', async () => {
    await runAs(db, second, `delete from public.addresses`);
    for (let index = 0; index < 10; index += 1) await insertAddress(db, second, { line1: `House ${index + 1}` });
    expect(await runAs(db, second, `select count(*)::int as n from public.addresses`)).toEqual([{ n: 10 }]);
    let message = '';
    try {
      await insertAddress(db, second, { line1: 'House 11' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('addresses_limit');
    expect(await failureCode(insertAddress(db, second, { line1: 'House 11' }))).toBe(CHECK_VIOLATION);
    expect(await runAs(db, second, `select count(*)::int as n from public.addresses`)).toEqual([{ n: 10 }]);
  });
});

describe('deleting an account', () => {
  /** An order of the demo customer whose payment ended as given (orders start pending, then move). */
  const order = async (providerOrderId: string, paymentStatus: 'pending' | 'paid' | 'failed') => {
    const [row] = await runAs<{ id: string }>(db, serviceRole, `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, prescription_paths)
      values ($1, 'razorpay', $2, 12000, '[{"product_id": 1, "quantity": 1}]', $3) returning id`, [demoCustomerId, providerOrderId, `{${demoCustomerId}/rx.pdf}`]);
    if (paymentStatus !== 'pending') await runAs(db, serviceRole, `update public.orders set payment_status = $2 where id = $1`, [row!.id, paymentStatus]);
  };

  it('is for the service role only', async () => {
    expect(await failureCode(runAs(db, demo, `select public.delete_customer_data($1)`, [demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, `select public.delete_customer_data($1)`, [demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  const DELIVERY_COLUMNS = `delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_line2, delivery_city, delivery_state, delivery_pin_code, delivery_zone_id, promised_delivery_date`;
  const DELIVERY_VALUES = `'Asha Rao', '+919876543210', 'asha@example.test', 'Flat 4B, 12 MG Road', 'Indiranagar', 'Bengaluru', 'Karnataka', '560038', 'bengaluru-central', current_date`;
  /** A demo customer's order with delivery details, as checkout records it. */
  const deliveredOrder = async (provider: 'razorpay' | 'cod', providerOrderId: string) => {
    const [row] = await runAs<{ id: string }>(db, serviceRole, `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, ${DELIVERY_COLUMNS})
      values ($1, $2, $3, 12000, '[{"product_id": 1, "quantity": 1}]', ${DELIVERY_VALUES}) returning id`, [demoCustomerId, provider, providerOrderId]);
    return row!.id;
  };
  const moveThrough = async (orderId: string, statuses: string[]) => {
    for (const status of statuses) await runAs(db, serviceRole, `select public.set_order_status($1, $2, 'support')`, [orderId, status]);
  };

  it('is refused while an order is on its way, so a paid order never becomes undeliverable', async () => {
    const onItsWay = await deliveredOrder('razorpay', 'order_on_its_way');
    await runAs(db, serviceRole, `select public.mark_order_paid('order_on_its_way', 'pay_on_its_way')`);
    await moveThrough(onItsWay, ['packed', 'shipped']);
    expect(await failureCode(runAs(db, serviceRole, `select public.delete_customer_data($1)`, [demoCustomerId]))).toBe('55006');
    expect(await runAs(db, serviceRole, `select delivery_name from public.orders where id = $1`, [onItsWay])).toEqual([{ delivery_name: 'Asha Rao' }]);
    await moveThrough(onItsWay, ['delivered']);

    const codDelivered = await deliveredOrder('cod', 'cod_delivered');
    await moveThrough(codDelivered, ['confirmed', 'packed', 'shipped', 'delivered']);
    const codCancelled = await deliveredOrder('cod', 'cod_cancelled');
    await moveThrough(codCancelled, ['cancelled']);
  });

  it("removes the customer's cart, addresses, prescriptions and unpaid orders and keeps paid orders anonymised", async () => {
    await runAs(db, demo, `insert into public.cart (user_id, items, cart_total) values ($1, '[]', 0) on conflict (user_id) do nothing`, [demoCustomerId]);
    await runAs(db, demo, `insert into public.prescription_files (request_id, file_name, file_url, file_type, uploaded_by) values ($1::text, 'rx.pdf', $2, 'application/pdf', $1::text::uuid)`, [
      demoCustomerId, `${demoCustomerId}/rx.pdf`,
    ]);
    await order('order_paid_1', 'paid');
    await order('order_open_1', 'pending');
    await order('order_failed_1', 'failed');

    const [result] = await runAs<{ delete_customer_data: Record<string, number> }>(db, serviceRole, `select public.delete_customer_data($1)`, [demoCustomerId]);
    // Kept: the paid order, the delivered online order and the delivered cash on delivery order.
    expect(result!.delete_customer_data).toMatchObject({ kept_paid_orders: 3, removed_unpaid_orders: 3, removed_prescription_records: 1 });
    // What the admin API (DELETE /auth/v1/admin/users/{id}) then does with the auth server's own access.
    await db.query(`delete from auth.users where id = $1`, [demoCustomerId]);

    for (const table of ['cart', 'addresses', 'prescription_files']) {
      const column = table === 'prescription_files' ? 'request_id::uuid' : 'user_id';
      expect(await runAs(db, serviceRole, `select 1 from public.${table} where ${column} = $1`, [demoCustomerId])).toEqual([]);
    }
    const orders = await runAs(db, serviceRole, `select provider_order_id, user_id, payment_status, amount_paise, prescription_paths, anonymised_at is not null as anonymised from public.orders order by provider_order_id`);
    expect(orders).toEqual([
      { provider_order_id: 'cod_delivered', user_id: null, payment_status: 'pending', amount_paise: 12000, prescription_paths: [], anonymised: true },
      { provider_order_id: 'order_on_its_way', user_id: null, payment_status: 'paid', amount_paise: 12000, prescription_paths: [], anonymised: true },
      { provider_order_id: 'order_paid_1', user_id: null, payment_status: 'paid', amount_paise: 12000, prescription_paths: [], anonymised: true },
    ]);
    // The person goes; the place of supply stays for the tax record.
    expect(await runAs(db, serviceRole, `select ${DELIVERY_COLUMNS.replace(', promised_delivery_date', '')} from public.orders where provider_order_id = 'order_on_its_way'`)).toEqual([
      { delivery_name: null, delivery_mobile: null, delivery_email: null, delivery_line1: null, delivery_line2: null, delivery_city: 'Bengaluru', delivery_state: 'Karnataka', delivery_pin_code: '560038', delivery_zone_id: 'bengaluru-central' },
    ]);
    expect(await runAs(db, serviceRole, `select 1 from public.order_events where actor_id = $1`, [demoCustomerId])).toEqual([]);
    expect(await runAs(db, serviceRole, `select count(*)::int as n from public.addresses where user_id = $1`, [secondCustomerId])).toEqual([{ n: 10 }]);
  });
});
