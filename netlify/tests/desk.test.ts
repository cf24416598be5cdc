import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellingPricePaise } from '../../src/domain/selling-price';
import { rupeesText } from '../../src/domain/money';
import { respond } from '../../src/lib/server/http';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { startMailEmulator, type SentEmail } from '../../emulators/mail/index.ts';
import { buildDeskDependencies } from '../../src/features/desk/server/dependencies';
import { handleFulfilment, handlePrescriptionUrl, handleReview, type DeskDependencies } from '../../src/features/desk/server/handlers';
import { BENGALURU_DELIVERY, DEMO_USER, SITE_URL, startTestStack, TEST_CATALOGUE, TEST_DRUG_TAX, type TestStack } from './test-stack';
import { inMemoryDrugTaxIndex } from '../../src/features/desk/server/dispatch-records';
import { handleBatches, SupabaseBatchStore } from '../../src/features/desk/server/dispatch-batches';
import { handleH1Prescription, SupabaseH1Store } from '../../src/features/desk/server/h1-register';
import { inMemoryCatalogueIndex } from '../../src/features/checkout/server/catalogue-index';
import { handleStockImport, SupabaseStockImporter } from '../../src/features/desk/server/stock-import';
import { sendBackInStockMails } from '../../src/features/orders/server/back-in-stock-mail';

let stack: TestStack;
let mail: Awaited<ReturnType<typeof startMailEmulator>>;
const inbox: SentEmail[] = [];
let desk: DeskDependencies;
let pharmacist: string;
let support: string;
let customer: string;

beforeAll(async () => {
  stack = await startTestStack();
  mail = await startMailEmulator({ apiKey: 'mail-test-key', deliver: (sent) => void inbox.push(sent) });
  desk = buildDeskDependencies({ ...stack.env, MAIL_API_BASE: mail.url, MAIL_API_KEY: 'mail-test-key', MAIL_FROM: 'MediKart <orders@medikart.test>' }, inMemoryCatalogueIndex(TEST_CATALOGUE), inMemoryDrugTaxIndex(TEST_DRUG_TAX));
  [pharmacist, support, customer] = await Promise.all([
    stack.accessToken('pharmacist@pharmacy.test', 'Pharma@12345'),
    stack.accessToken('support@pharmacy.test', 'Support@12345'),
    stack.accessToken(DEMO_USER.email, DEMO_USER.password),
  ]);
}, 300_000);
afterAll(async () => {
  await Promise.allSettled([stack?.close(), mail?.close()]);
});

