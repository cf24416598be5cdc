import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailEmulator, type SentEmail } from '../../emulators/mail/index.ts';
import { guestOrderToken } from '../../src/domain/guest-order-link';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { orderStrings } from '../../src/domain/order-strings';
import hindi from '../../src/domain/strings/languages/hi';
import { buildServerDependencies, type ServerDependencies } from '../../src/features/orders/server/server-dependencies';
import { afterOrderPlaced } from '../../src/features/orders/server/cancel-order';
import { orderRecord } from '../../src/features/orders/server/order-access';
import { cancelOrderHandler, getOrderHandler, type OrderHandler } from '../../src/features/orders/server/order-functions';
import { ABANDONED_REASON, reconcile, SCHEDULED_RUN, scheduledRunBudget } from '../../src/features/orders/server/reconcile';
import { requestRefund } from '../../src/features/orders/server/refunds';
import { BENGALURU_DELIVERY, SITE_URL, startTestStack, type TestStack } from './test-stack';

const GUEST_EMAIL = 'guest.buyer@example.test';
const SECRET = 'orders-function-tests-guest-link-secret-0123456789';
let stack: TestStack;
let mail: Awaited<ReturnType<typeof startMailEmulator>>;
const inbox: SentEmail[] = [];
let clock = new Date();
let deps: ServerDependencies;

beforeAll(async () => {
  stack = await startTestStack();
  mail = await startMailEmulator({ apiKey: 'mail-test-key', deliver: (sent) => void inbox.push(sent) });
  deps = buildServerDependencies(
    { ...stack.env, ORDER_LINK_SECRET: SECRET, MAIL_API_BASE: mail.url, MAIL_API_KEY: 'mail-test-key', MAIL_FROM: 'MediKart <orders@medikart.test>' },
    fetch,
    () => clock,
  );
});
afterAll(async () => {
  await Promise.allSettled([stack?.close(), mail?.close()]);
});

const cart = { amount: 14200, lines: [{ productId: 104, quantity: 1 }], prescriptionPaths: [], delivery: { ...BENGALURU_DELIVERY, email: GUEST_EMAIL } };
const admin = () => createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });
const refundCount = async (url: string) => ((await (await fetch(`${url}/__emulator/refunds`)).json()) as { count: number }).count;

