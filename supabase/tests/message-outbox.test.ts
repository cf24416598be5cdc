import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageKinds } from '../../src/domain/messages';
import { customer, demoCustomerId, failureCode, runAs, seededDatabase, serviceRole, type Caller } from './database';

// The one outbox (issue 38): which channels an order change queues, WhatsApp consent, the SMS
// fallback, delivery reports that only move forward, resends, and who may read what was sent.

const INSUFFICIENT_PRIVILEGE = '42501';
const support: Caller = { role: 'authenticated', userId: '44444444-4444-4444-8444-444444444444', appMetadata: { role: 'support' } };
const marketing: Caller = { role: 'authenticated', userId: '55555555-5555-4555-8555-555555555555', appMetadata: { role: 'marketing' } };
const lines = JSON.stringify([{ product_id: 7, name: 'Metformin 500 mg', unit_mrp_paise: 4550, unit_price_paise: 4550, quantity: 2 }]);

let db: PGlite;
let placed = 0;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

async function codOrder(mobile: string | null): Promise<string> {
  placed += 1;
  const delivery = mobile ? ['Asha Rao', mobile, '12 MG Road', 'Bengaluru', 'Karnataka', '560001', 'bengaluru'] : [null, null, null, null, null, null, null];
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, delivery_name, delivery_mobile, delivery_line1,
       delivery_city, delivery_state, delivery_pin_code, delivery_zone_id, promised_delivery_date)
     values ($1, 'cod', $2, 9100, $3, $4, $5, $6, $7, $8, $9, $10, case when $10::text is null then null else current_date + 2 end) returning id`,
    [demoCustomerId, `cod_outbox_${placed}`, lines, ...delivery],
  );
  return row!.id;
}

const optIn = (mobile: string) =>
  runAs(db, serviceRole, `insert into public.whatsapp_consents (mobile, wording, source) values ($1, 'Order updates on WhatsApp', 'checkout') on conflict (mobile) do update set opted_out_at = null, opt_out_source = null`, [mobile]);
const channels = async (orderId: string, kind = 'order_confirmation') =>
  (await runAs<{ channel: string }>(db, serviceRole, `select channel from public.message_outbox where order_id = $1 and kind = $2 order by channel`, [orderId, kind])).map((row) => row.channel);
const phoneMessage = async (orderId: string) =>
  (await runAs<{ id: string; channel: string }>(db, serviceRole, `select id, channel from public.message_outbox where order_id = $1 and channel <> 'mail' order by created_at`, [orderId]))[0]!;

describe('what an order change queues', () => {
  it('mail and SMS for a customer who has not opted in to WhatsApp; mail only without a mobile', async () => {
    expect(await channels(await codOrder('+919800000001'))).toEqual(['mail', 'sms']);
    expect(await channels(await codOrder(null))).toEqual(['mail']);
  });

  it('mail and WhatsApp (no SMS) once the mobile opted in, and SMS again after a STOP', async () => {
    await optIn('+919800000002');
    expect(await channels(await codOrder('+919800000002'))).toEqual(['mail', 'whatsapp']);
    const [stopped] = await runAs<{ stopped: boolean }>(db, serviceRole, `select public.opt_out_of_whatsapp('+919800000002', 'stop_reply') as stopped`);
    expect(stopped!.stopped).toBe(true);
    const [again] = await runAs<{ stopped: boolean }>(db, serviceRole, `select public.opt_out_of_whatsapp('+919800000002', 'stop_reply') as stopped`);
    expect(again!.stopped).toBe(false);
    expect(await channels(await codOrder('+919800000002'))).toEqual(['mail', 'sms']);
  });

  it('a change queued again after the WhatsApp choice changed adds no second phone message; cash collected at delivery queues no confirmation', async () => {
    const orderId = await codOrder('+919800000010');
    await optIn('+919800000010');
    await runAs(db, serviceRole, `select public.queue_customer_message('order_confirmation', '+919800000010', p_order_id => $1)`, [orderId]);
    expect(await channels(orderId)).toEqual(['mail', 'sms']);
    for (const status of ['confirmed', 'packed', 'shipped', 'delivered']) await runAs(db, serviceRole, `select public.set_order_status($1, $2, 'support')`, [orderId, status]);
    await runAs(db, serviceRole, `select public.set_payment_status($1, 'paid', 'support')`, [orderId]);
    expect(await channels(orderId)).toEqual(['mail', 'sms']);
    expect(await channels(orderId, 'order_delivered')).toEqual(['mail', 'whatsapp']);
  });

  it('each kind the table lists is allowed by the outbox, and nothing else', async () => {
    const orderId = await codOrder('+919800000003');
    for (const kind of messageKinds.filter((candidate) => candidate.startsWith('order_') || candidate === 'prescription_reviewed' || candidate === 'refund_processed')) {
      await runAs(db, serviceRole, `insert into public.message_outbox (channel, kind, order_id) values ('mail', $1, $2) on conflict do nothing`, [kind, orderId]);
    }
    expect(await failureCode(runAs(db, serviceRole, `insert into public.message_outbox (channel, kind, order_id) values ('mail', 'order_teleported', $1)`, [orderId]))).toBe('23514');
    expect(await failureCode(runAs(db, serviceRole, `insert into public.message_outbox (channel, kind, order_id) values ('pigeon', 'order_confirmation', $1)`, [orderId]))).toBe('23514');
  });
});

describe('sending it', () => {
  it('one claim at a time, and none before the backoff has passed', async () => {
    const { id } = await phoneMessage(await codOrder('+919800000004'));
    const claim = async () => (await runAs<{ claimed: boolean }>(db, serviceRole, `select public.claim_message($1) as claimed`, [id]))[0]!.claimed;
    expect(await claim()).toBe(true);
    expect(await claim()).toBe(false);
    await runAs(db, serviceRole, `update public.message_outbox set claimed_until = null, attempts = 1, next_attempt_at = now() + interval '1 minute' where id = $1`, [id]);
    expect(await claim()).toBe(false);
    await runAs(db, serviceRole, `update public.message_outbox set next_attempt_at = now() where id = $1`, [id]);
    expect(await claim()).toBe(true);
  });

  it('a failed WhatsApp message falls back to SMS once, however many failure reports arrive', async () => {
    await optIn('+919800000005');
    const orderId = await codOrder('+919800000005');
    const whatsapp = await phoneMessage(orderId);
    expect(whatsapp.channel).toBe('whatsapp');
    await runAs(db, serviceRole, `update public.message_outbox set provider_message_id = 'wamid.A5', sent_at = now(), delivery_status = 'sent' where id = $1`, [whatsapp.id]);
    for (let report = 0; report < 2; report += 1) {
      await runAs(db, serviceRole, `select public.record_message_status('wamid.A5', 'failed', now(), '131026: Message undeliverable')`);
    }
    expect(await channels(orderId)).toEqual(['mail', 'sms', 'whatsapp']);
  });

  it('delivery reports only move forward: a late "sent" never hides "read", and a report for nobody changes nothing', async () => {
    const { id } = await phoneMessage(await codOrder('+919800000006'));
    await runAs(db, serviceRole, `update public.message_outbox set provider_message_id = 'msg91-req-6', sent_at = now(), delivery_status = 'sent' where id = $1`, [id]);
    const report = (status: string) => runAs(db, serviceRole, `select public.record_message_status('msg91-req-6', $1, now(), null)`, [status]);
    await report('delivered');
    await report('sent');
    const [row] = await runAs<{ delivery_status: string }>(db, serviceRole, `select delivery_status from public.message_outbox where id = $1`, [id]);
    expect(row!.delivery_status).toBe('delivered');
    const [unknown] = await runAs<{ found: boolean }>(db, serviceRole, `select public.record_message_status('nobody', 'read', now(), null) as found`);
    expect(unknown!.found).toBe(false);
    expect(await failureCode(report('teleported'))).toBe('23514');
  });

  it('a resend is a new row pointing at the one it repeats; a second click queues nothing', async () => {
    const { id } = await phoneMessage(await codOrder('+919800000007'));
    const resend = async () => (await runAs<{ id: string | null }>(db, serviceRole, `select public.resend_message($1, $2) as id`, [id, support.userId]))[0]!.id;
    const first = await resend();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await resend()).toBeNull();
  });
});

describe('who sees what was sent', () => {
  it('support reads an order\'s messages but not their text; customers and marketing read none; nobody writes', async () => {
    const orderId = await codOrder('+919800000008');
    expect(await runAs(db, support, `select channel, kind, delivery_status from public.message_outbox where order_id = $1`, [orderId])).toHaveLength(2);
    expect(await failureCode(runAs(db, support, `select body from public.message_outbox where order_id = $1`, [orderId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await runAs(db, customer(demoCustomerId), `select id from public.message_outbox where order_id = $1`, [orderId])).toHaveLength(0);
    expect(await runAs(db, marketing, `select id from public.message_outbox where order_id = $1`, [orderId])).toHaveLength(0);
    expect(await failureCode(runAs(db, support, `update public.message_outbox set sent_at = now() where order_id = $1`, [orderId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, customer(demoCustomerId), `select public.resend_message(gen_random_uuid(), null)`))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('an account deleted takes its WhatsApp consents with it; a guest\'s consent stays with its mobile', async () => {
    const leaving = crypto.randomUUID();
    await db.query(`insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', 'leaving@example.test')`, [leaving]);
    await runAs(db, serviceRole, `insert into public.whatsapp_consents (mobile, user_id, wording, source) values ('+919800000011', $1, 'Order updates on WhatsApp', 'account'), ('+919800000012', null, 'Order updates on WhatsApp', 'checkout')`, [leaving]);
    await db.query(`delete from auth.users where id = $1`, [leaving]);
    expect(await runAs(db, serviceRole, `select mobile from public.whatsapp_consents where mobile in ('+919800000011', '+919800000012')`)).toEqual([{ mobile: '+919800000012' }]);
  });

  it('opting in again after an opt-out restarts the consent with its new wording; a guest\'s tick keeps the account\'s consent', async () => {
    const account = crypto.randomUUID();
    await db.query(`insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', 'returning@example.test')`, [account]);
    const optInAs = (userId: string | null, source: string) =>
      runAs(db, serviceRole, `select public.opt_in_to_whatsapp('+919800000013', $1, 'Order updates on WhatsApp: wording v2', $2)`, [userId, source]);
    await optInAs(account, 'account');
    await runAs(db, serviceRole, `select public.opt_out_of_whatsapp('+919800000013', 'stop_reply')`);
    await optInAs(null, 'checkout');
    expect(await runAs(db, serviceRole, `select user_id, source, wording, opted_out_at, opt_out_source from public.whatsapp_consents where mobile = '+919800000013'`)).toEqual([
      { user_id: account, source: 'checkout', wording: 'Order updates on WhatsApp: wording v2', opted_out_at: null, opt_out_source: null },
    ]);
  });

  it('a customer reads their own WhatsApp consent only, and cannot write one', async () => {
    await runAs(db, serviceRole, `insert into public.whatsapp_consents (mobile, user_id, wording, source) values ('+919800000009', $1, 'Order updates on WhatsApp', 'account')`, [demoCustomerId]);
    expect(await runAs(db, customer(demoCustomerId), `select mobile from public.whatsapp_consents`)).toEqual([{ mobile: '+919800000009' }]);
    expect(await runAs(db, customer('22222222-2222-4222-8222-222222222222'), `select mobile from public.whatsapp_consents`)).toEqual([]);
    expect(await failureCode(runAs(db, customer(demoCustomerId), `update public.whatsapp_consents set opted_out_at = now()`))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});
