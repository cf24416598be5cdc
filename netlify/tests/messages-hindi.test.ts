import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailEmulator, type SentEmail } from '../../emulators/mail/index.ts';
import { startMsg91Emulator } from '../../emulators/msg91/index.ts';
import { startWhatsAppEmulator } from '../../emulators/whatsapp/index.ts';
import { localMsg91TemplateId, registeredSmsTemplates, registeredWhatsAppTemplates } from '../../src/domain/messages';
import { inMemoryCatalogueIndex } from '../../src/features/checkout/server/catalogue-index';
import { buildDeskDependencies } from '../../src/features/desk/server/dependencies';
import type { DeskDependencies } from '../../src/features/desk/server/handlers';
import { inMemoryDrugTaxIndex } from '../../src/features/desk/server/dispatch-records';
import { sendWaitingMessages } from '../../src/features/messages/server/public';
import { shortLinkHandler } from '../../src/features/messages/server/handlers';
import hindi from '../../src/domain/strings/languages/hi';
import { SITE_URL, startTestStack, TEST_CATALOGUE, TEST_DRUG_TAX, type TestStack } from './test-stack';

// Issue 40: an order placed from a Hindi page gets its messages in Hindi on every channel (mail
// in Hindi, SMS through MSG91's Hindi DLT template, WhatsApp's template in language hi), through the
// emulators that hold the registered templates; a language without words goes out in English.

const WHATSAPP = { token: 'hindi-whatsapp-token', phoneNumberId: '100000000000040', appSecret: 'hindi-whatsapp-app-secret' };

let stack: TestStack;
let mail: Awaited<ReturnType<typeof startMailEmulator>>;
let msg91: Awaited<ReturnType<typeof startMsg91Emulator>>;
let whatsapp: Awaited<ReturnType<typeof startWhatsAppEmulator>>;
const inbox: SentEmail[] = [];
let desk: DeskDependencies;
let admin: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  mail = await startMailEmulator({ apiKey: 'mail-test-key', deliver: (sent) => void inbox.push(sent) });
  msg91 = await startMsg91Emulator({
    authKey: 'msg91-test-key',
    templates: registeredSmsTemplates().map((template) => ({ id: localMsg91TemplateId(template.name), text: template.text })),
    deliver: () => undefined,
    webhookUrl: null,
  });
  whatsapp = await startWhatsAppEmulator({ ...WHATSAPP, templates: registeredWhatsAppTemplates(SITE_URL), deliver: () => undefined, webhookUrl: null });
  desk = buildDeskDependencies(
    {
      ...stack.env,
      MAIL_API_BASE: mail.url,
      MAIL_API_KEY: 'mail-test-key',
      MAIL_FROM: 'MediKart <orders@medikart.test>',
      MSG91_AUTH_KEY: 'msg91-test-key',
      MSG91_SENDER_ID: 'MDKART',
      MSG91_API_BASE: msg91.url,
      MSG91_TEMPLATE_IDS: registeredSmsTemplates().map((template) => `${template.name}=${localMsg91TemplateId(template.name)}`).join(','),
      MSG91_WEBHOOK_TOKEN: 'msg91-webhook-token-of-24-characters',
      WHATSAPP_TOKEN: WHATSAPP.token,
      WHATSAPP_PHONE_NUMBER_ID: WHATSAPP.phoneNumberId,
      WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'hindi-verify-token',
      WHATSAPP_API_BASE: `${whatsapp.url}/v26.0`,
    },
    inMemoryCatalogueIndex(TEST_CATALOGUE),
    inMemoryDrugTaxIndex(TEST_DRUG_TAX),
  );
  admin = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });
}, 240_000);

afterAll(async () => {
  await Promise.allSettled([stack?.close(), mail?.close(), msg91?.close(), whatsapp?.close()]);
});

let placed = 0;

/** A cash-on-delivery order placed from a page in `language`: its insert queues the confirmation (mail, and SMS or WhatsApp). */
async function codOrder(mobile: string, language: string): Promise<{ id: string; orderNumber: string; email: string }> {
  placed += 1;
  const email = `asha.hindi${placed}@example.test`;
  const { data, error } = await admin
    .from('orders')
    .insert({
      guest_session_id: crypto.randomUUID(),
      provider: 'cod',
      provider_order_id: `cod_hindi_${placed}_${Date.now()}`,
      amount_paise: 123450,
      lines: [{ product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp_paise: 61725, unit_price_paise: 61725, quantity: 2 }],
      delivery_name: 'Asha Rao',
      delivery_mobile: mobile,
      delivery_email: email,
      delivery_line1: '12 MG Road',
      delivery_city: 'Bengaluru',
      delivery_state: 'Karnataka',
      delivery_pin_code: '560001',
      delivery_zone_id: 'bengaluru-central',
      promised_delivery_date: '2026-12-01',
      language,
    })
    .select('id, order_number')
    .single();
  if (error) throw error;
  return { id: data.id as string, orderNumber: data.order_number as string, email };
}

const smsTo = (mobile: string) => msg91.sent.filter((sms) => sms.to === mobile);