async function call(handler: OrderHandler, init: { method?: string; query?: string; body?: unknown; headers?: Record<string, string> }) {
  const req = new Request(`${SITE_URL}/api/orders/test${init.query ?? ''}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const response = await handler(req, () => deps);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: string } };
}

/** A guest's Razorpay order, paid in the emulator and verified; with the webhooks it caused. */
async function paidGuestOrder() {
  const hooksBefore = stack.razorpayHooks.received.length;
  const created = await stack.call(paymentHandler('razorpay', 'create'), { ...cart, cartSessionId: randomUUID() });
  const providerOrderId = (created.body.order as { id: string }).id;
  const paid = await stack.payInRazorpay(providerOrderId);
  expect((await stack.call(paymentHandler('razorpay', 'verify'), paid)).status).toBe(200);
  const webhooks = (await stack.razorpayHooks.waitFor(hooksBefore + 1)).slice(hooksBefore);
  const [row] = await stack.ordersWhere('provider_order_id', providerOrderId);
  return { id: row.id as string, number: row.order_number as string, providerOrderId, webhooks };
}

const move = async (orderId: string, status: string) => {
  const { error } = await admin().rpc('set_order_status', { p_order_id: orderId, p_status: status, p_actor_role: 'staff', p_actor_id: null, p_note: null });
  if (error) throw new Error(error.message);
};

describe('GET /api/orders/get: the guest link', () => {
  it('shows the order to the holder of its key and refuses a forged key or another order’s key', async () => {
    const order = await paidGuestOrder();
    const other = await paidGuestOrder();
    const key = await guestOrderToken(order.id, SECRET);
    const shown = await call(getOrderHandler, { method: 'GET', query: `?number=${order.number}&key=${key}` });
    expect(shown.status).toBe(200);
    expect(shown.body.order).toMatchObject({ order_number: order.number, amount_paise: 14200, payment_status: 'paid' });

    const forged = key.slice(0, -2) + (key.endsWith('AA') ? 'BB' : 'AA');
    for (const wrong of [forged, await guestOrderToken(other.id, SECRET), await guestOrderToken(order.id, `${SECRET}-rotated`), '']) {
      const refused = await call(getOrderHandler, { body: { orderNumber: order.number, key: wrong } });
      expect(refused).toEqual({ status: 403, body: { error: orderStrings.cannotShow } });
    }
    expect(await call(getOrderHandler, { body: { orderNumber: 'MK-0000-999999', key } })).toEqual({ status: 404, body: { error: orderStrings.notFound } });
    expect(await call(getOrderHandler, { body: { orderNumber: '../etc', key } })).toEqual({ status: 404, body: { error: orderStrings.notFound } });
  });
});

describe('POST /api/orders/cancel', () => {
  it('refuses to cancel a shipped order with the sentence the page shows, and refunds nothing', async () => {
    const order = await paidGuestOrder();
    for (const status of ['confirmed', 'packed', 'shipped']) await move(order.id, status);
    const before = await refundCount(stack.razorpay.url);
    const key = await guestOrderToken(order.id, SECRET);
    const refused = await call(cancelOrderHandler, { body: { orderNumber: order.number, key, reason: 'Ordered by mistake' } });
    expect(refused).toEqual({ status: 409, body: { error: orderStrings.shippedCannotCancel } });
    // From the Hindi order page, the same refusal in Hindi.
    const refusedInHindi = await call(cancelOrderHandler, { body: { orderNumber: order.number, key, reason: 'Ordered by mistake', language: 'hi' } });
    expect(refusedInHindi).toEqual({ status: 409, body: { error: hindi.text.order.shippedCannotCancel } });
    expect(await refundCount(stack.razorpay.url)).toBe(before);
    expect((await stack.ordersWhere('id', order.id))[0]).toMatchObject({ status: 'shipped', payment_status: 'paid' });
  });

  it('refunds once when the cancel button, a retry and the provider webhooks all arrive at once', async () => {
    const order = await paidGuestOrder();
    const before = await refundCount(stack.razorpay.url);
    const key = await guestOrderToken(order.id, SECRET);
    const cancel = () => call(cancelOrderHandler, { body: { orderNumber: order.number, key, reason: 'other', otherReason: 'Bought it nearby' } });
    const webhook = (index: number) =>
      stack.call(paymentHandler('razorpay', 'webhook'), null, {
        rawBody: order.webhooks[index]!.body,
        headers: { 'x-razorpay-signature': order.webhooks[index]!.headers['x-razorpay-signature']!, 'x-razorpay-event-id': order.webhooks[index]!.headers['x-razorpay-event-id']! },
      });
    const answers = await Promise.all([cancel(), cancel(), webhook(0), cancel()]);
    for (const answer of [answers[0], answers[1], answers[3]]) expect(answer!.status).toBe(200);

    expect(await refundCount(stack.razorpay.url)).toBe(before + 1);
    const [row] = await stack.ordersWhere('id', order.id);
    expect(row).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    const { data: refunds } = await admin().from('refunds').select('amount_paise, idempotency_key, state').eq('order_id', order.id);
    expect(refunds).toEqual([{ amount_paise: 14200, idempotency_key: `cancel-${order.id}`, state: 'processed' }]);
    const { data: events } = await admin().from('order_events').select('kind, to_status, actor_role, note').eq('order_id', order.id).eq('kind', 'status').eq('to_status', 'cancelled');
    expect(events).toEqual([{ kind: 'status', to_status: 'cancelled', actor_role: 'customer', note: 'Other: Bought it nearby' }]);

    // Later the refund webhook arrives as well: still one refund.
    const refundHooks = stack.razorpayHooks.received.filter((hook) => hook.body.includes('refund.processed') && hook.body.includes(order.providerOrderId));
    for (const hook of refundHooks) {
      await stack.call(paymentHandler('razorpay', 'webhook'), null, { rawBody: hook.body, headers: { 'x-razorpay-signature': hook.headers['x-razorpay-signature']!, 'x-razorpay-event-id': hook.headers['x-razorpay-event-id']! } });
    }
    expect(await refundCount(stack.razorpay.url)).toBe(before + 1);
    const subjects = inbox.map((sent) => sent.subject);
    expect(subjects.filter((subject) => subject === `Your MediKart order ${order.number} is cancelled`)).toHaveLength(1);
    expect(subjects.filter((subject) => subject === `Your refund for MediKart order ${order.number}`)).toHaveLength(1);
    expect(subjects.filter((subject) => subject === `Your MediKart order ${order.number} is placed`)).toHaveLength(1);
    expect(inbox.find((sent) => sent.subject.endsWith(`${order.number} is cancelled`))).toMatchObject({ to: [GUEST_EMAIL] });
    expect(inbox.find((sent) => sent.subject.endsWith(`${order.number} is cancelled`))!.text).toContain(`/orders/${order.number}?key=${key}`);
  });
});

describe('paying answers before the confirmation mail goes', () => {
  it('answers verify before the follow-up runs; a confirmation whose first send fails still arrives', async () => {
    // The mail API fails the follow-up's send once, and only answers when the test lets it.
    let releaseMail!: () => void;
    const mailHeld = new Promise<void>((resolve) => (releaseMail = resolve));
    let failuresLeft = 1;
    const flakyFetch: typeof fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).startsWith(mail.url)) {
        await mailHeld;
        if (failuresLeft-- > 0) return new Response(JSON.stringify({ message: 'try again later' }), { status: 503 });
      }
      return fetch(input, init);
    };
    const flakyOrders = buildServerDependencies(
      { ...stack.env, ORDER_LINK_SECRET: SECRET, MAIL_API_BASE: mail.url, MAIL_API_KEY: 'mail-test-key', MAIL_FROM: 'MediKart <orders@medikart.test>' },
      flakyFetch,
      () => clock,
    );
    const checkout = { ...stack.deps, orderPlaced: (orderId: string) => afterOrderPlaced(flakyOrders, orderId), orderPage: (orderId: string) => orderRecord(flakyOrders, orderId) };

    const created = await stack.call(paymentHandler('razorpay', 'create'), { ...cart, cartSessionId: randomUUID() });
    const providerOrderId = (created.body.order as { id: string }).id;
    const paid = await stack.payInRazorpay(providerOrderId);
    const followUps: Promise<unknown>[] = [];
    const request = new Request(`${SITE_URL}/api/razorpay/verify-payment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(paid) });
    const verified = await paymentHandler('razorpay', 'verify')(request, () => checkout, (work) => void followUps.push(work));

    const [row] = await stack.ordersWhere('provider_order_id', providerOrderId);
    const placedMail = `Your MediKart order ${row.order_number} is placed`;
    expect(verified.status).toBe(200);
    // The reply carries the order as its page draws it, paid, so that page needs no call of its own.
    expect(await verified.json()).toMatchObject({ verified: true, orderNumber: row.order_number, record: { order: { order_number: row.order_number, payment_status: 'paid', status: 'confirmed' } } });
    expect(row).toMatchObject({ payment_status: 'paid', status: 'confirmed' });
    // Answered with the order safely paid, while its mail had not gone yet.
    expect(followUps).toHaveLength(1);
    expect(inbox.some((sent) => sent.subject === placedMail)).toBe(false);

    releaseMail();
    await Promise.all(followUps);
    expect(inbox.some((sent) => sent.subject === placedMail)).toBe(false);
    // The outbox kept it: the next reconciliation run after its backoff sends it, once.
    await admin().from('message_outbox').update({ next_attempt_at: new Date(Date.now() - 1000).toISOString() }).eq('order_id', row.id);
    await reconcile(flakyOrders);
    await reconcile(flakyOrders);
    expect(inbox.filter((sent) => sent.subject === placedMail)).toEqual([expect.objectContaining({ to: [GUEST_EMAIL] })]);
  });
});

