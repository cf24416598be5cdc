import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailEmulator, type SentEmail } from '../../emulators/mail/index.ts';
import { buildDeskDependencies } from '../../src/features/desk/server/dependencies';
import { handleMessageResend, type DeskDependencies } from '../../src/features/desk/server/handlers';
import { inMemoryDrugTaxIndex } from '../../src/features/desk/server/dispatch-records';
import { inMemoryCatalogueIndex } from '../../src/features/checkout/server/catalogue-index';
import { accountWhatsAppHandler } from '../../src/features/messages/server/handlers';
import { respond } from '../../src/lib/server/http';
import { DEMO_USER, SITE_URL, startTestStack, TEST_CATALOGUE, TEST_DRUG_TAX, type TestStack } from './test-stack';

// The messages' own functions on the emulated Supabase: support sends a message again (and only
// staff of the order desk may), and a customer chooses WhatsApp for a mobile that is theirs.

let stack: TestStack;
let mail: Awaited<ReturnType<typeof startMailEmulator>>;
const inbox: SentEmail[] = [];
let desk: DeskDependencies;
let admin: SupabaseClient;
const tokens: Record<'support' | 'marketing' | 'customer', string> = { support: '', marketing: '', customer: '' };

beforeAll(async () => {
  stack = await startTestStack();
  mail = await startMailEmulator({ apiKey: 'mail-test-key', deliver: (sent) => void inbox.push(sent) });
  desk = buildDeskDependencies({ ...stack.env, MAIL_API_BASE: mail.url, MAIL_API_KEY: 'mail-test-key', MAIL_FROM: 'MediKart <orders@medikart.test>' }, inMemoryCatalogueIndex(TEST_CATALOGUE), inMemoryDrugTaxIndex(TEST_DRUG_TAX));
  admin = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });
  [tokens.support, tokens.marketing, tokens.customer] = await Promise.all([
    stack.accessToken('support@pharmacy.test', 'Support@12345'),
    stack.accessToken('marketing@pharmacy.test', 'Market@12345'),
    stack.accessToken(DEMO_USER.email, DEMO_USER.password),
  ]);
}, 240_000);

afterAll(async () => {
  await Promise.allSettled([stack?.close(), mail?.close()]);
});

const post = (path: string, token: string | null, body: unknown) =>
  new Request(`${SITE_URL}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });

let placed = 0;
async function codOrder(mobile: string): Promise<string> {
  placed += 1;
  const { data, error } = await admin
    .from('orders')
    .insert({
      user_id: DEMO_USER.id,
      provider: 'cod',
      provider_order_id: `cod_messages_fn_${placed}_${Date.now()}`,
      amount_paise: 9100,
      lines: [{ product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp_paise: 4550, unit_price_paise: 4550, quantity: 2 }],
      delivery_name: 'Asha Rao',
      delivery_mobile: mobile,
      delivery_email: 'asha.messages@example.test',
      delivery_line1: '12 MG Road',
      delivery_city: 'Bengaluru',
      delivery_state: 'Karnataka',
      delivery_pin_code: '560001',
      delivery_zone_id: 'bengaluru-central',
      promised_delivery_date: '2026-12-01',
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id as string;
}

/** As deskFunction runs it: refusals answered with their status. */
const resend = (token: string | null, messageId: string) => respond('/api/desk/message-resend', () => handleMessageResend(post('/api/desk/message-resend', token, { messageId }), desk));

describe('POST /api/desk/message-resend', () => {
  it('support sends an order\'s mail again, once however often it is clicked; marketing, a customer and a stranger may not', async () => {
    const orderId = await codOrder('+919822200001');
    await desk.sendMails(orderId);
    const { data: sent } = await admin.from('message_outbox').select('id').eq('order_id', orderId).eq('channel', 'mail').single();
    const before = inbox.filter((message) => message.to.includes('asha.messages@example.test')).length;

    for (const refused of [null, tokens.customer, tokens.marketing]) {
      const answer = await resend(refused, sent!.id);
      expect([401, 403]).toContain(answer.status);
    }
    const first = await resend(tokens.support, sent!.id);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: 'sent' });
    const again = await resend(tokens.support, sent!.id);
    expect(again.status).toBe(409);
    expect(inbox.filter((message) => message.to.includes('asha.messages@example.test'))).toHaveLength(before + 1);
    const { data: rows } = await admin.from('message_outbox').select('resend_of, resent_by').eq('order_id', orderId).eq('channel', 'mail').eq('resend_of', sent!.id);
    expect(rows).toEqual([{ resend_of: sent!.id, resent_by: '44444444-4444-4444-8444-444444444444' }]);
  });
});

describe('/api/account/whatsapp', () => {
  const call = (token: string | null, body?: unknown) =>
    accountWhatsAppHandler(
      body === undefined ? new Request(`${SITE_URL}/api/account/whatsapp`, { headers: token ? { authorization: `Bearer ${token}` } : {} }) : post('/api/account/whatsapp', token, body),
      () => desk.orders,
    );

  it('lists the customer\'s own mobiles and records an opt-in with its wording, then an opt-out', async () => {
    await codOrder('+919822200002');
    const listed = await call(tokens.customer);
    expect(listed.status).toBe(200);
    expect((await listed.json()).mobiles).toContainEqual({ mobile: '+919822200002', optedIn: false });

    const optedIn = await call(tokens.customer, { mobile: '+919822200002', optIn: true });
    expect((await optedIn.json()).mobiles).toContainEqual({ mobile: '+919822200002', optedIn: true });
    const { data: consent } = await admin.from('whatsapp_consents').select('source, wording, user_id, opted_out_at').eq('mobile', '+919822200002').single();
    expect(consent).toMatchObject({ source: 'account', user_id: DEMO_USER.id, opted_out_at: null });
    expect(consent!.wording).toContain('Order updates on WhatsApp');

    await call(tokens.customer, { mobile: '+919822200002', optIn: false });
    const { data: stopped } = await admin.from('whatsapp_consents').select('opt_out_source').eq('mobile', '+919822200002').single();
    expect(stopped).toEqual({ opt_out_source: 'account' });
  });

  it('refuses a mobile that is not the customer\'s, and anyone signed out', async () => {
    const stranger = await call(tokens.customer, { mobile: '+919833300003', optIn: true });
    expect(stranger.status).toBe(422);
    expect(await stranger.json()).toEqual({ error: 'Use a mobile number from your account, your addresses or your orders.' });
    expect((await call(null, { mobile: '+919833300003', optIn: true })).status).toBe(401);
  });
});
