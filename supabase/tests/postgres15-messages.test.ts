import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailEmulator } from '../../emulators/mail/index';
import { startMsg91Emulator } from '../../emulators/msg91/index';
import { startWhatsAppEmulator } from '../../emulators/whatsapp/index';
import { localMsg91TemplateId, registeredSmsTemplates, registeredWhatsAppTemplates } from '../../src/domain/messages';
import type { PaymentProviders } from '../../src/features/checkout/server/public';
import { shortLinkHandler, smsDeliveryReportHandler, whatsappWebhookHandler } from '../../src/features/messages/server/handlers';
import { sendWaitingMessages, type OutboxDependencies } from '../../src/features/messages/server/outbox';
import { applyShimAndMigrations, startPostgres15, type RealPostgres } from './postgres15';
import { startPostgrestOnPostgres } from './postgrest-on-postgres';

// The one outbox on a real PostgreSQL 15 (a connection per request), with the mail, MSG91 and
// WhatsApp emulators over HTTP and their webhooks answered by our own handlers: the same event sent
// by 20 callers at once reaches each provider once; a provider failing twice then answering still
// delivers once; a WhatsApp message that cannot arrive goes once by SMS; a STOP reply ends WhatsApp.

const PARALLEL = 20;
const SLOW = 180_000;
const SITE_URL = 'https://shop.example.in';
const MSG91_KEY = 'pg15-msg91-auth-key';
const MSG91_WEBHOOK_TOKEN = 'pg15-msg91-webhook-token-0123456789';
const WHATSAPP = { token: 'pg15-whatsapp-token', phoneNumberId: '100000000000077', appSecret: 'pg15-whatsapp-app-secret' };

let server: RealPostgres;
let owner: pg.Client;
let pool: pg.Pool;
let rest: Awaited<ReturnType<typeof startPostgrestOnPostgres>>;
let mail: Awaited<ReturnType<typeof startMailEmulator>>;
let msg91: Awaited<ReturnType<typeof startMsg91Emulator>>;
let whatsapp: Awaited<ReturnType<typeof startWhatsAppEmulator>>;
let webhooks: Server;
let deps: OutboxDependencies;

/** Our webhook handlers behind one local address, as Netlify serves them. */
async function serveWebhooks(): Promise<string> {
  webhooks = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
      const request = new Request(url, { method: incoming.method, headers: incoming.headers as Record<string, string>, body: chunks.length > 0 ? Buffer.concat(chunks) : undefined });
      const handler = url.pathname === '/api/whatsapp/webhook' ? whatsappWebhookHandler : smsDeliveryReportHandler;
      const answer = await handler(request, () => deps);
      outgoing.writeHead(answer.status, Object.fromEntries(answer.headers)).end(await answer.text());
    });
  });
  await new Promise<void>((resolve) => webhooks.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  server = await startPostgres15();
  owner = new pg.Client({ connectionString: server.url });
  await owner.connect();
  await applyShimAndMigrations(owner);
  pool = new pg.Pool({ connectionString: server.url, max: PARALLEL * 3 });
  rest = await startPostgrestOnPostgres(pool);
  const hooks = await serveWebhooks();
  mail = await startMailEmulator({ apiKey: 'pg15-mail-key', deliver: () => undefined });
  msg91 = await startMsg91Emulator({
    authKey: MSG91_KEY,
    templates: registeredSmsTemplates().map((template) => ({ id: localMsg91TemplateId(template.name), text: template.text })),
    deliver: () => undefined,
    webhookUrl: `${hooks}/api/sms/delivery-report?token=${MSG91_WEBHOOK_TOKEN}`,
  });
  whatsapp = await startWhatsAppEmulator({ ...WHATSAPP, templates: registeredWhatsAppTemplates(SITE_URL), deliver: () => undefined, webhookUrl: `${hooks}/api/whatsapp/webhook` });
  deps = {
    env: {
      SITE_URL,
      ORDER_LINK_SECRET: 'postgres15-messages-link-secret-32-bytes-long',
      MAIL_API_BASE: mail.url,
      MAIL_API_KEY: 'pg15-mail-key',
      MAIL_FROM: 'MediKart <orders@shop.example.in>',
      MSG91_AUTH_KEY: MSG91_KEY,
      MSG91_SENDER_ID: 'MDKART',
      MSG91_API_BASE: msg91.url,
      MSG91_TEMPLATE_IDS: registeredSmsTemplates().map((template) => `${template.name}=${localMsg91TemplateId(template.name)}`).join(','),
      MSG91_WEBHOOK_TOKEN,
      WHATSAPP_TOKEN: WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
      WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'pg15-verify-token',
      WHATSAPP_API_BASE: `${whatsapp.url}/v26.0`,
    },
    db: createClient(rest.url, rest.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } }),
    providers: {} as PaymentProviders,
    fetcher: fetch,
    now: () => new Date(),
  };
}, 300_000);

