import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  prescriptionRequestNumberPattern,
  prescriptionRequestStatuses,
  prescriptionRequestTransitions,
  type PrescriptionRequestStatus,
} from '../../src/domain/prescription-request-status';
import { anon, customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole, type Caller } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';

const demo = customer(demoCustomerId);
const second = customer(secondCustomerId);
const pharmacistId = '33333333-3333-4333-8333-333333333333';
const pharmacist: Caller = { role: 'authenticated', userId: pharmacistId, appMetadata: { role: 'pharmacist' } };
const support: Caller = { role: 'authenticated', userId: '44444444-4444-4444-8444-444444444444', appMetadata: { role: 'support' } };
const forger: Caller = { role: 'authenticated', userId: secondCustomerId, userMetadata: { role: 'pharmacist' } };
const guestSession = '3f0c2a7e-5b1d-4c8e-9a6f-0d2b4e6a8c10';

let db: PGlite;
let ordersCreated = 0;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

async function submit(userId: string | null = demoCustomerId, extra: Record<string, unknown> = {}): Promise<{ id: string; request_number: string }> {
  const columns = {
    user_id: userId,
    guest_session_id: userId ? null : guestSession,
    delivery_name: 'Asha Verma',
    delivery_mobile: '+919876543210',
    delivery_email: 'asha@example.test',
    delivery_line1: '12 MG Road',
    delivery_city: 'Bengaluru',
    delivery_state: 'Karnataka',
    delivery_pin_code: '560001',
    delivery_zone_id: 'bengaluru',
    ...extra,
  };
  const names = Object.keys(columns);
  const [row] = await runAs<{ id: string; request_number: string }>(
    db,
    serviceRole,
    `insert into public.prescription_requests (${names.join(', ')}) values (${names.map((_, index) => `$${index + 1}`).join(', ')}) returning id, request_number`,
    Object.values(columns),
  );
  return row!;
}

const setStatus = (id: string, status: string, extra = '') =>
  runAs<{ status: string }>(db, serviceRole, `update public.prescription_requests set status = $2${extra} where id = $1 returning status`, [id, status]);

const addLine = (id: string, position: number, line: { status?: string; reason?: string | null; prescribed?: number; quantity?: number } = {}) =>
  runAs(
    db,
    serviceRole,
    `insert into public.prescription_request_lines (request_id, position, product_id, name, line_status, reason, prescribed_quantity, quantity)
     values ($1, $2, 7, 'Metformin 500 mg', $3, $4, $5, $6)`,
    [id, position, line.status ?? 'proposed', line.reason ?? null, line.prescribed ?? 2, line.quantity ?? (line.status && line.status !== 'proposed' ? 0 : 2)],
  );