describe('the order sent with a paid reply', () => {
  it('is left out, not the payment, when it cannot be read: the page then asks for it', async () => {
    const checkout = { ...stack.deps, orderPage: () => Promise.reject(new Error('database busy')) };
    const created = await stack.call(paymentHandler('razorpay', 'create'), { ...cart, cartSessionId: randomUUID() });
    const providerOrderId = (created.body.order as { id: string }).id;
    const paid = await stack.payInRazorpay(providerOrderId);
    const request = new Request(`${SITE_URL}/api/razorpay/verify-payment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(paid) });
    const verified = await paymentHandler('razorpay', 'verify')(request, () => checkout, () => {});

    const [row] = await stack.ordersWhere('provider_order_id', providerOrderId);
    expect(verified.status).toBe(200);
    const body = (await verified.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ verified: true, orderNumber: row.order_number, guestKey: expect.any(String) });
    expect(body).not.toHaveProperty('record');
    expect(row).toMatchObject({ payment_status: 'paid' });
  });
});

describe('reconciliation (the every-5-minutes job, on an injected clock)', () => {
  it('records a PhonePe payment that completed after the customer left, once, and only after 5 minutes', async () => {
    const merchantTransactionId = `TXN_${Date.now()}_recon${Math.floor(Math.random() * 1e6)}`;
    const created = await stack.call(paymentHandler('phonepe', 'create'), { ...cart, cartSessionId: randomUUID(), merchantTransactionId });
    const { url } = (created.body.data as { instrumentResponse: { redirectInfo: { url: string } } }).instrumentResponse.redirectInfo;
    await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=PENDING' });
    await fetch(`${stack.phonePe.url}/__emulator/orders/${merchantTransactionId}/complete`, { method: 'POST' });

    clock = new Date(Date.now() + 60_000);
    await reconcile(deps);
    expect((await stack.ordersWhere('provider_order_id', merchantTransactionId))[0]).toMatchObject({ payment_status: 'pending' });

    clock = new Date(Date.now() + 6 * 60_000);
    const first = await reconcile(deps);
    const second = await reconcile(deps);
    expect(first.paid).toBeGreaterThanOrEqual(1);
    expect(second.paid).toBe(0);
    const [row] = await stack.ordersWhere('provider_order_id', merchantTransactionId);
    // Paid and moved on, so the pharmacy can pack it (a paid order left 'placed' could never ship).
    expect(row).toMatchObject({ payment_status: 'paid', status: 'confirmed' });
    const { data: events } = await admin().from('order_events').select('to_status').eq('order_id', row.id).eq('kind', 'payment');
    expect(events).toEqual([{ to_status: 'paid' }]);
    expect(inbox.some((mail) => mail.subject === `Your MediKart order ${row.order_number} is placed`)).toBe(true);
  });

  it('refunds in full, once, an order the customer cancelled while its payment was pending and that was paid after all', async () => {
    const merchantTransactionId = `TXN_${Date.now()}_late${Math.floor(Math.random() * 1e6)}`;
    const created = await stack.call(paymentHandler('phonepe', 'create'), { ...cart, cartSessionId: randomUUID(), merchantTransactionId });
    const { url } = (created.body.data as { instrumentResponse: { redirectInfo: { url: string } } }).instrumentResponse.redirectInfo;
    await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=PENDING' });
    const [placed] = await stack.ordersWhere('provider_order_id', merchantTransactionId);
    const key = await guestOrderToken(placed.id, SECRET);
    const cancelled = await call(cancelOrderHandler, { body: { orderNumber: placed.order_number, key, reason: 'Delivery is too late' } });
    expect(cancelled.status).toBe(200);
    expect((await stack.ordersWhere('id', placed.id))[0]).toMatchObject({ status: 'cancelled', payment_status: 'pending' });

    await fetch(`${stack.phonePe.url}/__emulator/orders/${merchantTransactionId}/complete`, { method: 'POST' });
    const before = await refundCount(stack.phonePe.url);
    clock = new Date(Date.now() + 6 * 60_000);
    await reconcile(deps);
    await reconcile(deps);
    expect(await refundCount(stack.phonePe.url)).toBe(before + 1);
    const { data: refunds } = await admin().from('refunds').select('amount_paise, kind').eq('order_id', placed.id);
    expect(refunds).toEqual([{ amount_paise: placed.amount_paise, kind: 'cancel' }]);
    expect((await stack.ordersWhere('id', placed.id))[0]).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
  });

  it('abandons after 30 minutes an online order its provider cannot tell us about, and keeps asking before that', async () => {
    const providerOrderId = `order_Unknown${Math.floor(Math.random() * 1e9)}`;
    const { error } = await admin().from('orders').insert({
      guest_session_id: randomUUID(),
      provider: 'razorpay',
      provider_order_id: providerOrderId,
      amount_paise: 14200,
      lines: [{ product_id: 104, name: 'Vitamin D3 Softgels', unit_mrp_paise: 14200, unit_price_paise: 14200, quantity: 1 }],
    });
    expect(error).toBeNull();
    clock = new Date(Date.now() + 10 * 60_000);
    const early = await reconcile(deps);
    expect(early.errors).toBeGreaterThanOrEqual(1);
    expect((await stack.ordersWhere('provider_order_id', providerOrderId))[0]).toMatchObject({ payment_status: 'pending' });
    clock = new Date(Date.now() + 31 * 60_000);
    await reconcile(deps);
    expect((await stack.ordersWhere('provider_order_id', providerOrderId))[0]).toMatchObject({ payment_status: 'failed', failure_reason: ABANDONED_REASON });
  });

  it('fails an unpaid online order after 30 minutes as abandoned and leaves cash on delivery alone', async () => {
    const created = await stack.call(paymentHandler('razorpay', 'create'), { ...cart, cartSessionId: randomUUID() });
    const providerOrderId = (created.body.order as { id: string }).id;
    const { error } = await admin().from('orders').insert({
      guest_session_id: randomUUID(),
      provider: 'cod',
      provider_order_id: `cod_${randomUUID()}`,
      amount_paise: 14200,
      lines: [{ product_id: 104, name: 'Vitamin D3 Softgels', unit_mrp_paise: 14200, unit_price_paise: 14200, quantity: 1 }],
    });
    expect(error).toBeNull();

    clock = new Date(Date.now() + 20 * 60_000);
    await reconcile(deps);
    expect((await stack.ordersWhere('provider_order_id', providerOrderId))[0]).toMatchObject({ payment_status: 'pending' });

    clock = new Date(Date.now() + 31 * 60_000);
    const report = await reconcile(deps);
    expect(report.abandoned).toBeGreaterThanOrEqual(1);
    expect((await stack.ordersWhere('provider_order_id', providerOrderId))[0]).toMatchObject({ payment_status: 'failed', failure_reason: ABANDONED_REASON });
    const { data: cod } = await admin().from('orders').select('payment_status').eq('provider', 'cod');
    expect(cod).toEqual([{ payment_status: 'pending' }]);
  });

  it('settles a PhonePe partial refund left pending through the refund status API, and refunds it once', async () => {
    const merchantTransactionId = `TXN_${Date.now()}_part${Math.floor(Math.random() * 1e6)}`;
    const created = await stack.call(paymentHandler('phonepe', 'create'), { ...cart, cartSessionId: randomUUID(), merchantTransactionId });
    const { url } = (created.body.data as { instrumentResponse: { redirectInfo: { url: string } } }).instrumentResponse.redirectInfo;
    await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=COMPLETED' });
    await stack.call(paymentHandler('phonepe', 'verify'), { merchantTransactionId });
    const [row] = await stack.ordersWhere('provider_order_id', merchantTransactionId);
    expect(row).toMatchObject({ payment_status: 'paid' });

    const before = await refundCount(stack.phonePe.url);
    const key = `lines-${row.id}`;
    const first = await requestRefund(deps, row.id, 4200, key, 'Prescription expired', 'rejected_lines');
    expect(first).toMatchObject({ state: 'pending', amount_paise: 4200 });
    expect((await stack.ordersWhere('id', row.id))[0]).toMatchObject({ payment_status: 'refund_pending' });
    expect(await requestRefund(deps, row.id, 4200, key, 'Prescription expired', 'rejected_lines')).toMatchObject({ id: first.id });

    await reconcile(deps);
    expect((await stack.ordersWhere('id', row.id))[0]).toMatchObject({ payment_status: 'partially_refunded' });
    expect(await refundCount(stack.phonePe.url)).toBe(before + 1);
  });
});

/** A PhonePe payment the customer left pending; `complete` settles it at PhonePe afterwards. */
async function pendingPhonePeOrder(complete: boolean): Promise<string> {
  const merchantTransactionId = `TXN_${Date.now()}_drain${Math.floor(Math.random() * 1e9)}`;
  const created = await stack.call(paymentHandler('phonepe', 'create'), { ...cart, cartSessionId: randomUUID(), merchantTransactionId });
  const { url } = (created.body.data as { instrumentResponse: { redirectInfo: { url: string } } }).instrumentResponse.redirectInfo;
  await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=PENDING' });
  if (complete) await fetch(`${stack.phonePe.url}/__emulator/orders/${merchantTransactionId}/complete`, { method: 'POST' });
  return merchantTransactionId;
}

describe('scheduled reconciliation within Netlify’s 30 s', () => {
  it('stops each run at its time budget and drains a backlog across runs, oldest-asked first, so orders that stay pending starve no one', async () => {
    // Oldest first: four payments that stay pending at PhonePe (as many as one run can ask about),
    // then six the customers completed.
    const stillPending: string[] = [];
    for (let index = 0; index < 4; index += 1) stillPending.push(await pendingPhonePeOrder(false));
    const completed: string[] = [];
    for (let index = 0; index < 6; index += 1) completed.push(await pendingPhonePeOrder(true));
    // A clock that moves 3 s on every reading, as if each step of a run took that long.
    let clockMs = Date.now() + 6 * 60_000;
    const tick = () => new Date((clockMs += 3_000));
    // Every provider call is timed: none may start later than the deadline less the per-call timeout.
    const callStarts: number[] = [];
    const phonePe = deps.providers.phonepe!;
    const timedPhonePe = { ...phonePe, status: (order: Parameters<typeof phonePe.status>[0]) => (callStarts.push(clockMs), phonePe.status(order)) };
    const tickingDeps = { ...deps, now: tick, providers: { ...deps.providers, phonepe: timedPhonePe } };
    const statuses = async (ids: string[]) => Promise.all(ids.map(async (id) => (await stack.ordersWhere('provider_order_id', id))[0]!.payment_status));

    const runs = [];
    while (runs.length < 12 && (await statuses(completed)).includes('pending')) {
      const budget = scheduledRunBudget(tick());
      callStarts.length = 0;
      runs.push(await reconcile(tickingDeps, budget));
      // No call started after deadline - per-call timeout, so each ends inside Netlify's 30 s.
      expect(Math.max(...callStarts)).toBeLessThanOrEqual(budget.deadline.getTime() - SCHEDULED_RUN.callTimeoutMs);
    }
    expect(runs.length).toBeGreaterThan(1);
    expect(runs[0]).toMatchObject({ outOfTime: true, paid: 0 });
    expect(await statuses(completed)).toEqual(completed.map(() => 'paid'));
    expect(await statuses(stillPending)).toEqual(stillPending.map(() => 'pending'));
    expect(runs.reduce((sum, report) => sum + report.paid, 0)).toBe(completed.length);
  });
});