afterAll(async () => {
  await Promise.allSettled([mail?.close(), msg91?.close(), whatsapp?.close(), new Promise((resolve) => webhooks?.close(resolve))]);
  await rest?.close();
  await pool?.end();
  await owner?.end();
  await server?.stop();
});

let placed = 0;

/** A cash-on-delivery order: its insert queues the confirmation (mail, and SMS or WhatsApp). */
async function codOrder(mobile: string): Promise<{ id: string; orderNumber: string; email: string }> {
  placed += 1;
  const email = `asha+msg${placed}@example.test`;
  const { rows } = await owner.query<{ id: string; order_number: string }>(
    `insert into public.orders (guest_session_id, provider, provider_order_id, amount_paise, lines,
       delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_city, delivery_state,
       delivery_pin_code, delivery_zone_id, promised_delivery_date)
     values (gen_random_uuid(), 'cod', $1, 25000, '[{"product_id": 1, "name": "Paracetamol 500 mg", "unit_mrp_paise": 12500, "unit_price_paise": 12500, "quantity": 2}]',
       'Asha Rao', $2, $3, '12 MG Road', 'Bengaluru', 'Karnataka', '560001', 'bengaluru', current_date + 2)
     returning id, order_number`,
    [`cod_pg15_msg_${placed}`, mobile, email],
  );
  return { id: rows[0]!.id, orderNumber: rows[0]!.order_number, email };
}

const optIn = (mobile: string) => owner.query(`insert into public.whatsapp_consents (mobile, wording, source) values ($1, 'Order updates on WhatsApp', 'checkout')`, [mobile]);
const smsTo = (mobile: string) => msg91.sent.filter((sms) => sms.to === mobile);
const whatsappTo = (mobile: string) => whatsapp.sent.filter((message) => message.to === mobile);
const mailsTo = (email: string) => mail.sent.filter((sent) => sent.to.includes(email));
const statusOf = async (orderId: string, channel: string) =>
  (await owner.query<{ delivery_status: string | null }>(`select delivery_status from public.message_outbox where order_id = $1 and channel = $2 and kind = 'order_confirmation'`, [orderId, channel])).rows[0]?.delivery_status;

