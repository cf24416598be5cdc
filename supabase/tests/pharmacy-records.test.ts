import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole, type Caller } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';
const pharmacistId = '33333333-3333-4333-8333-333333333333';
const pharmacist: Caller = { role: 'authenticated', userId: pharmacistId, appMetadata: { role: 'pharmacist' } };
const support: Caller = { role: 'authenticated', userId: '44444444-4444-4444-8444-444444444444', appMetadata: { role: 'support' } };
const demo = customer(demoCustomerId);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

let db: PGlite;
let orderCounter = 0;

async function placeOrder(userId: string, lines: { product_id: number; name: string; quantity: number }[]): Promise<string> {
  orderCounter += 1;
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, prescription_paths)
     values ($1, 'razorpay', $2, 10000, $3, $4) returning id`,
    [userId, `order_records_${orderCounter}`, JSON.stringify(lines.map((line) => ({ ...line, unit_mrp_paise: 5000, unit_price_paise: 5000 }))), [`${userId}/rx.png`]],
  );
  await runAs(db, serviceRole, `select public.mark_order_paid($1, $2)`, [`order_records_${orderCounter}`, `pay_records_${orderCounter}`]);
  return row!.id;
}

const issue = (orderId: string, kind: 'invoice' | 'credit_note') =>
  runAs<{ number: string; refers_to: string | null }>(db, serviceRole, `select number, refers_to from public.issue_tax_document($1, $2, '{"lines": []}')`, [orderId, kind]);

const fyPattern = /^MK\/\d{4}\/(\d{6})$/;

beforeAll(async () => {
  db = await seededDatabase();
}, 400_000);

afterAll(async () => {
  await db.close();
});

describe('tax invoices', () => {
  it('numbers 20 invoices issued at once 1..20 in the financial year, with no gap and no repeat', async () => {
    const orders: string[] = [];
    for (let index = 0; index < 20; index += 1) orders.push(await placeOrder(demoCustomerId, [{ product_id: 1, name: 'Metformin 500mg Tablet', quantity: 1 }]));
    const issued = await Promise.all(orders.map((orderId) => issue(orderId, 'invoice')));
    const numbers = issued.map(([row]) => Number(fyPattern.exec(row!.number)![1])).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it('gives a rolled-back issue its number back, and an order only one invoice', async () => {
    const orderId = await placeOrder(demoCustomerId, [{ product_id: 1, name: 'Metformin 500mg Tablet', quantity: 1 }]);
    // Fails after taking a number: the document is not an object.
    expect(await failureCode(runAs(db, serviceRole, `select public.issue_tax_document($1, 'invoice', '[]')`, [orderId]))).toBe(CHECK_VIOLATION);
    const [first] = await issue(orderId, 'invoice');
    expect(first!.number).toMatch(/\/000021$/);
    const [again] = await issue(orderId, 'invoice');
    expect(again!.number).toBe(first!.number);
  });

  it('issues a credit note against the invoice, in its own series, and none without an invoice', async () => {
    const orderId = await placeOrder(demoCustomerId, [{ product_id: 1, name: 'Metformin 500mg Tablet', quantity: 1 }]);
    expect(await failureCode(issue(orderId, 'credit_note'))).toBe(CHECK_VIOLATION);
    const [invoice] = await issue(orderId, 'invoice');
    const [credit] = await issue(orderId, 'credit_note');
    expect(credit!.number).toMatch(/^CN\/\d{4}\/000001$/);
    expect(credit!.refers_to).toBe(invoice!.number);
  });

  it('reverses the invoice in a credit note once the order is refunded in full, once however it is refunded again', async () => {
    const orderId = await placeOrder(demoCustomerId, [{ product_id: 1, name: 'Metformin 500mg Tablet', quantity: 2 }]);
    const document = { rows: [{ name: 'Metformin 500mg Tablet', quantity: 2, amountPaise: 10000 }], totals: { totalPaise: 10000 } };
    const [invoice] = await runAs<{ number: string }>(db, serviceRole, `select number from public.issue_tax_document($1, 'invoice', $2)`, [orderId, JSON.stringify(document)]);
    const [refund] = await runAs<{ id: string }>(db, serviceRole, `select id from public.request_refund($1, 10000, $2, 'Returned', 'cancel')`, [orderId, `return-${orderId}`]);
    const creditNotes = () =>
      runAs<{ number: string; refers_to: string; document: { rows: unknown[]; totals: unknown; reason: string } }>(
        db, serviceRole, `select number, refers_to, document from public.tax_documents where order_id = $1 and kind = 'credit_note'`, [orderId]);
    // Asked for, not yet given back: no credit note yet.
    expect(await creditNotes()).toEqual([]);
    await runAs(db, serviceRole, `select public.record_refund_state($1, 'processed', 'rfnd_credit_1', 'payment_provider')`, [refund!.id]);
    const [credit] = await creditNotes();
    expect(credit!.number).toMatch(/^CN\/\d{4}\/\d{6}$/);
    expect(credit!.refers_to).toBe(invoice!.number);
    expect(credit!.document).toEqual({ ...document, reason: 'Payment refunded' });
    // The desk accepting the return afterwards, or a second call, answers the same note.
    const [again] = await runAs<{ number: string }>(db, serviceRole, `select number from public.issue_credit_note($1, 'Returned by the customer')`, [orderId]);
    expect(again!.number).toBe(credit!.number);
    expect(await creditNotes()).toHaveLength(1);
  });

  it('issues no credit note for an order cancelled or refunded before it was invoiced', async () => {
    const orderId = await placeOrder(demoCustomerId, [{ product_id: 1, name: 'Metformin 500mg Tablet', quantity: 1 }]);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'cancelled', 'customer')`, [orderId]);
    const [none] = await runAs<{ number: string | null }>(db, serviceRole, `select number from public.issue_credit_note($1, 'Cancelled')`, [orderId]);
    expect(none!.number).toBeNull();
    expect(await runAs(db, serviceRole, `select kind from public.tax_documents where order_id = $1`, [orderId])).toEqual([]);
  });

  it("shows a customer their own invoices only, and staff all of them; nobody changes one", async () => {
    const mine = await placeOrder(demoCustomerId, [{ product_id: 1, name: 'Metformin 500mg Tablet', quantity: 1 }]);
    const theirs = await placeOrder(secondCustomerId, [{ product_id: 1, name: 'Metformin 500mg Tablet', quantity: 1 }]);
    await issue(mine, 'invoice');
    await issue(theirs, 'invoice');
    expect(await runAs(db, demo, `select order_id from public.tax_documents where order_id in ($1, $2)`, [mine, theirs])).toEqual([{ order_id: mine }]);
    expect(await runAs(db, support, `select order_id from public.tax_documents where order_id in ($1, $2)`, [mine, theirs])).toHaveLength(2);
    expect(await failureCode(runAs(db, anon, `select * from public.tax_documents`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, serviceRole, `update public.tax_documents set document = '{}' where order_id = $1`, [mine]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, serviceRole, `delete from public.tax_documents where order_id = $1`, [mine]))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('Schedule H1 register', () => {
  let orderId: string;

  beforeAll(async () => {
    await runAs(db, serviceRole, `select public.import_stock($1, 90)`, [JSON.stringify([
      { product_id: 16, batch_number: 'AZ24-118', expiry_date: inDays(400), quantity: 30, mrp_paise: 11900 },
    ])]);
    orderId = await placeOrder(demoCustomerId, [{ product_id: 16, name: 'Azithromycin 500mg Tablet', quantity: 2 }]);
    await runAs(db, serviceRole,
      `insert into public.h1_prescriptions (order_id, line_index, patient_name, prescriber_name, prescriber_registration, pharmacist_id)
       values ($1, 0, 'Ravi Kumar', 'Dr. Meera Iyer', 'KMC-48213', $2)`, [orderId, pharmacistId]);
    await runAs(db, serviceRole,
      `select public.decide_order_line($1, 'prescription_review', 0, '[0]', 'accepted', null, null, $2, 'Asha Rao', 'KA-PH-004512')`, [orderId, pharmacistId]);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'confirmed', 'pharmacist')`, [orderId]);
    const [{ id: batchId }] = (await runAs<{ id: number }>(db, serviceRole, `select id from public.stock_batches where batch_number = 'AZ24-118'`)) as [{ id: number }];
    await runAs(db, serviceRole, `select public.dispatch_order_batches($1, $2, $3)`, [orderId, JSON.stringify([{ line_index: 0, batch_id: batchId, quantity: 2 }]), pharmacistId]);
  });

  it('is written only once the invoice exists, then holds the line with prescriber, patient, batch and invoice', async () => {
    expect(await failureCode(runAs(db, serviceRole, `select public.write_h1_register($1, '{0}')`, [orderId]))).toBe(CHECK_VIOLATION);
    const [invoice] = await issue(orderId, 'invoice');
    await runAs(db, serviceRole, `select public.write_h1_register($1, '{0}')`, [orderId]);
    await runAs(db, serviceRole, `select public.write_h1_register($1, '{0}')`, [orderId]);
    const rows = await runAs(db, pharmacist,
      `select drug_name, batch_number, quantity, patient_name, prescriber_name, prescriber_registration, invoice_number from public.h1_register where order_id = $1`, [orderId]);
    expect(rows).toEqual([{
      drug_name: 'Azithromycin 500mg Tablet', batch_number: 'AZ24-118', quantity: 2, patient_name: 'Ravi Kumar',
      prescriber_name: 'Dr. Meera Iyer', prescriber_registration: 'KMC-48213', invoice_number: invoice!.number,
    }]);
  });

  it('refuses an H1 line whose prescriber was not recorded', async () => {
    const other = await placeOrder(demoCustomerId, [{ product_id: 16, name: 'Azithromycin 500mg Tablet', quantity: 1 }]);
    await issue(other, 'invoice');
    expect(await failureCode(runAs(db, serviceRole, `select public.write_h1_register($1, '{0}')`, [other]))).toBe(CHECK_VIOLATION);
  });

  it('is read by pharmacists only', async () => {
    expect(await runAs(db, support, `select * from public.h1_register`)).toEqual([]);
    expect(await runAs(db, demo, `select * from public.h1_register`)).toEqual([]);
    expect(await failureCode(runAs(db, anon, `select * from public.h1_register`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, pharmacist, `insert into public.h1_register (order_id, order_number, invoice_number, line_index, product_id, drug_name, batch_number, expiry_date, quantity, patient_name, prescriber_name, prescriber_registration) select order_id, order_number, invoice_number, 1, product_id, drug_name, batch_number, expiry_date, 1, patient_name, prescriber_name, prescriber_registration from public.h1_register limit 1`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('can be changed or emptied by nobody: not staff, not the service role, not the table owner', async () => {
    for (const caller of [pharmacist, serviceRole]) {
      expect(await failureCode(runAs(db, caller, `update public.h1_register set quantity = 1`))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `delete from public.h1_register`))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    // The owner (the migrations' superuser) has every privilege; the trigger still refuses.
    expect(await failureCode(db.query(`update public.h1_register set patient_name = 'someone else'`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(db.query(`delete from public.h1_register`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(db.query(`truncate public.h1_register`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect((await db.query<{ count: number }>(`select count(*)::integer as count from public.h1_register`)).rows[0]!.count).toBe(1);
  });

  it('and the invoice outlive the customer deleting their account', async () => {
    await runAs(db, serviceRole, `select public.set_order_status($1, 'packed', 'support')`, [orderId]);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'shipped', 'support')`, [orderId]);
    await runAs(db, serviceRole, `select public.set_order_status($1, 'delivered', 'support')`, [orderId]);
    // Every other order of the customer is finished first, so the account may go.
    await db.query(`update public.orders set status = 'cancelled' where user_id = $1 and status not in ('delivered', 'cancelled')`, [demoCustomerId]);
    await runAs(db, serviceRole, `select public.delete_customer_data($1)`, [demoCustomerId]);
    expect(await runAs(db, pharmacist, `select patient_name from public.h1_register where order_id = $1`, [orderId])).toEqual([{ patient_name: 'Ravi Kumar' }]);
    expect(await runAs(db, serviceRole, `select kind from public.tax_documents where order_id = $1`, [orderId])).toEqual([{ kind: 'invoice' }]);
  });
});
