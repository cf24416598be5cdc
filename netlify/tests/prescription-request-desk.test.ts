import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestKey } from '../../src/domain/prescription-request-link';
import { inMemoryCatalogueIndex } from '../../src/features/checkout/server/catalogue-index';
import { inMemoryReorderIndex } from '../../src/features/checkout/server/reorder-index';
import { respond } from '../../src/lib/server/http';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { buildDeskDependencies } from '../../src/features/desk/server/dependencies';
import type { DeskDependencies } from '../../src/features/desk/server/handlers';
import { handleRequestDecision, handleRequestFile } from '../../src/features/desk/server/request-handlers';
import { submitRequest } from '../../src/features/prescription-requests/server/request-functions';
import { startMailEmulator, type SentEmail } from '../../emulators/mail/index.ts';
import { startMsg91Emulator } from '../../emulators/msg91/index.ts';
import { localMsg91TemplateId, registeredSmsTemplates } from '../../src/domain/messages';
import { BENGALURU_DELIVERY, checkoutBody, SITE_URL, startTestStack, TEST_CATALOGUE, TEST_DRUG_TAX, type TestStack } from './test-stack';
import { inMemoryDrugTaxIndex } from '../../src/features/desk/server/dispatch-records';

let stack: TestStack;
let mail: Awaited<ReturnType<typeof startMailEmulator>>;
let msg91: Awaited<ReturnType<typeof startMsg91Emulator>>;
const inbox: SentEmail[] = [];
let desk: DeskDependencies;
let admin: SupabaseClient;
let pharmacist: string;

const catalogue = inMemoryCatalogueIndex(TEST_CATALOGUE);

beforeAll(async () => {
  stack = await startTestStack();
  mail = await startMailEmulator({ apiKey: 'mail-test-key', deliver: (sent) => void inbox.push(sent) });
  // SMS as production sends it: through MSG91 (its emulator checks the DLT template and variables).
  msg91 = await startMsg91Emulator({
    authKey: 'msg91-test-key',
    templates: registeredSmsTemplates().map((template) => ({ id: localMsg91TemplateId(template.name), text: template.text })),
    deliver: () => undefined,
    webhookUrl: null,
  });
  const sms = {
    MSG91_AUTH_KEY: 'msg91-test-key',
    MSG91_SENDER_ID: 'MDKART',
    MSG91_API_BASE: msg91.url,
    MSG91_TEMPLATE_IDS: registeredSmsTemplates().map((template) => `${template.name}=${localMsg91TemplateId(template.name)}`).join(','),
    MSG91_WEBHOOK_TOKEN: 'msg91-webhook-token-of-24-characters',
  };
  desk = buildDeskDependencies({ ...stack.env, ...sms, MAIL_API_BASE: mail.url, MAIL_API_KEY: 'mail-test-key', MAIL_FROM: 'MediKart <orders@medikart.test>' }, catalogue, inMemoryDrugTaxIndex(TEST_DRUG_TAX));
  admin = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });
  const { data, error } = await stack.anonClient().auth.signInWithPassword({ email: 'pharmacist@pharmacy.test', password: 'Pharma@12345' });
  if (error) throw error;
  pharmacist = data.session.access_token;
}, 240_000);
afterAll(async () => {
  await Promise.allSettled([stack?.close(), mail?.close(), msg91?.close()]);
});

async function call(handler: (req: Request, deps: DeskDependencies) => Promise<Response>, body: unknown) {
  const req = new Request(`${SITE_URL}/api/desk`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${pharmacist}` }, body: JSON.stringify(body) });
  const response = await respond('/api/desk', () => handler(req, desk));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A guest's request with one prescription photo, as the /prescription-order page sends it. */
async function guestRequest(): Promise<{ id: string; number: string; key: string }> {
  const session = randomUUID();
  const path = `guest-${session}/rx.png`;
  const upload = await stack.anonClient().storage.from('prescriptions').upload(path, new Blob(['png'], { type: 'image/png' }));
  expect(upload.error).toBeNull();
  const req = new Request(`${SITE_URL}/api/prescription-requests/submit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ delivery: BENGALURU_DELIVERY, files: [{ path, name: 'rx.png' }], guestSessionId: session }),
  });
  const response = await submitRequest(req, () => ({ orders: desk.orders, catalogue, reorder: inMemoryReorderIndex(new Map()), checkDelivery: stack.deps.checkDelivery }));
  expect(response.status).toBe(201);
  const { requestNumber } = (await response.json()) as { requestNumber: string };
  const { data } = await admin.from('prescription_requests').select('id').eq('request_number', requestNumber).single();
  return { id: data!.id as string, number: requestNumber, key: await requestKey(data!.id as string, stack.env.ORDER_LINK_SECRET) };
}

const threeLines = [
  { status: 'proposed', productId: 102, quantity: 2 },
  { status: 'proposed', productId: 101, quantity: 1 },
  { status: 'unavailable', name: 'Cough Syrup 100ml', reason: 'Out of stock with our supplier' },
];

const payBody = (request: { number: string; key?: string }, lines: { productId: number; quantity: number }[]) =>
  checkoutBody(lines, { prescriptionRequest: { number: request.number, ...(request.key ? { key: request.key } : {}) } });