/** Where an SMS's short link sends the customer: the /s function's answer to the link in the text. */
async function openedFrom(text: string): Promise<string | null> {
  const link = /https?:\/\/\S+\/s\/[ofr]\/\S+/.exec(text);
  if (!link) throw new Error(`No short link in: ${text}`);
  return (await shortLinkHandler(new Request(link[0]), () => desk.orders)).headers.get('location');
}
const whatsappTo = (mobile: string) => whatsapp.sent.filter((message) => message.to === mobile);

describe('an order placed in Hindi', () => {
  it('gets its mail in Hindi and its SMS from the Hindi DLT template, in two UCS-2 parts at most', async () => {
    const mobile = '+919811100041';
    const order = await codOrder(mobile, 'hi');
    await sendWaitingMessages(desk.orders, { orderId: order.id });
    const [sms] = smsTo(mobile);
    expect(sms).toMatchObject({ templateId: localMsg91TemplateId('medikart_order_confirmation_hi'), encoding: 'UCS-2' });
    expect(sms!.text).toMatch(new RegExp(`^MediKart: ऑर्डर ${order.orderNumber} मिला। कुल ₹1,234.50। देखें: ${SITE_URL}/s/o/${order.orderNumber}/`));
    expect(sms!.segments).toBeLessThanOrEqual(2);
    const [mailed] = inbox.filter((message) => message.to.includes(order.email));
    expect(mailed!.subject).toBe(`आपका MediKart ऑर्डर ${order.orderNumber} हो गया है`);
    expect(mailed!.text).toContain('आपके ऑर्डर के लिए धन्यवाद।');
    expect(mailed!.text).toContain('2 x Paracetamol 500mg Strip (₹617.25 प्रति)');
    // Its links open the Hindi order page, on whichever phone or browser they are read.
    expect(mailed!.text).toContain(`${SITE_URL}/hi/orders/${order.orderNumber}?key=`);
    expect(await openedFrom(sms!.text)).toMatch(new RegExp(`^${SITE_URL}/hi/orders/${order.orderNumber}\\?key=`));
    const { data: rows } = await admin.from('message_outbox').select('channel, delivery_status, body').eq('order_id', order.id).order('channel');
    expect(rows).toEqual([
      { channel: 'mail', delivery_status: 'sent', body: null },
      { channel: 'sms', delivery_status: 'sent', body: sms!.text },
    ]);
  });

  it('gets its WhatsApp message from the template in language hi where the customer chose WhatsApp', async () => {
    const mobile = '+919811100042';
    const consent = await admin.rpc('opt_in_to_whatsapp', { p_mobile: mobile, p_user_id: null, p_wording: 'Order updates on WhatsApp', p_source: 'checkout' });
    expect(consent.error).toBeNull();
    const order = await codOrder(mobile, 'hi');
    await sendWaitingMessages(desk.orders, { orderId: order.id });
    const [message] = whatsappTo(mobile);
    expect(message).toMatchObject({ template: 'medikart_order_confirmation', language: 'hi', outcome: 'delivered' });
    expect(message!.text).toContain(`MediKart पर ऑर्डर ${order.orderNumber} के लिए धन्यवाद। कुल: ₹1,234.50।`);
    expect(smsTo(mobile)).toEqual([]);
  });

  it('writes the shop\'s own values in Hindi too: the pharmacist\'s outcome', async () => {
    const mobile = '+919811100043';
    const order = await codOrder(mobile, 'hi');
    // As the pharmacist's decision queues it (the database's own trigger is tested in supabase/tests).
    const queued = await admin.from('message_outbox').insert({ channel: 'sms', kind: 'prescription_reviewed', order_id: order.id });
    expect(queued.error).toBeNull();
    await sendWaitingMessages(desk.orders, { orderId: order.id, kind: 'prescription_reviewed' });
    const reviewed = smsTo(mobile).find((sms) => sms.templateId === localMsg91TemplateId('medikart_prescription_reviewed_hi'));
    expect(reviewed?.text).toContain(`MediKart: ${order.orderNumber} का पर्चा जाँचा: ऑर्डर पक्का।`);
  });
});

describe('an order in a language the messages are not written in, or in English', () => {
  it('goes out from the English templates', async () => {
    for (const [mobile, language] of [['+919811100044', 'kn'], ['+919811100045', 'en']] as const) {
      const order = await codOrder(mobile, language);
      await sendWaitingMessages(desk.orders, { orderId: order.id });
      const [sms] = smsTo(mobile);
      expect(sms, language).toMatchObject({ templateId: localMsg91TemplateId('medikart_order_confirmation_en'), encoding: 'GSM-7', segments: 1 });
      expect(sms!.text).toMatch(new RegExp(`^MediKart: order ${order.orderNumber} is placed\\. Total Rs 1,234\\.50\\.`));
      const mailed = inbox.find((message) => message.to.includes(order.email));
      expect(mailed!.subject).toBe(`Your MediKart order ${order.orderNumber} is placed`);
      expect(mailed!.text, language).toContain(`${SITE_URL}/orders/${order.orderNumber}?key=`);
      expect(await openedFrom(sms!.text), language).toMatch(new RegExp(`^${SITE_URL}/orders/${order.orderNumber}\\?key=`));
    }
  });
});

