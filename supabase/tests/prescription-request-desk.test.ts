import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomerId, failureCode, runAs, seededDatabase, serviceRole, type Caller } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';
const SERIALIZATION_FAILURE = '40001';

const pharmacistId = '33333333-3333-4333-8333-333333333333';
const pharmacist: Caller = { role: 'authenticated', userId: pharmacistId, appMetadata: { role: 'pharmacist' } };

let db: PGlite;
let ordersCreated = 0;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

async function submit(): Promise<string> {
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.prescription_requests (user_id, delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_city, delivery_state, delivery_pin_code, delivery_zone_id)
     values ($1, 'Asha Verma', '+919876543210', 'asha@example.test', '12 MG Road', 'Bengaluru', 'Karnataka', '560001', 'bengaluru') returning id`,
    [demoCustomerId],
  );
  return row!.id;
}

const threeLines = [
  { product_id: 7, name: 'Metformin 500 mg', line_status: 'proposed', reason: null, quantity: 2 },
  { product_id: 8, name: 'Amlodipine 5 mg', line_status: 'proposed', reason: null, quantity: 3 },
  { product_id: null, name: 'Glimepiride 1 mg', line_status: 'unavailable', reason: 'Out of stock with our supplier', quantity: 1 },
];

const propose = (id: string, lines: unknown[] = threeLines, caller: Caller = serviceRole) =>
  runAs<{ status: string }>(db, caller, `select public.propose_prescription_request($1, $2::jsonb, $3, 'Ravi Kumar', 'KA-PH-1234') as status`, [id, JSON.stringify(lines), pharmacistId]);

const linesOf = (id: string) =>
  runAs<{ id: number; name: string; line_status: string; prescribed_quantity: number; quantity: number }>(
    db,
    serviceRole,
    `select id, name, line_status, prescribed_quantity, quantity from public.prescription_request_lines where request_id = $1 order by position`,
    [id],
  );

const statusOf = async (id: string) => (await runAs<{ status: string }>(db, serviceRole, `select status from public.prescription_requests where id = $1`, [id]))[0]!.status;

async function placeOrder(): Promise<string> {
  ordersCreated += 1;
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, prescription_paths)
     values ($1, 'razorpay', $2, 9100, '[{"product_id":7,"name":"Metformin 500 mg","unit_mrp_paise": 4550, "unit_price_paise": 4550,"quantity":2}]', $3) returning id`,
    [demoCustomerId, `order_rx_desk_${ordersCreated}`, [`${demoCustomerId}/rx.png`]],
  );
  return row!.id;
}

const approve = (id: string, quantities: Record<number, number>, orderId: string) =>
  runAs(db, serviceRole, `select public.approve_prescription_request($1, $2::jsonb, $3)`, [id, JSON.stringify(quantities), orderId]);