describe('the pharmacist answers a request', () => {
  it('shows a file only through a logged 5-minute link', async () => {
    const request = await guestRequest();
    const { data: file } = await admin.from('prescription_request_files').select('id, file_path').eq('request_id', request.id).single();
    const viewed = await call(handleRequestFile, { requestId: request.id, fileId: file!.id });
    expect(viewed.status).toBe(200);
    expect(String(viewed.body.url)).toContain('/storage/v1/object/sign/prescriptions/');
    const { data: views } = await admin.from('prescription_views').select('request_id, order_id, file_path, viewer_role').eq('request_id', request.id);
    expect(views).toEqual([{ request_id: request.id, order_id: null, file_path: file!.file_path, viewer_role: 'pharmacist' }]);
  });

  it('sends a proposal once, mails the customer and texts them through MSG91 with the short link', async () => {
    const request = await guestRequest();
    expect(await call(handleRequestDecision, { requestId: request.id, decision: 'propose', lines: [{ status: 'proposed', productId: 103, quantity: 1 }] })).toEqual({
      status: 422,
      body: { error: 'Cough Syrup 100ml is sold out: mark it not available with a reason instead.' },
    });
    expect(await call(handleRequestDecision, { requestId: request.id, decision: 'propose', lines: threeLines })).toEqual({ status: 200, body: { status: 'proposed' } });
    expect(await call(handleRequestDecision, { requestId: request.id, decision: 'reject', reason: 'Too late' })).toEqual({
      status: 409,
      body: { error: `Request ${request.number} has just been answered: it is now proposed. Reload to see it.` },
    });
    expect(inbox.some((sent) => sent.subject === `Your medicines for request ${request.number} are ready to approve`)).toBe(true);
    const { data: sms } = await admin.from('message_outbox').select('body, sent_at, provider_message_id').eq('request_id', request.id).eq('channel', 'sms').eq('kind', 'request_proposed').single();
    expect(sms!.body).toMatch(new RegExp(`^MediKart: medicines for request ${request.number} are ready\\. Approve and pay in 7 days: ${SITE_URL}/s/r/${request.number}/[\\w-]{12}$`));
    expect(sms!.sent_at).not.toBeNull();
    expect(msg91.sent.filter((sent) => sent.requestId === sms!.provider_message_id)).toEqual([expect.objectContaining({ text: sms!.body, segments: 1 })]);
  });
});

describe('the customer pays for a proposal', () => {
  it('refuses more than proposed, a product not proposed and a guest without the key, then pays and skips the second review', async () => {
    const request = await guestRequest();
    await call(handleRequestDecision, { requestId: request.id, decision: 'propose', lines: threeLines });
    const create = paymentHandler('razorpay', 'create');

    expect(await stack.call(create, payBody(request, [{ productId: 102, quantity: 3 }]))).toEqual({
      status: 422,
      body: { error: 'You can buy at most 2 of Amoxicillin 250mg Capsule: that is what our pharmacist proposed from your prescription.' },
    });
    expect((await stack.call(create, payBody(request, [{ productId: 106, quantity: 1 }]))).status).toBe(422);
    expect((await stack.call(create, payBody({ number: request.number }, [{ productId: 102, quantity: 1 }]))).status).toBe(403);

    const created = await stack.call(create, payBody(request, [{ productId: 102, quantity: 1 }, { productId: 101, quantity: 1 }]));
    expect(created.status).toBe(200);
    const providerOrderId = (created.body.order as { id: string }).id;
    const paid = await stack.payInRazorpay(providerOrderId);
    expect((await stack.call(paymentHandler('razorpay', 'verify'), paid)).status).toBe(200);

    const [order] = await stack.ordersWhere('provider_order_id', providerOrderId);
    expect(order!.status).toBe('confirmed');
    expect(order!.prescription_paths).toHaveLength(1);
    expect(order!.delivery_pin_code).toBe('560038');
    const { data: row } = await admin.from('prescription_requests').select('status, order_id').eq('id', request.id).single();
    expect(row).toEqual({ status: 'paid', order_id: order!.id });
    const { data: lines } = await admin.from('prescription_request_lines').select('quantity').eq('request_id', request.id).order('position');
    expect(lines!.map((line) => line.quantity)).toEqual([1, 1, 0]);

    expect(await stack.call(create, payBody(request, [{ productId: 102, quantity: 1 }]))).toEqual({
      status: 409,
      body: { error: `This request is already paid: it is order ${order!.order_number}. Nothing more is charged.` },
    });
  });

  it('refuses an expired proposal with the sentence to upload again', async () => {
    const request = await guestRequest();
    await call(handleRequestDecision, { requestId: request.id, decision: 'propose', lines: threeLines });
    await admin.rpc('expire_prescription_requests', { p_now: new Date(Date.now() + 8 * 86_400_000).toISOString() });
    expect(await stack.call(paymentHandler('razorpay', 'create'), payBody(request, [{ productId: 102, quantity: 1 }]))).toEqual({
      status: 409,
      body: { error: 'This request has expired: it was not approved within 7 days. Upload your prescription again to order.' },
    });
  });
});