describe('a prescription request sent from a Hindi page', () => {
  it('is acknowledged by SMS in Hindi', async () => {
    const mobile = '+919811100046';
    const { data, error } = await admin
      .from('prescription_requests')
      .insert({
        guest_session_id: crypto.randomUUID(),
        delivery_name: 'Asha Rao',
        delivery_mobile: mobile,
        delivery_email: 'asha.request@example.test',
        delivery_line1: '12 MG Road',
        delivery_city: 'Bengaluru',
        delivery_state: 'Karnataka',
        delivery_pin_code: '560001',
        delivery_zone_id: 'bengaluru-central',
        language: 'hi',
      })
      .select('id, request_number')
      .single();
    expect(error).toBeNull();
    await sendWaitingMessages(desk.orders, { requestId: data!.id as string });
    const [sms] = smsTo(mobile);
    expect(sms).toMatchObject({ templateId: localMsg91TemplateId('medikart_request_received_hi') });
    expect(sms!.text).toContain(`MediKart: पर्चा मिला, अनुरोध ${data!.request_number}।`);
    expect(await openedFrom(sms!.text)).toMatch(new RegExp(`^${SITE_URL}/hi/prescription-request\\?`));
  });
});

describe('a refill reminder of an order placed in Hindi', () => {
  it('reminds by SMS in Hindi, the run-out day as Hindi writes it, and mails in Hindi', async () => {
    const mobile = '+919811100047';
    const order = await codOrder(mobile, 'hi');
    const { data: reminder, error } = await admin
      .from('refill_reminders')
      .insert({ order_id: order.id, product_id: 101, name: 'Metformin 500mg Tablet', email: order.email, mobile, units_per_pack: 10, packs: 1, doses_per_day: 1, supply_starts_on: '2026-11-20' })
      .select('id')
      .single();
    expect(error).toBeNull();
    // As the daily refill job queues it (the job itself is tested in the reorder feature).
    const queued = await admin.from('message_outbox').insert([
      { channel: 'sms', kind: 'refill_due', reminder_id: reminder!.id, due_for: '2026-11-30' },
      { channel: 'mail', kind: 'refill_due', reminder_id: reminder!.id, due_for: '2026-11-30' },
    ]);
    expect(queued.error).toBeNull();
    await sendWaitingMessages(desk.orders, { reminderId: reminder!.id as string });
    const sms = smsTo(mobile).find((message) => message.templateId === localMsg91TemplateId('medikart_refill_due_hi'));
    // The medicine's name shortened to the Hindi SMS's cap (20), to keep two UCS-2 parts.
    expect(sms?.text.startsWith('MediKart: Metformin 500mg T... खत्म होगी 30 नव॰ को। मँगाएँ: ')).toBe(true);
    const mailed = inbox.find((message) => message.to.includes(order.email) && message.subject.includes('Metformin'));
    expect(mailed?.subject).toBe('Metformin 500mg Tablet दोबारा मँगाने का समय');
    expect(mailed?.text).toContain('सोमवार, 30 नवंबर');
    // The reminder's reorder page is the Hindi one, from the mail and from the SMS.
    expect(mailed?.text).toContain(`${SITE_URL}/hi/reorder?reminder=`);
    expect(await openedFrom(sms!.text)).toMatch(new RegExp(`^${SITE_URL}/hi/reorder\\?reminder=`));
  });
});

describe('a short link that opens nothing (cut short in the SMS, or forged)', () => {
  // A link of the right shape whose signature is not the shop's: it names no order to take a language from.
  const forged = `${SITE_URL}/s/o/MK-2026-000047/AAAAAAAAAAAA`;
  const opened = async (acceptLanguage?: string) => {
    const response = await shortLinkHandler(new Request(forged, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} }), () => desk.orders);
    expect(response.status).toBe(404);
    return response.text();
  };

  it("says so in Hindi on a phone that asks for Hindi, with links to the Hindi pages", async () => {
    const page = await opened('hi-IN,hi;q=0.9,en-US;q=0.8,en;q=0.7');
    expect(page).toContain('<html lang="hi">');
    expect(page).toContain(`<h1 style="font-size:1.5rem">${hindi.text.messageLink.opensNothing}</h1>`);
    expect(page).toContain(hindi.text.messageLink.incomplete);
    expect(page).toContain(`href="/hi/account/orders" style="color:#0f766e">${hindi.text.order.myOrdersHeading}</a>`);
    expect(page).toContain('href="/hi/products"');
  });

  it('says so in English where the phone asks for English first, for a language the shop does not write, or for none', async () => {
    for (const acceptLanguage of ['en-IN,en;q=0.9,hi;q=0.8', 'ta-IN,ta;q=0.9', undefined]) {
      const page = await opened(acceptLanguage);
      expect(page, acceptLanguage).toContain('<html lang="en-IN">');
      expect(page, acceptLanguage).toContain('This link does not open anything');
      expect(page, acceptLanguage).toContain('Check that the whole link from your message was opened, or find your order under My orders.');
      expect(page, acceptLanguage).toContain('href="/account/orders"');
    }
  });
});
