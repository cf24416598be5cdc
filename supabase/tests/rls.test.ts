import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  customer,
  demoCustomerId,
  failureCode,
  runAs,
  secondCustomerId,
  seededDatabase,
  serviceRole,
} from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';

const demo = customer(demoCustomerId);
const second = customer(secondCustomerId);
const guestFolder = 'guest-3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10';

const line = { product_id: 7, name: 'Metformin 500 mg', quantity: 2, mrp: '45.50', thumbnail_image: '/images/a.png', prescription_url: null };

let db: PGlite;

beforeAll(async () => {
  db = await seededDatabase();
  await runAs(db, second, `insert into public.cart (user_id, items, cart_total) values ($1, $2, 91)`, [
    secondCustomerId,
    JSON.stringify([line]),
  ]);
});

afterAll(async () => {
  await db.close();
});

describe('cart: a customer reaches only their own row', () => {
  it('lets a customer upsert, read, update and delete their own cart', async () => {
    const upsert = `insert into public.cart (user_id, items, cart_total) values ($1, $2, $3)
      on conflict (user_id) do update set items = excluded.items, cart_total = excluded.cart_total returning cart_total`;
    await runAs(db, demo, upsert, [demoCustomerId, JSON.stringify([line]), '91.00']);
    const [again] = await runAs<{ cart_total: string }>(db, demo, upsert, [demoCustomerId, JSON.stringify([line, { ...line, product_id: 8 }]), '182.00']);
    expect(again.cart_total).toBe('182.00');

    const rows = await runAs(db, demo, `select user_id from public.cart`);
    expect(rows).toEqual([{ user_id: demoCustomerId }]);

    const updated = await runAs(db, demo, `update public.cart set attachments = '["a/b.pdf"]' where user_id = $1 returning id`, [demoCustomerId]);
    expect(updated).toHaveLength(1);
    const deleted = await runAs(db, demo, `delete from public.cart where user_id = $1 returning id`, [demoCustomerId]);
    expect(deleted).toHaveLength(1);
  });

  it("hides another customer's cart and refuses changes to it", async () => {
    expect(await runAs(db, demo, `select * from public.cart where user_id = $1`, [secondCustomerId])).toEqual([]);
    expect(await runAs(db, demo, `update public.cart set cart_total = 0 where user_id = $1 returning id`, [secondCustomerId])).toEqual([]);
    expect(await runAs(db, demo, `delete from public.cart where user_id = $1 returning id`, [secondCustomerId])).toEqual([]);
    expect(await failureCode(runAs(db, demo, `insert into public.cart (user_id) values ($1)`, [secondCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    const [stillThere] = await runAs<{ cart_total: string }>(db, serviceRole, `select cart_total from public.cart where user_id = $1`, [secondCustomerId]);
    expect(stillThere.cart_total).toBe('91.00');
  });

  it('gives a visitor who is not signed in nothing', async () => {
    expect(await failureCode(runAs(db, anon, `select * from public.cart`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, `insert into public.cart (user_id) values ($1)`, [demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, `delete from public.cart`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('rejects bad cart data and stores a line without an MRP at 0', async () => {
    const insert = `insert into public.cart (user_id, items, cart_total) values ($1, $2, $3) returning items`;
    const bad = (items: unknown, total = '0') => failureCode(runAs(db, demo, insert, [demoCustomerId, JSON.stringify(items), total]));
    expect(await bad([{ ...line, quantity: 0 }])).toBe(CHECK_VIOLATION);
    expect(await bad([{ ...line, quantity: 1.5 }])).toBe(CHECK_VIOLATION);
    expect(await bad([{ ...line, mrp: 'twelve' }])).toBe(CHECK_VIOLATION);
    expect(await bad([{ ...line, name: '' }])).toBe(CHECK_VIOLATION);
    expect(await bad({ lines: [] })).toBe(CHECK_VIOLATION);
    expect(await bad([line], '-1')).toBe(CHECK_VIOLATION);

    const { mrp: _omitted, ...withoutMrp } = line;
    const [row] = await runAs<{ items: Array<{ mrp: string }> }>(db, demo, insert, [demoCustomerId, JSON.stringify([withoutMrp]), '0']);
    expect(row.items[0].mrp).toBe('0');
    await runAs(db, demo, `delete from public.cart where user_id = $1`, [demoCustomerId]);
  });
});

describe('contact_submissions: insert only, read by nobody but the back office', () => {
  const insert = `insert into public.contact_submissions (name, email, phone, subject, message) values ($1, $2, $3, $4, $5)`;
  const message = ['Asha Rao', 'asha@example.in', '+91 98765 43210', 'order', 'Where is my order?'];

  it('lets visitors and customers send a message without reading it back', async () => {
    await runAs(db, anon, insert, message);
    await runAs(db, demo, insert, [...message.slice(0, 2), null, 'feedback', 'Thanks']);
    const stored = await runAs(db, serviceRole, `select subject from public.contact_submissions order by created_at`);
    expect(stored.map((row) => row.subject)).toEqual(['order', 'feedback']);
  });

  it('refuses reading, changing or returning messages to anon and customers', async () => {
    expect(await failureCode(runAs(db, anon, `select * from public.contact_submissions`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, `select * from public.contact_submissions`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, `${insert} returning id`, message))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, `update public.contact_submissions set message = 'x'`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, `delete from public.contact_submissions`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('rejects messages that break the form rules', async () => {
    const bad = (index: number, value: unknown) =>
      failureCode(runAs(db, anon, insert, message.map((field, i) => (i === index ? value : field))));
    expect(await bad(0, 'x'.repeat(101))).toBe(CHECK_VIOLATION);
    expect(await bad(1, 'not-an-email')).toBe(CHECK_VIOLATION);
    expect(await bad(1, `${'a'.repeat(251)}@b.in`)).toBe(CHECK_VIOLATION);
    expect(await bad(2, '1'.repeat(21))).toBe(CHECK_VIOLATION);
    expect(await bad(3, 'complaint')).toBe(CHECK_VIOLATION);
    expect(await bad(4, '   ')).toBe(CHECK_VIOLATION);
  });
});

describe('prescription_files: a customer records and reads only their own files', () => {
  const insert = `insert into public.prescription_files (request_id, file_name, file_url, file_type, uploaded_by) values ($1, $2, $3, $4, $5)`;

  it("lets a customer record and read their own files but not another customer's", async () => {
    await runAs(db, demo, insert, [demoCustomerId, 'rx.pdf', `${demoCustomerId}/a1.pdf`, 'application/pdf', demoCustomerId]);
    await runAs(db, second, insert, [secondCustomerId, 'scan.jpg', `${secondCustomerId}/b2.jpg`, 'image/jpeg', secondCustomerId]);
    expect((await runAs(db, demo, `select file_url from public.prescription_files`)).map((row) => row.file_url)).toEqual([`${demoCustomerId}/a1.pdf`]);
    expect(await runAs(db, demo, `select * from public.prescription_files where request_id = $1`, [secondCustomerId])).toEqual([]);
  });

  it("refuses recording files under someone else's request id or uploader", async () => {
    expect(await failureCode(runAs(db, demo, insert, [secondCustomerId, 'rx.pdf', `${secondCustomerId}/c.pdf`, 'application/pdf', demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, insert, [demoCustomerId, 'rx.pdf', `${demoCustomerId}/c.pdf`, 'application/pdf', secondCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, `update public.prescription_files set file_name = 'x'`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, `delete from public.prescription_files`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('gives anon nothing', async () => {
    expect(await failureCode(runAs(db, anon, `select * from public.prescription_files`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, insert, [guestFolder, 'rx.pdf', `${guestFolder}/a.pdf`, 'application/pdf', null]))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('rejects a file path outside the request folder', async () => {
    expect(await failureCode(runAs(db, demo, insert, [demoCustomerId, 'rx.pdf', `${secondCustomerId}/a.pdf`, 'application/pdf', demoCustomerId]))).toBe(CHECK_VIOLATION);
    expect(await failureCode(runAs(db, demo, insert, [demoCustomerId, 'rx.pdf', `${demoCustomerId}/x/a.pdf`, 'application/pdf', demoCustomerId]))).toBe(CHECK_VIOLATION);
  });
});

describe('orders: written by the payment functions, read by their owner', () => {
  const createOrder = `insert into public.orders (user_id, guest_session_id, provider, provider_order_id, amount_paise, lines)
    values ($1, $2, $3, $4, $5, $6) returning id`;
  const lines = JSON.stringify([{ product_id: 7, name: 'Metformin 500 mg', unit_mrp_paise: 4550, unit_price_paise: 4550, quantity: 2 }]);

  beforeAll(async () => {
    await runAs(db, serviceRole, createOrder, [demoCustomerId, null, 'razorpay', 'order_demo_1', 9100, lines]);
    await runAs(db, serviceRole, createOrder, [secondCustomerId, null, 'phonepe', 'TXN_second_1', 9100, lines]);
    await runAs(db, serviceRole, createOrder, [null, '3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10', 'razorpay', 'order_guest_1', 9100, lines]);
  });

  it('shows a customer only their own orders and anon none', async () => {
    expect((await runAs(db, demo, `select provider_order_id from public.orders`)).map((row) => row.provider_order_id)).toEqual(['order_demo_1']);
    expect(await failureCode(runAs(db, anon, `select * from public.orders`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('refuses inserts, updates and deletes from customers and anon', async () => {
    expect(await failureCode(runAs(db, demo, createOrder, [demoCustomerId, null, 'razorpay', 'order_forged', 100, lines]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, createOrder, [null, '3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10', 'razorpay', 'order_forged', 100, lines]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, `update public.orders set status = 'paid'`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, `delete from public.orders`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('rejects bad orders', async () => {
    const bad = (values: unknown[]) => failureCode(runAs(db, serviceRole, createOrder, values));
    expect(await bad([demoCustomerId, null, 'razorpay', 'o_small', 99, lines])).toBe(CHECK_VIOLATION);
    expect(await bad([demoCustomerId, null, 'paypal', 'o_paypal', 100, lines])).toBe(CHECK_VIOLATION);
    expect(await bad([demoCustomerId, null, 'razorpay', 'o_empty', 100, '[]'])).toBe(CHECK_VIOLATION);
    expect(await bad([null, null, 'razorpay', 'o_nobody', 100, lines])).toBe(CHECK_VIOLATION);
    expect(await bad([demoCustomerId, null, 'razorpay', 'order_demo_1', 100, lines])).toBe('23505');
    expect(await failureCode(runAs(db, serviceRole, `update public.orders set currency = 'USD' where provider_order_id = 'order_demo_1'`))).toBe(CHECK_VIOLATION);
  });

  it('lets only the service role run the payment functions', async () => {
    for (const caller of [anon, demo]) {
      expect(await failureCode(runAs(db, caller, `select public.mark_order_paid('order_demo_1', 'pay_x')`))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `select public.mark_order_failed('order_demo_1', 'x')`))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `select public.record_webhook_event('evt_1', 'razorpay')`))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `select public.record_payment_webhook_event('evt_1', 'razorpay', 'forged')`))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `select * from public.payment_webhook_events`))).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });

  it('marks an order paid once, keeping the first payment id, and never un-pays it', async () => {
    const [paid] = await runAs<{ status: string; provider_payment_id: string; paid_at: string | null }>(db, serviceRole, `select * from public.mark_order_paid('order_demo_1', 'pay_first')`);
    expect(paid).toMatchObject({ payment_status: 'paid', provider_payment_id: 'pay_first' });
    expect(paid.paid_at).not.toBeNull();

    const [again] = await runAs(db, serviceRole, `select * from public.mark_order_paid('order_demo_1', 'pay_second')`);
    expect(again).toMatchObject({ payment_status: 'paid', provider_payment_id: 'pay_first', paid_at: paid.paid_at });

    const [notFailed] = await runAs(db, serviceRole, `select * from public.mark_order_failed('order_demo_1', 'late failure')`);
    expect(notFailed).toMatchObject({ payment_status: 'paid', failure_reason: null });

    expect(await failureCode(runAs(db, serviceRole, `update public.orders set status = 'created' where provider_order_id = 'order_demo_1'`))).toBe(CHECK_VIOLATION);
    expect(await failureCode(runAs(db, serviceRole, `update public.orders set status = 'failed' where provider_order_id = 'order_demo_1'`))).toBe(CHECK_VIOLATION);
    expect(await failureCode(runAs(db, serviceRole, `update public.orders set provider_payment_id = 'pay_other' where provider_order_id = 'order_demo_1'`))).toBe(CHECK_VIOLATION);
  });

  it('marks a created order failed, and a failed order can still be paid', async () => {
    const [failed] = await runAs(db, serviceRole, `select * from public.mark_order_failed('order_guest_1', 'card declined')`);
    expect(failed).toMatchObject({ payment_status: 'failed', failure_reason: 'card declined' });
    const [paid] = await runAs(db, serviceRole, `select * from public.mark_order_paid('order_guest_1', 'pay_retry')`);
    expect(paid).toMatchObject({ payment_status: 'paid', provider_payment_id: 'pay_retry', failure_reason: null });
  });

  it('raises for an unknown order', async () => {
    expect(await failureCode(runAs(db, serviceRole, `select public.mark_order_paid('order_missing', 'pay_x')`))).toBe('P0002');
    expect(await failureCode(runAs(db, serviceRole, `select public.mark_order_failed('order_missing', 'x')`))).toBe('P0002');
  });

  it('records a webhook event once', async () => {
    const record = `select public.record_webhook_event('evt_razorpay_1', 'razorpay') as is_new`;
    expect(await runAs(db, serviceRole, record)).toEqual([{ is_new: true }]);
    expect(await runAs(db, serviceRole, record)).toEqual([{ is_new: false }]);
  });
});

describe('storage: the private prescriptions bucket', () => {
  const upload = `insert into storage.objects (bucket_id, name, owner, owner_id) values ($1, $2, $3::uuid, $3::text)`;

  it('is private with a 5 MB limit for images and PDFs', async () => {
    const [bucket] = await runAs(db, serviceRole, `select public, file_size_limit, allowed_mime_types from storage.buckets where id = 'prescriptions'`);
    expect(bucket).toEqual({ public: false, file_size_limit: 5242880, allowed_mime_types: ['image/*', 'application/pdf'] });
  });

  it('lets a customer upload into and read their own folder only', async () => {
    await runAs(db, demo, upload, ['prescriptions', `${demoCustomerId}/r1.pdf`, demoCustomerId]);
    await runAs(db, second, upload, ['prescriptions', `${secondCustomerId}/r2.pdf`, secondCustomerId]);
    expect((await runAs(db, demo, `select name from storage.objects`)).map((row) => row.name)).toEqual([`${demoCustomerId}/r1.pdf`]);
  });

  it("refuses a customer uploading into another customer's folder, a guest folder or a nested path", async () => {
    expect(await failureCode(runAs(db, demo, upload, ['prescriptions', `${secondCustomerId}/evil.pdf`, demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, upload, ['prescriptions', `${guestFolder}/evil.pdf`, demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, upload, ['prescriptions', `${demoCustomerId}/deep/evil.pdf`, demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('lets a guest upload only into a guest-<uuid> folder and read nothing', async () => {
    await runAs(db, anon, upload, ['prescriptions', `${guestFolder}/g1.png`, null]);
    for (const name of [`${demoCustomerId}/g.png`, 'guest-abc/g.png', 'g.png', `${guestFolder}/x/g.png`]) {
      expect(await failureCode(runAs(db, anon, upload, ['prescriptions', name, null]))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    expect(await runAs(db, anon, `select name from storage.objects`)).toEqual([]);
    expect(await runAs(db, demo, `select name from storage.objects where name like 'guest-%'`)).toEqual([]);
  });

  it('lets no customer delete or overwrite a stored prescription', async () => {
    expect(await runAs(db, demo, `delete from storage.objects where name = $1 returning id`, [`${demoCustomerId}/r1.pdf`])).toEqual([]);
    expect(await runAs(db, demo, `update storage.objects set metadata = '{}' where name = $1 returning id`, [`${demoCustomerId}/r1.pdf`])).toEqual([]);
  });

  it('lets the back office read every prescription', async () => {
    const rows = await runAs(db, serviceRole, `select name from storage.objects order by name`);
    expect(rows).toHaveLength(3);
  });
});