describe('the one outbox on PostgreSQL 15, with the providers over HTTP', () => {
  it('sends an order placed by 20 senders at once to each channel once: the mail and the SMS, with a short link that opens the order', async () => {
    const order = await codOrder('+919811100001');
    await Promise.all(Array.from({ length: PARALLEL }, () => sendWaitingMessages(deps, { orderId: order.id })));

    expect(mailsTo(order.email)).toHaveLength(1);
    const [sms] = smsTo('+919811100001');
    expect(smsTo('+919811100001')).toHaveLength(1);
    expect(sms!.text).toMatch(new RegExp(`^MediKart: order ${order.orderNumber} is placed\\. Total Rs 250\\.00\\. See your order: ${SITE_URL}/s/o/${order.orderNumber}/[A-Za-z0-9_-]{12}$`));
    expect(sms!.segments).toBe(1);
    await expect.poll(() => statusOf(order.id, 'sms')).toBe('delivered');

    const link = sms!.text.split(' ').at(-1)!;
    const opened = await shortLinkHandler(new Request(link), () => deps);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(new RegExp(`^${SITE_URL}/orders/${order.orderNumber}\\?key=[A-Za-z0-9_-]{43}$`));
    const forged = await shortLinkHandler(new Request(link.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))), () => deps);
    expect(forged.status).toBe(404);
  }, SLOW);

  it('a customer opted in gets WhatsApp and no SMS; a STOP reply sends the next order by SMS', async () => {
    await optIn('+919811100002');
    const first = await codOrder('+919811100002');
    await Promise.all(Array.from({ length: PARALLEL }, () => sendWaitingMessages(deps, { orderId: first.id })));
    expect(whatsappTo('+919811100002')).toHaveLength(1);
    expect(whatsappTo('+919811100002')[0]!.text).toContain(`${SITE_URL}/s/o/${first.orderNumber}/`);
    expect(smsTo('+919811100002')).toHaveLength(0);
    await expect.poll(() => statusOf(first.id, 'whatsapp')).toBe('read');

    const reply = await fetch(`${whatsapp.url}/__emulator/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: '+919811100002', text: 'STOP' }) });
    expect(reply.ok).toBe(true);
    await expect.poll(async () => (await owner.query(`select opt_out_source from public.whatsapp_consents where mobile = '+919811100002'`)).rows[0]?.opt_out_source).toBe('stop_reply');

    const second = await codOrder('+919811100002');
    await sendWaitingMessages(deps, { orderId: second.id });
    expect(whatsappTo('+919811100002')).toHaveLength(1);
    expect(smsTo('+919811100002')).toHaveLength(1);
  }, SLOW);

  it('a WhatsApp message that cannot arrive (not on WhatsApp) falls back to SMS once', async () => {
    await optIn('+919811100000');
    const order = await codOrder('+919811100000');
    await sendWaitingMessages(deps, { orderId: order.id });
    await expect.poll(() => statusOf(order.id, 'whatsapp')).toBe('failed');
    await expect.poll(() => smsTo('+919811100000').length).toBe(1);
    // A second failure report for the same message queues nothing more.
    const { rows } = await owner.query<{ provider_message_id: string }>(`select provider_message_id from public.message_outbox where order_id = $1 and channel = 'whatsapp'`, [order.id]);
    await owner.query(`select public.record_message_status($1, 'failed', now(), '131026: again')`, [rows[0]!.provider_message_id]);
    await sendWaitingMessages(deps, { orderId: order.id });
    expect(smsTo('+919811100000')).toHaveLength(1);
  }, SLOW);

  it('an SMS provider failing twice then answering delivers the message once, each retry after its backoff', async () => {
    const failing = await fetch(`${msg91.url}/__emulator/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 2, status: 500 }) });
    expect(failing.ok).toBe(true);
    const order = await codOrder('+919811100003');
    const sms = async () => (await owner.query<{ attempts: number; sent: boolean; waits: boolean }>(
      `select attempts, sent_at is not null as sent, next_attempt_at > now() as waits from public.message_outbox where order_id = $1 and channel = 'sms'`, [order.id])).rows[0]!;
    const passTime = () => owner.query(`update public.message_outbox set next_attempt_at = now() where order_id = $1`, [order.id]);

    await sendWaitingMessages(deps, { orderId: order.id });
    expect(await sms()).toEqual({ attempts: 1, sent: false, waits: true });
    await sendWaitingMessages(deps, { orderId: order.id });
    expect((await sms()).attempts).toBe(1);
    await passTime();
    await Promise.all(Array.from({ length: PARALLEL }, () => sendWaitingMessages(deps, { orderId: order.id })));
    expect(await sms()).toEqual({ attempts: 2, sent: false, waits: true });
    await passTime();
    await Promise.all(Array.from({ length: PARALLEL }, () => sendWaitingMessages(deps, { orderId: order.id })));
    expect(await sms()).toEqual({ attempts: 3, sent: true, waits: false });
    expect(smsTo('+919811100003')).toHaveLength(1);
    expect(mailsTo(order.email)).toHaveLength(1);
    await expect.poll(() => statusOf(order.id, 'sms')).toBe('delivered');
  }, SLOW);
});