async function placeOrder(userId: string | null, prescriptionPaths: string[], provider = 'razorpay'): Promise<{ id: string; provider_order_id: string }> {
  ordersCreated += 1;
  const providerOrderId = `order_rx_request_${ordersCreated}`;
  const [row] = await runAs<{ id: string; provider_order_id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, guest_session_id, provider, provider_order_id, amount_paise, lines, prescription_paths)
     values ($1, $2, $3, $4, 9100, '[{"product_id":7,"name":"Metformin 500 mg","unit_mrp_paise": 4550, "unit_price_paise": 4550,"quantity":2}]', $5) returning id, provider_order_id`,
    [userId, userId ? null : guestSession, provider, providerOrderId, prescriptionPaths],
  );
  return row!;
}

/** A request the pharmacist has proposed one buyable line on. */
async function proposedRequest(userId: string | null = demoCustomerId): Promise<string> {
  const { id } = await submit(userId);
  await setStatus(id, 'in_review');
  await addLine(id, 0);
  await setStatus(id, 'proposed', `, pharmacist_id = '${pharmacistId}', pharmacist_name = 'Asha Rao', registration_number = 'KA-PH-004512'`);
  return id;
}

/** The steps from submitted to `target` along the TypeScript table (breadth first). */
function pathTo(target: PrescriptionRequestStatus): PrescriptionRequestStatus[] {
  const routes = new Map<PrescriptionRequestStatus, PrescriptionRequestStatus[]>([['submitted', []]]);
  const queue: PrescriptionRequestStatus[] = ['submitted'];
  while (queue.length > 0) {
    const current = queue.shift()!;
    for (const next of prescriptionRequestTransitions[current]) {
      if (!routes.has(next)) {
        routes.set(next, [...routes.get(current)!, next]);
        queue.push(next);
      }
    }
  }
  return routes.get(target)!;
}

/** A request walked to `status`, supplying what each step needs (a line, a pharmacist, an order, a reason). */
async function requestIn(status: PrescriptionRequestStatus): Promise<string> {
  const { id } = await submit();
  for (const step of pathTo(status)) {
    await moveTo(id, step);
  }
  return id;
}

async function moveTo(id: string, status: PrescriptionRequestStatus): Promise<unknown> {
  if (status === 'proposed') {
    const [{ count }] = await runAs<{ count: number }>(db, serviceRole, `select count(*)::int as count from public.prescription_request_lines where request_id = $1`, [id]);
    if (count === 0) await addLine(id, 0);
    return setStatus(id, 'proposed', `, pharmacist_id = '${pharmacistId}', pharmacist_name = 'Asha Rao', registration_number = 'KA-PH-004512'`);
  }
  if (status === 'approved') {
    const order = await placeOrder(demoCustomerId, [`${demoCustomerId}/rx.png`]);
    return setStatus(id, 'approved', `, order_id = '${order.id}'`);
  }
  if (status === 'rejected') return setStatus(id, 'rejected', `, rejection_reason = 'The prescription is older than 6 months.'`);
  return setStatus(id, status);
}

describe('request numbers and the first status', () => {
  it('numbers each new request RX-YYMM-nnnnnn, ignoring a number the caller sends', async () => {
    const first = await submit();
    const second = await submit(demoCustomerId, { request_number: 'RX-0000-999999' });
    expect(first.request_number).toMatch(prescriptionRequestNumberPattern);
    expect(second.request_number).toMatch(prescriptionRequestNumberPattern);
    expect(second.request_number).not.toBe('RX-0000-999999');
    expect(await failureCode(runAs(db, serviceRole, `update public.prescription_requests set request_number = 'RX-2611-000001' where id = $1`, [second.id]))).toBe(CHECK_VIOLATION);
  });

  it('starts every request submitted', async () => {
    expect(await failureCode(submit(demoCustomerId, { status: 'proposed' }))).toBe(CHECK_VIOLATION);
  });

  it('refuses a request with neither an account nor a guest session', async () => {
    expect(await failureCode(submit(null, { guest_session_id: null }))).toBe(CHECK_VIOLATION);
  });
});

describe('request statuses', () => {
  for (const from of prescriptionRequestStatuses) {
    for (const to of prescriptionRequestStatuses) {
      if (from === to) continue;
      const allowed = prescriptionRequestTransitions[from].includes(to);
      it(`${allowed ? 'allows' : 'refuses'} ${from} -> ${to}`, async () => {
        const id = await requestIn(from);
        if (allowed) {
          const [moved] = (await moveTo(id, to)) as { status: string }[];
          expect(moved?.status).toBe(to);
        } else {
          expect(await failureCode(moveTo(id, to))).toBe(CHECK_VIOLATION);
        }
      });
    }
  }

  it('refuses a proposal with no line the customer can buy', async () => {
    const { id } = await submit();
    await setStatus(id, 'in_review');
    await addLine(id, 0, { status: 'unavailable', reason: 'Out of stock at every partner pharmacy' });
    expect(await failureCode(setStatus(id, 'proposed', `, pharmacist_id = '${pharmacistId}'`))).toBe(CHECK_VIOLATION);
  });

  it('gives a proposal 7 days from the first proposal, kept when the customer reopens it', async () => {
    const id = await requestIn('approved');
    const [first] = await runAs<{ expires_at: Date; proposed_at: Date }>(db, serviceRole, `select expires_at, proposed_at from public.prescription_requests where id = $1`, [id]);
    expect(first!.expires_at.getTime() - first!.proposed_at.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    await setStatus(id, 'proposed');
    const [again] = await runAs<{ expires_at: Date }>(db, serviceRole, `select expires_at from public.prescription_requests where id = $1`, [id]);
    expect(again!.expires_at).toEqual(first!.expires_at);
  });

  it('needs a reason to reject', async () => {
    const { id } = await submit();
    expect(await failureCode(setStatus(id, 'rejected'))).toBe(CHECK_VIOLATION);
  });
});

describe('who reads and writes requests', () => {
  let demoRequest: string;
  let guestRequest: string;

  beforeAll(async () => {
    demoRequest = await proposedRequest(demoCustomerId);
    guestRequest = await proposedRequest(null);
    await runAs(
      db,
      serviceRole,
      `insert into public.prescription_request_files (request_id, file_path, file_name, file_type, size_bytes)
       select id, $2 || '/' || id || '.png', 'rx.png', 'image/png', 1000 from public.prescription_requests where id = $1`,
      [(await submit()).id, demoCustomerId],
    );
  });

  it('a customer reads their own requests, lines and files, never another customer\'s or a guest\'s', async () => {
    const own = await runAs<{ id: string }>(db, demo, `select id from public.prescription_requests where id in ($1, $2)`, [demoRequest, guestRequest]);
    expect(own.map((row) => row.id)).toEqual([demoRequest]);
    expect(await runAs(db, demo, `select 1 from public.prescription_request_lines where request_id = $1`, [demoRequest])).toHaveLength(1);
    expect(await runAs(db, demo, `select 1 from public.prescription_request_files`)).toHaveLength(1);
    expect(await runAs(db, second, `select 1 from public.prescription_requests`)).toHaveLength(0);
    expect(await runAs(db, second, `select 1 from public.prescription_request_lines`)).toHaveLength(0);
    expect(await runAs(db, second, `select 1 from public.prescription_request_files`)).toHaveLength(0);
  });

  it('a guest reads nothing directly (their link goes through the server)', async () => {
    for (const table of ['prescription_requests', 'prescription_request_lines', 'prescription_request_files', 'refill_reminders', 'message_outbox']) {
      expect(await failureCode(runAs(db, anon, `select 1 from public.${table}`))).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });

  for (const [name, staff] of [['a pharmacist', pharmacist], ['support', support]] as const) {
    it(`${name} reads every request and its lines and files`, async () => {
      expect(await runAs(db, staff, `select 1 from public.prescription_requests where id in ($1, $2)`, [demoRequest, guestRequest])).toHaveLength(2);
      expect(await runAs(db, staff, `select 1 from public.prescription_request_lines where request_id = $1`, [guestRequest])).toHaveLength(1);
      expect(await runAs(db, staff, `select 1 from public.prescription_request_files`)).toHaveLength(1);
    });
  }

  it('a role written into user_metadata grants nothing', async () => {
    expect(await runAs(db, forger, `select 1 from public.prescription_requests`)).toHaveLength(0);
  });

  it('nobody but the server writes requests, lines or files', async () => {
    for (const caller of [demo, pharmacist]) {
      expect(await failureCode(runAs(db, caller, `update public.prescription_requests set status = 'approved' where id = $1`, [demoRequest]))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `update public.prescription_request_lines set quantity = 1 where request_id = $1`, [demoRequest]))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(
        await failureCode(
          runAs(db, caller, `insert into public.prescription_requests (user_id, delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_city, delivery_state, delivery_pin_code, delivery_zone_id)
            values ($1, 'A', '+919876543210', 'a@example.test', 'x', 'y', 'z', '560001', 'bengaluru')`, [demoCustomerId]),
        ),
      ).toBe(INSUFFICIENT_PRIVILEGE);
    }
    expect(await failureCode(runAs(db, anon, `insert into public.prescription_request_files (request_id, file_path, file_name, file_type, size_bytes) values ($1, 'a/b', 'b', 'image/png', 1)`, [demoRequest]))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('files and lines', () => {
  const addFile = (id: string, name: string, type: string, size: number) =>
    runAs(db, serviceRole, `insert into public.prescription_request_files (request_id, file_path, file_name, file_type, size_bytes) values ($1, $2, $3, $4, $5)`, [
      id,
      `guest-${guestSession}/${crypto.randomUUID()}.${name.split('.').pop()}`,
      name,
      type,
      size,
    ]);

  it('takes images and PDFs of at most 5 MB, nothing else', async () => {
    const { id } = await submit(null);
    await addFile(id, 'rx.jpg', 'image/jpeg', 5 * 1024 * 1024);
    await addFile(id, 'rx.pdf', 'application/pdf', 1200);
    expect(await failureCode(addFile(id, 'big.jpg', 'image/jpeg', 6 * 1024 * 1024))).toBe(CHECK_VIOLATION);
    expect(await failureCode(addFile(id, 'notes.txt', 'text/plain', 100))).toBe(CHECK_VIOLATION);
  });

  it('adds files only while the request is submitted', async () => {
    const { id } = await submit(null);
    await setStatus(id, 'in_review');
    expect(await failureCode(addFile(id, 'late.png', 'image/png', 100))).toBe(CHECK_VIOLATION);
  });

  it('never sells more than prescribed, and an unfilled line says why and has no quantity', async () => {
    const { id } = await submit();
    await setStatus(id, 'in_review');
    expect(await failureCode(addLine(id, 0, { prescribed: 2, quantity: 3 }))).toBe(CHECK_VIOLATION);
    expect(await failureCode(addLine(id, 1, { status: 'unavailable', reason: null }))).toBe(CHECK_VIOLATION);
    expect(await failureCode(addLine(id, 2, { status: 'not_prescribed', reason: 'Not on the prescription', quantity: 1 }))).toBe(CHECK_VIOLATION);
  });

  it('after the proposal only the customer\'s quantity moves, up to what was prescribed', async () => {
    const id = await proposedRequest();
    const [lowered] = await runAs<{ quantity: number }>(db, serviceRole, `update public.prescription_request_lines set quantity = 1 where request_id = $1 returning quantity`, [id]);
    expect(lowered?.quantity).toBe(1);
    await runAs(db, serviceRole, `update public.prescription_request_lines set quantity = 0 where request_id = $1`, [id]);
    expect(await failureCode(runAs(db, serviceRole, `update public.prescription_request_lines set quantity = 3 where request_id = $1`, [id]))).toBe(CHECK_VIOLATION);
    expect(await failureCode(runAs(db, serviceRole, `update public.prescription_request_lines set prescribed_quantity = 5 where request_id = $1`, [id]))).toBe(CHECK_VIOLATION);
    expect(await failureCode(addLine(id, 1))).toBe(CHECK_VIOLATION);
  });

  it('freezes the lines once the customer has approved or paid', async () => {
    const id = await requestIn('approved');
    expect(await failureCode(runAs(db, serviceRole, `update public.prescription_request_lines set quantity = 1 where request_id = $1`, [id]))).toBe(CHECK_VIOLATION);
  });
});

describe('the order a request becomes', () => {
  it('goes straight to confirmed when paid, no second review, and the request is paid', async () => {
    const id = await proposedRequest(null);
    const order = await placeOrder(null, [`guest-${guestSession}/rx.png`]);
    await setStatus(id, 'approved', `, order_id = '${order.id}'`);
    const [paid] = await runAs<{ status: string }>(db, serviceRole, `select status from public.mark_order_paid($1, 'pay_rx_1')`, [order.provider_order_id]);
    expect(paid?.status).toBe('confirmed');
    const [request] = await runAs<{ status: string }>(db, serviceRole, `select status from public.prescription_requests where id = $1`, [id]);
    expect(request?.status).toBe('paid');
    const history = await runAs<{ to_status: string }>(db, serviceRole, `select to_status from public.order_events where order_id = $1 and kind = 'status' order by id`, [order.id]);
    expect(history.map((row) => row.to_status)).toEqual(['placed', 'confirmed']);
  });

  it('leaves an ordinary prescription order waiting for the pharmacist', async () => {
    const order = await placeOrder(demoCustomerId, [`${demoCustomerId}/rx.png`]);
    const [paid] = await runAs<{ status: string }>(db, serviceRole, `select status from public.mark_order_paid($1, 'pay_rx_2')`, [order.provider_order_id]);
    expect(paid?.status).toBe('prescription_review');
  });

  it('a cash on delivery order of an approved request is confirmed and the request paid', async () => {
    const id = await proposedRequest();
    const order = await placeOrder(demoCustomerId, [`${demoCustomerId}/rx.png`], 'cod');
    await setStatus(id, 'approved', `, order_id = '${order.id}'`);
    const [accepted] = await runAs<{ status: string }>(db, serviceRole, `select status from public.accept_order($1, 'customer', 'cash on delivery')`, [order.id]);
    expect(accepted?.status).toBe('confirmed');
    const [request] = await runAs<{ status: string }>(db, serviceRole, `select status from public.prescription_requests where id = $1`, [id]);
    expect(request?.status).toBe('paid');
  });
});

describe('expiry and messages', () => {
  const messages = (id: string) =>
    runAs<{ channel: string; kind: string }>(db, serviceRole, `select channel, kind from public.message_outbox where request_id = $1 order by created_at, channel`, [id]);

  it('queues a mail and an SMS on receipt, on the proposal and on a rejection', async () => {
    const id = await proposedRequest();
    expect(await messages(id)).toEqual([
      { channel: 'mail', kind: 'request_received' },
      { channel: 'sms', kind: 'request_received' },
      { channel: 'mail', kind: 'request_proposed' },
      { channel: 'sms', kind: 'request_proposed' },
    ]);
    const { id: rejected } = await submit();
    await setStatus(rejected, 'rejected', `, rejection_reason = 'The prescription is not readable.'`);
    expect((await messages(rejected)).map((row) => `${row.channel} ${row.kind}`)).toEqual(['mail request_received', 'sms request_received', 'mail request_rejected', 'sms request_rejected']);
  });

  it('a proposal lapsing within a day is reminded once, by mail and SMS; one with more time left is not', async () => {
    const id = await proposedRequest();
    const [{ expires_at }] = await runAs<{ expires_at: Date }>(db, serviceRole, `select expires_at from public.prescription_requests where id = $1`, [id]);
    const queue = (at: Date) => runAs(db, serviceRole, `select public.queue_expiring_requests($1)`, [at]);
    await queue(new Date(expires_at.getTime() - 25 * 3600_000));
    expect((await messages(id)).filter((row) => row.kind === 'request_expiring')).toEqual([]);
    await queue(new Date(expires_at.getTime() - 20 * 3600_000));
    await queue(new Date(expires_at.getTime() - 10 * 3600_000));
    expect((await messages(id)).filter((row) => row.kind === 'request_expiring')).toEqual([
      { channel: 'mail', kind: 'request_expiring' },
      { channel: 'sms', kind: 'request_expiring' },
    ]);
  });

  it('expires a proposal not approved within 7 days, with a mail, and not a day earlier', async () => {
    const id = await proposedRequest();
    const [{ expires_at }] = await runAs<{ expires_at: Date }>(db, serviceRole, `select expires_at from public.prescription_requests where id = $1`, [id]);
    const early = await runAs<{ id: string }>(db, serviceRole, `select id from public.expire_prescription_requests($1)`, [new Date(expires_at.getTime() - 60_000)]);
    expect(early.map((row) => row.id)).not.toContain(id);
    const due = await runAs<{ id: string }>(db, serviceRole, `select id from public.expire_prescription_requests($1)`, [expires_at]);
    expect(due.map((row) => row.id)).toContain(id);
    expect((await messages(id)).map((row) => row.kind)).toContain('request_expired');
  });

  it('never expires a paid request', async () => {
    const id = await requestIn('paid');
    const expired = await runAs<{ id: string }>(db, serviceRole, `select id from public.expire_prescription_requests(now() + interval '30 days')`);
    expect(expired.map((row) => row.id)).not.toContain(id);
  });

  it('logs a view of a request\'s prescription like a view of an order\'s', async () => {
    const { id } = await submit();
    await runAs(db, serviceRole, `insert into public.prescription_views (viewer_id, viewer_role, request_id, file_path) values ($1, 'pharmacist', $2, 'x/y.png')`, [pharmacistId, id]);
    expect(
      await failureCode(runAs(db, serviceRole, `insert into public.prescription_views (viewer_id, viewer_role, file_path) values ($1, 'pharmacist', 'x/y.png')`, [pharmacistId])),
    ).toBe(CHECK_VIOLATION);
  });
});

describe('refill reminders', () => {
  let orderId: string;

  const remind = async (userId: string | null, productId: number, extra = '') => {
    const [row] = await runAs<{ id: string; runs_out_on: string; remind_on: string }>(
      db,
      serviceRole,
      `insert into public.refill_reminders (order_id, user_id, product_id, name, email, mobile, units_per_pack, packs, doses_per_day, supply_starts_on)
       values ($1, $2, $3, 'Metformin 500 mg', 'asha@example.test', '+919876543210', 15, 2, 2, '2026-12-01'${extra})
       returning id, runs_out_on::text, remind_on::text`,
      [orderId, userId, productId],
    );
    return row!;
  };
  const queue = (day: string) => runAs<{ queued: number }>(db, serviceRole, `select public.queue_refill_reminders($1) as queued`, [day]);

  beforeAll(async () => {
    orderId = (await placeOrder(demoCustomerId, [])).id;
  });

  it('works out the run-out day from the pack, the packs and the daily dose, and reminds 5 days before', async () => {
    const reminder = await remind(demoCustomerId, 101);
    // 15 tablets x 2 strips at 2 a day: 15 days from 1 December.
    expect(reminder.runs_out_on).toBe('2026-12-16');
    expect(reminder.remind_on).toBe('2026-12-11');
  });

  it('queues a mail and an SMS on the reminder day, once, and nothing the day before', async () => {
    const reminder = await remind(demoCustomerId, 102);
    const sent = () => runAs<{ channel: string }>(db, serviceRole, `select channel from public.message_outbox where reminder_id = $1 order by channel`, [reminder.id]);
    await queue('2026-12-10');
    expect(await sent()).toEqual([]);
    await queue('2026-12-11');
    await queue('2026-12-12');
    expect(await sent()).toEqual([{ channel: 'mail' }, { channel: 'sms' }]);
  });

  it('sends nothing for a stopped reminder', async () => {
    const reminder = await remind(demoCustomerId, 103);
    await runAs(db, demo, `update public.refill_reminders set stopped_at = now() where id = $1`, [reminder.id]);
    await queue('2026-12-11');
    expect(await runAs(db, serviceRole, `select 1 from public.message_outbox where reminder_id = $1`, [reminder.id])).toHaveLength(0);
  });

  it('a customer reads and stops only their own reminders and cannot change the supply', async () => {
    const reminder = await remind(demoCustomerId, 104);
    expect(await runAs(db, demo, `select 1 from public.refill_reminders where id = $1`, [reminder.id])).toHaveLength(1);
    expect(await runAs(db, second, `select 1 from public.refill_reminders where id = $1`, [reminder.id])).toHaveLength(0);
    expect(await runAs(db, second, `update public.refill_reminders set stopped_at = now() where id = $1 returning id`, [reminder.id])).toHaveLength(0);
    expect(await failureCode(runAs(db, demo, `update public.refill_reminders set units_per_pack = 500 where id = $1`, [reminder.id]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, demo, `delete from public.refill_reminders where id = $1`, [reminder.id]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await runAs(db, pharmacist, `select 1 from public.refill_reminders where id = $1`, [reminder.id])).toHaveLength(1);
  });

  it('takes a dose of 1, 2 or 3 a day only', async () => {
    expect(await failureCode(remind(demoCustomerId, 105, '').then(() => runAs(db, serviceRole, `update public.refill_reminders set doses_per_day = 4 where product_id = 105`)))).toBe(CHECK_VIOLATION);
  });
});