describe('the pharmacist\'s proposal', () => {
  it('records the lines, the unavailable one with its reason and no quantity, and queues a mail and an SMS', async () => {
    const id = await submit();
    expect((await propose(id))[0]?.status).toBe('proposed');
    expect(await statusOf(id)).toBe('proposed');
    const lines = await linesOf(id);
    expect(lines.map(({ name, line_status, prescribed_quantity, quantity }) => [name, line_status, prescribed_quantity, quantity])).toEqual([
      ['Metformin 500 mg', 'proposed', 2, 2],
      ['Amlodipine 5 mg', 'proposed', 3, 3],
      ['Glimepiride 1 mg', 'unavailable', 1, 0],
    ]);
    const messages = await runAs<{ channel: string; kind: string }>(db, serviceRole, `select channel, kind from public.message_outbox where request_id = $1 and kind = 'request_proposed' order by channel`, [id]);
    expect(messages).toEqual([{ channel: 'mail', kind: 'request_proposed' }, { channel: 'sms', kind: 'request_proposed' }]);
  });

  it('is made once: a second proposal on a proposed request is refused and changes nothing', async () => {
    const id = await submit();
    await propose(id);
    expect(await failureCode(propose(id, [threeLines[0]]))).toBe(SERIALIZATION_FAILURE);
    expect(await linesOf(id)).toHaveLength(3);
  });

  it('refuses a proposal with nothing the customer can buy, and leaves the request waiting', async () => {
    const id = await submit();
    expect(await failureCode(propose(id, [threeLines[2]]))).toBe(CHECK_VIOLATION);
    expect(await statusOf(id)).toBe('submitted');
    expect(await linesOf(id)).toHaveLength(0);
  });

  it('refuses an unavailable line without a reason', async () => {
    const id = await submit();
    expect(await failureCode(propose(id, [threeLines[0], { ...threeLines[2], reason: null }]))).toBe(CHECK_VIOLATION);
  });

  it('rejects a whole request only with a reason, and not once it is proposed', async () => {
    const id = await submit();
    expect(await failureCode(runAs(db, serviceRole, `select public.reject_prescription_request($1, null, $2, 'Ravi Kumar')`, [id, pharmacistId]))).toBe(CHECK_VIOLATION);
    await runAs(db, serviceRole, `select public.reject_prescription_request($1, 'The prescription is older than 6 months.', $2, 'Ravi Kumar')`, [id, pharmacistId]);
    expect(await statusOf(id)).toBe('rejected');
    const proposed = await submit();
    await propose(proposed);
    expect(await failureCode(runAs(db, serviceRole, `select public.reject_prescription_request($1, 'Too late', $2, 'Ravi Kumar')`, [proposed, pharmacistId]))).toBe(SERIALIZATION_FAILURE);
  });

  it('is the server\'s to make: a pharmacist\'s own session cannot call it', async () => {
    const id = await submit();
    expect(await failureCode(propose(id, threeLines, pharmacist))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, pharmacist, `select public.approve_prescription_request($1, '{}'::jsonb, null)`, [id]))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('the customer\'s approval', () => {
  it('keeps lowered quantities, removes the lines left out, and ties the order to the request', async () => {
    const id = await submit();
    await propose(id);
    const [first, second] = await linesOf(id);
    const orderId = await placeOrder();
    await approve(id, { [first!.id]: 1 }, orderId);
    expect((await linesOf(id)).map((line) => line.quantity)).toEqual([1, 0, 0]);
    const [request] = await runAs<{ status: string; order_id: string }>(db, serviceRole, `select status, order_id from public.prescription_requests where id = $1`, [id]);
    expect(request).toEqual({ status: 'approved', order_id: orderId });
    expect(second!.quantity).toBe(3);
  });

  it('refuses more than the pharmacist proposed, and an approval with every line removed', async () => {
    const id = await submit();
    await propose(id);
    const [first] = await linesOf(id);
    expect(await failureCode(approve(id, { [first!.id]: 3 }, await placeOrder()))).toBe(CHECK_VIOLATION);
    expect(await failureCode(approve(id, {}, await placeOrder()))).toBe(CHECK_VIOLATION);
    expect(await statusOf(id)).toBe('proposed');
  });

  it('may approve again with a new order while unpaid, never once paid', async () => {
    const id = await submit();
    await propose(id);
    const [first] = await linesOf(id);
    await approve(id, { [first!.id]: 2 }, await placeOrder());
    const again = await placeOrder();
    await approve(id, { [first!.id]: 1 }, again);
    const [paid] = await runAs<{ status: string }>(db, serviceRole, `select status from public.mark_order_paid($1, 'pay_rx_desk')`, [`order_rx_desk_${ordersCreated}`]);
    expect(paid?.status).toBe('confirmed');
    expect(await statusOf(id)).toBe('paid');
    expect(await failureCode(approve(id, { [first!.id]: 1 }, await placeOrder()))).toBe(SERIALIZATION_FAILURE);
  });
});