type Handler = (req: Request, deps: DeskDependencies) => Promise<Response>;
const h1Prescription: Handler = (req, deps) => handleH1Prescription(req, deps, new SupabaseH1Store(stack.env.SUPABASE_URL, stack.env.SUPABASE_SERVICE_ROLE_KEY));
const batches: Handler = (req, deps) => handleBatches(req, deps, new SupabaseBatchStore(stack.env.SUPABASE_URL, stack.env.SUPABASE_SERVICE_ROLE_KEY));
const H1_DETAILS = { patientName: 'Ravi Kumar', prescriberName: 'Dr. Meera Iyer', prescriberRegistration: 'KMC-45821' };
async function call(handler: Handler, token: string | null, body: unknown) {
  const req = new Request(`${SITE_URL}/api/desk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const response = await respond('/api/desk', () => handler(req, desk));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
}

const refundCount = async () => ((await (await fetch(`${stack.razorpay.url}/__emulator/refunds`)).json()) as { count: number; items: { amount: number }[] });

/** A guest's paid Razorpay order for these products (one of each), with an uploaded prescription. */
async function paidOrder(productIds: number[]) {
  const session = randomUUID();
  const path = `guest-${session}/rx.pdf`;
  const upload = await stack.anonClient().storage.from('prescriptions').upload(path, new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }));
  expect(upload.error).toBeNull();
  const amount = productIds.reduce((sum, id) => sum + sellingPricePaise(TEST_CATALOGUE.find((entry) => entry.id === id)!), 0);
  const created = await stack.call(paymentHandler('razorpay', 'create'), {
    amount,
    lines: productIds.map((productId) => ({ productId, quantity: 1 })),
    cartSessionId: session,
    prescriptionPaths: [path],
    delivery: BENGALURU_DELIVERY,
  });
  expect(created.status).toBe(200);
  const providerOrderId = (created.body.order as { id: string }).id;
  const paid = await stack.payInRazorpay(providerOrderId);
  expect((await stack.call(paymentHandler('razorpay', 'verify'), paid)).status).toBe(200);
  const [row] = await stack.ordersWhere('provider_order_id', providerOrderId);
  expect(row.prescription_paths).toEqual([path]);
  return { id: row.id as string, path, amount };
}

async function orderRow(id: string) {
  const [row] = await stack.ordersWhere('id', id);
  return row as { status: string; payment_status: string; courier_name: string | null; tracking_number: string | null };
}

const admin = () => createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });

describe('who may use the desk functions', () => {
  it('refuses a missing token, a customer, and a customer who wrote role: pharmacist into their own user_metadata', async () => {
    const order = await paidOrder([102]);
    const decision = { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'accepted' };
    expect(await call(handleReview, null, decision)).toEqual({ status: 401, body: { error: 'Sign in with your staff account.' } });
    expect(await call(handleReview, customer, decision)).toEqual({ status: 403, body: { error: 'This area is for pharmacy staff.' } });

    const forged = await admin().auth.admin.updateUserById(DEMO_USER.id, { user_metadata: { role: 'pharmacist', registration_number: 'FAKE-1' } });
    expect(forged.error).toBeNull();
    const forgedToken = await stack.accessToken(DEMO_USER.email, DEMO_USER.password);
    expect(await call(handleReview, forgedToken, decision)).toEqual({ status: 403, body: { error: 'This area is for pharmacy staff.' } });
    expect((await call(handleFulfilment, forgedToken, { orderId: order.id, expectedStatus: 'prescription_review', step: 'cancelled', reason: 'x' })).status).toBe(403);
    expect((await call(handlePrescriptionUrl, forgedToken, { orderId: order.id, path: order.path })).status).toBe(403);
    expect((await orderRow(order.id)).status).toBe('prescription_review');
  });

  it('lets only a pharmacist decide prescription lines', async () => {
    const order = await paidOrder([102]);
    const refused = await call(handleReview, support, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'accepted' });
    expect(refused).toEqual({ status: 403, body: { error: 'Only a pharmacist can do this.' } });
  });
});

describe('prescription review', () => {
  it('confirms the order once every Rx line is decided and refunds the rejected line exactly once', async () => {
    const order = await paidOrder([102, 106, 104]);
    const before = (await refundCount()).count;

    const rejected = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'rejected', reason: 'expired' });
    expect(rejected).toEqual({ status: 200, body: { status: 'prescription_review', decided: false } });
    const again = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'accepted' });
    expect(again).toEqual({ status: 409, body: { error: 'This line has already been decided by another pharmacist. Reload to see the decision.' } });

    // Azithromycin is Schedule H1: no acceptance before the prescriber's details are recorded.
    const undocumented = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 1, decision: 'accepted' });
    expect(undocumented).toEqual({
      status: 422,
      body: { error: 'Azithromycin 500mg Tablet is a Schedule H1 drug: record the patient, the prescriber and the prescriber’s registration number before accepting it.' },
    });
    expect((await call(h1Prescription, pharmacist, { orderId: order.id, lineIndex: 1, ...H1_DETAILS })).status).toBe(200);
    const accepted = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 1, decision: 'accepted' });
    expect(accepted).toEqual({ status: 200, body: { status: 'confirmed', decided: true, refundedPaise: 8950 } });
    const refunds = await refundCount();
    expect(refunds.count).toBe(before + 1);
    expect(refunds.items.at(-1)!.amount).toBe(8950);
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed', payment_status: 'partially_refunded' });

    const late = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'confirmed', lineIndex: 1, decision: 'rejected', reason: 'illegible' });
    expect(late.status).toBe(409);
    expect((await refundCount()).count).toBe(before + 1);

    const { data: decisions } = await admin().from('order_line_decisions').select('line_index, decision, reason, pharmacist_name, registration_number').eq('order_id', order.id).order('line_index');
    expect(decisions).toEqual([
      { line_index: 0, decision: 'rejected', reason: 'expired', pharmacist_name: 'Asha Rao', registration_number: 'KA-PH-004512' },
      { line_index: 1, decision: 'accepted', reason: null, pharmacist_name: 'Asha Rao', registration_number: 'KA-PH-004512' },
    ]);
    const { data: events } = await admin().from('order_events').select('kind, from_status, to_status, actor_role, actor_id, note').eq('order_id', order.id).eq('kind', 'status').eq('to_status', 'confirmed');
    expect(events).toEqual([
      { kind: 'status', from_status: 'prescription_review', to_status: 'confirmed', actor_role: 'pharmacist', actor_id: '33333333-3333-4333-8333-333333333333', note: 'Prescription checked; removed: Amoxicillin 250mg Capsule.' },
    ]);

    const [placed] = await stack.ordersWhere('id', order.id);
    const reviewMail = inbox.find((sent) => sent.subject === `Our pharmacist has checked the prescription for order ${placed.order_number}`);
    expect(reviewMail?.to).toEqual([BENGALURU_DELIVERY.email]);
    expect(reviewMail?.text).toContain('1 x Amoxicillin 250mg Capsule (₹89.50 each): Removed from your order: Prescription expired');
    expect(reviewMail?.text).toContain(': Prescription accepted by pharmacist Asha Rao');
  });

  it('refunds a rejected discounted line at the price the customer paid for it, not its MRP', async () => {
    const order = await paidOrder([107, 102]);
    const before = (await refundCount()).count;
    expect((await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 1, decision: 'accepted' })).status).toBe(200);
    const rejected = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'rejected', reason: 'not_prescribed' });
    expect(rejected).toEqual({ status: 200, body: { status: 'confirmed', decided: true, refundedPaise: 4850 } });
    const refunds = await refundCount();
    expect(refunds.count).toBe(before + 1);
    expect(refunds.items.at(-1)!.amount).toBe(4850);
  });

  it('cancels and refunds the whole order when every line is rejected', async () => {
    const order = await paidOrder([102]);
    const before = (await refundCount()).count;
    const other = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'rejected', reason: 'other' });
    expect(other).toEqual({ status: 400, body: { error: 'Invalid request: Write a note when the reason is Other.' } });
    const result = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'rejected', reason: 'other', note: 'Prescription is for another patient' });
    expect(result).toEqual({ status: 200, body: { status: 'cancelled', decided: true, refundedPaise: order.amount } });
    expect((await refundCount()).count).toBe(before + 1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
  });

  it('refuses a decision on a line that needs no prescription', async () => {
    const order = await paidOrder([102, 104]);
    const result = await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 1, decision: 'accepted' });
    expect(result.status).toBe(422);
  });

  it('lets only one of two pharmacists deciding the same line at once succeed, and refunds once', async () => {
    const order = await paidOrder([102, 104]);
    const before = (await refundCount()).count;
    const decide = (decision: 'accepted' | 'rejected') =>
      call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision, ...(decision === 'rejected' ? { reason: 'illegible' } : {}) });
    const results = await Promise.all([decide('rejected'), decide('rejected'), decide('accepted')]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((result) => result.status === 200)!;
    expect((await refundCount()).count).toBe(before + (winner.body.refundedPaise ? 1 : 0));
    expect((await orderRow(order.id)).status).toBe('confirmed');
  });
});

describe('fulfilment', () => {
  async function confirmedOrder() {
    const order = await paidOrder([102]);
    expect((await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'accepted' })).status).toBe(200);
    return order;
  }
  const step = (token: string, orderId: string, expectedStatus: string, body: Record<string, unknown>) => call(handleFulfilment, token, { orderId, expectedStatus, ...body });

  it('packs, ships with courier and tracking number, and delivers; refuses steps out of order', async () => {
    const order = await confirmedOrder();
    expect(await step(support, order.id, 'confirmed', { step: 'shipped', courierName: 'Blue Dart', trackingNumber: 'BD1' })).toEqual({
      status: 409,
      body: { error: expect.stringMatching(/is confirmed; only a packed order can be marked shipped/) },
    });
    expect(await step(support, order.id, 'confirmed', { step: 'packed' })).toEqual({ status: 200, body: { status: 'packed' } });
    expect((await step(support, order.id, 'packed', { step: 'shipped', courierName: 'Blue Dart' })).status).toBe(400);
    expect(await step(support, order.id, 'packed', { step: 'shipped', courierName: 'Blue Dart', trackingNumber: 'BD123456789IN' })).toEqual({
      status: 200,
      body: { status: 'shipped', invoiceNumber: expect.stringMatching(/^MK\/\d{4}\/\d{6}$/) },
    });
    expect(await orderRow(order.id)).toMatchObject({ courier_name: 'Blue Dart', tracking_number: 'BD123456789IN' });
    expect(await step(support, order.id, 'shipped', { step: 'cancelled', reason: 'Customer asked' })).toEqual({
      status: 409,
      body: { error: expect.stringMatching(/is shipped and can no longer be cancelled/) },
    });
    expect(await step(pharmacist, order.id, 'shipped', { step: 'delivered' })).toEqual({ status: 200, body: { status: 'delivered' } });
    expect((await step(pharmacist, order.id, 'delivered', { step: 'packed' })).status).toBe(409);
    const { data: events } = await admin().from('order_events').select('to_status, actor_role').eq('order_id', order.id).eq('kind', 'status').order('id');
    expect(events).toEqual([
      { to_status: 'placed', actor_role: 'system' },
      { to_status: 'prescription_review', actor_role: 'payment_provider' },
      { to_status: 'confirmed', actor_role: 'pharmacist' },
      { to_status: 'packed', actor_role: 'support' },
      { to_status: 'shipped', actor_role: 'support' },
      { to_status: 'delivered', actor_role: 'pharmacist' },
    ]);
  });

  it('refuses a step when the order changed since the staff member saw it; of two at once only one succeeds', async () => {
    const order = await confirmedOrder();
    const results = await Promise.all([step(support, order.id, 'confirmed', { step: 'packed' }), step(pharmacist, order.id, 'confirmed', { step: 'packed' })]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)!.body.error).toMatch(/^Someone else has just changed order MK-\d{4}-\d{6,}: it is now packed\. Reload to see the latest\.$/);
  });

  it('cancels before shipping with a reason and refunds the whole order once', async () => {
    const order = await confirmedOrder();
    const before = (await refundCount()).count;
    expect((await step(support, order.id, 'confirmed', { step: 'cancelled', reason: '' })).status).toBe(400);
    expect(await step(support, order.id, 'confirmed', { step: 'cancelled', reason: 'Out of stock at the pharmacy' })).toEqual({ status: 200, body: { status: 'cancelled' } });
    expect((await refundCount()).count).toBe(before + 1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
  });
});

describe('returns', () => {
  it('takes back a delivered order: a credit note reversing its invoice and one refund, however often it is asked', async () => {
    const order = await paidOrder([102]);
    const step = (token: string, expectedStatus: string, body: Record<string, unknown>) => call(handleFulfilment, token, { orderId: order.id, expectedStatus, ...body });
    expect((await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'accepted' })).status).toBe(200);
    expect(await step(support, 'confirmed', { step: 'returned', reason: 'Customer changed their mind' })).toEqual({
      status: 409,
      body: { error: expect.stringMatching(/has not left the pharmacy: cancel it instead\.$/) },
    });
    expect((await step(support, 'confirmed', { step: 'packed' })).status).toBe(200);
    const shipped = await step(support, 'packed', { step: 'shipped', courierName: 'Blue Dart', trackingNumber: 'BD-RET-1' });
    expect((await step(support, 'shipped', { step: 'delivered' })).status).toBe(200);
    const before = (await refundCount()).count;
    expect((await step(support, 'delivered', { step: 'returned', reason: '' })).status).toBe(400);

    const returned = await step(support, 'delivered', { step: 'returned', reason: 'Strip damaged in transit' });
    expect(returned).toEqual({ status: 200, body: { status: 'delivered', creditNoteNumber: expect.stringMatching(/^CN\/\d{4}\/\d{6}$/) } });
    expect((await step(support, 'delivered', { step: 'returned', reason: 'Strip damaged in transit' })).body.creditNoteNumber).toBe(returned.body.creditNoteNumber);
    expect((await refundCount()).count).toBe(before + 1);
    expect(await orderRow(order.id)).toMatchObject({ status: 'delivered', payment_status: 'refunded' });

    const { data: documents } = await admin().from('tax_documents').select('kind, number, refers_to, document').eq('order_id', order.id).order('id');
    const [invoice, credit] = documents as { kind: string; number: string; refers_to: string | null; document: { rows: unknown[]; totals: { totalPaise: number }; reason?: string } }[];
    expect(documents).toHaveLength(2);
    expect(invoice!.number).toBe(shipped.body.invoiceNumber);
    expect(credit).toMatchObject({ kind: 'credit_note', number: returned.body.creditNoteNumber, refers_to: invoice!.number });
    // The same rows and taxes as the invoice: the whole sale is reversed.
    expect(credit!.document.rows).toEqual(invoice!.document.rows);
    expect(credit!.document.totals).toEqual(invoice!.document.totals);
    expect(credit!.document.totals.totalPaise).toBe(order.amount);
    expect(credit!.document.reason).toBe('Returned: Strip damaged in transit');
  });

  it('takes back a shipped order that never reached the customer (the rider brought it back): it ends returned, credited and refunded', async () => {
    const order = await paidOrder([102]);
    const step = (expectedStatus: string, body: Record<string, unknown>) => call(handleFulfilment, support, { orderId: order.id, expectedStatus, ...body });
    expect((await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'accepted' })).status).toBe(200);
    expect((await step('confirmed', { step: 'packed' })).status).toBe(200);
    expect((await step('packed', { step: 'shipped', courierName: 'Own rider', trackingNumber: 'RIDER-7' })).status).toBe(200);
    const returned = await step('shipped', { step: 'returned', reason: 'Nobody at the address for three days' });
    expect(returned).toEqual({ status: 200, body: { status: 'returned', creditNoteNumber: expect.stringMatching(/^CN\//) } });
    expect(await orderRow(order.id)).toMatchObject({ status: 'returned', payment_status: 'refunded' });
    expect((await step('returned', { step: 'returned', reason: 'Again' })).status).toBe(409);
  });
});

describe('dispatch records', () => {
  it('ships only with batches picked, then issues the GST invoice to the paisa and writes the H1 register', async () => {
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const imported = await admin().rpc('import_stock', {
      p_rows: [{ product_id: 106, batch_number: 'AZ-FN-1', expiry_date: nextYear, quantity: 50, mrp_paise: 11_830 }],
      p_minimum_shelf_life_days: 90,
    });
    expect(imported.error).toBeNull();
    const order = await paidOrder([106, 104]);
    expect((await call(h1Prescription, pharmacist, { orderId: order.id, lineIndex: 0, ...H1_DETAILS })).status).toBe(200);
    expect((await call(handleReview, pharmacist, { orderId: order.id, expectedStatus: 'prescription_review', lineIndex: 0, decision: 'accepted' })).status).toBe(200);
    expect((await call(handleFulfilment, support, { orderId: order.id, expectedStatus: 'confirmed', step: 'packed' })).status).toBe(200);
    const ship = { orderId: order.id, expectedStatus: 'packed', step: 'shipped', courierName: 'Blue Dart', trackingNumber: 'BD42' };

    expect(await call(handleFulfilment, support, ship)).toEqual({ status: 422, body: { error: 'Pick the batches of line 1 (Azithromycin 500mg Tablet) before the order ships.' } });
    const suggested = await call(batches, support, { orderId: order.id });
    const [line] = suggested.body.lines as { line_index: number; batches: { batch_id: number; batch_number: string; quantity: number }[] }[];
    expect(line!.batches).toEqual([expect.objectContaining({ batch_number: 'AZ-FN-1', quantity: 1 })]);
    expect((await call(batches, support, { orderId: order.id, picks: [{ lineIndex: 0, batchId: line!.batches[0]!.batch_id, quantity: 1 }] })).status).toBe(200);

    const shipped = await call(handleFulfilment, support, ship);
    expect(shipped.status).toBe(200);
    const { data: invoice } = await admin().from('tax_documents').select('number, document').eq('order_id', order.id).single();
    expect(invoice!.number).toBe(shipped.body.invoiceNumber);
    const document = invoice!.document as { supply: string; rows: { batchNumber: string; hsnCode: string }[]; totals: { totalPaise: number }; pharmacist: { name: string } };
    expect(document.supply).toBe('intra_state');
    expect(document.rows.map((row) => [row.batchNumber, row.hsnCode])).toEqual([['AZ-FN-1', '30042019'], ['Not recorded', '21069099']]);
    expect(document.totals.totalPaise).toBe(order.amount);
    expect(document.pharmacist.name).toBe('Asha Rao');
    const { data: register } = await admin().from('h1_register').select('patient_name, prescriber_registration, batch_number, quantity, invoice_number').eq('order_id', order.id);
    expect(register).toEqual([{ patient_name: 'Ravi Kumar', prescriber_registration: 'KMC-45821', batch_number: 'AZ-FN-1', quantity: 1, invoice_number: invoice!.number }]);
  });
});

describe('prescription files', () => {
  it('gives staff a short-lived link to one of the order’s files and logs who looked', async () => {
    const order = await paidOrder([102]);
    const result = await call(handlePrescriptionUrl, support, { orderId: order.id, path: order.path });
    expect(result.status).toBe(200);
    expect(result.body.expiresInSeconds).toBe(300);
    const file = await fetch(result.body.url as string);
    expect(await file.text()).toBe('%PDF-1.4 test');
    const { data: views } = await admin().from('prescription_views').select('viewer_id, viewer_role, file_path').eq('order_id', order.id);
    expect(views).toEqual([{ viewer_id: '44444444-4444-4444-8444-444444444444', viewer_role: 'support', file_path: order.path }]);

    expect((await call(handlePrescriptionUrl, support, { orderId: order.id, path: 'guest-00000000-0000-4000-8000-000000000000/x.pdf' })).status).toBe(404);
    expect((await call(handlePrescriptionUrl, customer, { orderId: order.id, path: order.path })).status).toBe(403);
  });
});

describe('back in stock', () => {
  it('mails each "notify me" request once, when the stock import brings its product back', async () => {
    const paracetamol = TEST_CATALOGUE.find((entry) => entry.id === 101)!;
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const importer = new SupabaseStockImporter(stack.env.SUPABASE_URL, stack.env.SUPABASE_SERVICE_ROLE_KEY);
    const importStock = async (quantity: number) => {
      const req = new Request(`${SITE_URL}/api/desk/stock-import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${pharmacist}` },
        body: JSON.stringify({ csv: `product,batch,expiry,quantity,mrp\n101,PCM-BIS-1,${nextYear},${quantity},${rupeesText(paracetamol.mrp_paise)}\n` }),
      });
      const response = await respond('/api/desk/stock-import', () =>
        handleStockImport(req, desk, importer, 90, () => sendBackInStockMails({ ...desk.orders, catalogue: desk.catalogue })),
      );
      expect(response.status).toBe(200);
      return (await response.json()) as { backInStockMails: number };
    };
    const email = `waiting.${Date.now()}@example.test`;
    const mailsTo = () => inbox.filter((sent) => sent.to.includes(email));

    await importStock(0);
    const asked = await stack.anonClient().from('stock_alerts').insert({ product_id: 101, email });
    expect(asked.error).toBeNull();
    expect(mailsTo()).toEqual([]);

    expect(await importStock(4)).toMatchObject({ backInStockMails: 1 });
    expect(mailsTo()).toEqual([expect.objectContaining({ subject: 'Paracetamol 500mg Strip is back in stock', text: expect.stringContaining(`${SITE_URL}/products/101`) })]);
    // Sold out and back again: the request was answered, so no second mail.
    await importStock(0);
    expect(await importStock(6)).toMatchObject({ backInStockMails: 0 });
    expect(await sendBackInStockMails({ ...desk.orders, catalogue: desk.catalogue })).toBe(0);
    expect(mailsTo()).toHaveLength(1);
  });
});
