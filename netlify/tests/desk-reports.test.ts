import { readFileSync } from 'node:fs';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDay } from '../../src/domain/gst-returns';
import { buildInvoice, sellerSchema, type DispatchedLine } from '../../src/domain/tax-invoice';
import { SupabaseDeskStore } from '../../src/features/desk/server/desk-store';
import { handleReports, SupabaseReportsStore } from '../../src/features/reports/server/reports';
import { respond } from '../../src/lib/server/http';
import { DEMO_USER, SITE_URL, startTestStack, type TestStack } from './test-stack';

// /api/desk/reports on the emulated Supabase: only the owner reads the month's returns and the
// daily report, and the month it gets is its stored invoices minus its credit notes.

const seller = sellerSchema.parse(JSON.parse(readFileSync('content/pharmacy/seller.json', 'utf8')));
let stack: TestStack;
let admin: SupabaseClient;
let reports: SupabaseReportsStore;
let verify: (token: string) => ReturnType<SupabaseDeskStore['verifyAccessToken']>;
const roles = ['owner', 'marketing', 'support', 'pharmacist', 'customer'] as const;
const tokens = {} as Record<(typeof roles)[number], string>;

beforeAll(async () => {
  stack = await startTestStack();
  admin = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });
  reports = new SupabaseReportsStore(stack.supabase.url, stack.supabase.serviceRoleKey);
  const desk = new SupabaseDeskStore(stack.supabase.url, stack.supabase.serviceRoleKey);
  verify = (token) => desk.verifyAccessToken(token);
  const signIns: Record<(typeof roles)[number], [string, string]> = {
    owner: ['owner@pharmacy.test', 'Owner@12345'],
    marketing: ['marketing@pharmacy.test', 'Market@12345'],
    support: ['support@pharmacy.test', 'Support@12345'],
    pharmacist: ['pharmacist@pharmacy.test', 'Pharma@12345'],
    customer: [DEMO_USER.email, DEMO_USER.password],
  };
  await Promise.all(roles.map(async (role) => (tokens[role] = await stack.accessToken(...signIns[role]))));
}, 240_000);

afterAll(async () => {
  await stack?.close();
});

const call = (token: string | null, body: unknown, raw?: string) =>
  respond('/api/desk/reports', () =>
    handleReports(
      new Request(`${SITE_URL}/api/desk/reports`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: raw ?? JSON.stringify(body) }),
      verify,
      reports,
      seller.gstin,
    ),
  );

const line = (name: string, hsnCode: string, gstRate: 0 | 5 | 12 | 18, unitPricePaise: number, quantity: number): DispatchedLine => ({
  name,
  hsnCode,
  gstRate,
  schedule: 'OTC',
  unitPricePaise,
  batches: [{ batchNumber: `R-${gstRate}`, expiryDate: '2028-03-31', quantity, mrpPaise: unitPricePaise }],
});

let placed = 0;
/** A cash-on-delivery order delivered to `state`, with its tax invoice issued by the database. */
async function invoicedOrder(state: string, lines: DispatchedLine[]): Promise<string> {
  placed += 1;
  const amount = lines.reduce((sum, each) => sum + each.unitPricePaise * each.batches[0]!.quantity, 0);
  const { data, error } = await admin
    .from('orders')
    .insert({
      user_id: DEMO_USER.id,
      provider: 'cod',
      provider_order_id: `cod_reports_${placed}_${Date.now()}`,
      amount_paise: amount,
      lines: lines.map((each, index) => ({ product_id: 101 + index, name: each.name, unit_mrp_paise: each.unitPricePaise, unit_price_paise: each.unitPricePaise, quantity: each.batches[0]!.quantity })),
      delivery_name: 'Asha Rao',
      delivery_mobile: '+919822211111',
      delivery_email: 'asha.reports@example.test',
      delivery_line1: '12 MG Road',
      delivery_city: state === 'Karnataka' ? 'Bengaluru' : 'Pune',
      delivery_state: state,
      delivery_pin_code: state === 'Karnataka' ? '560001' : '411001',
      delivery_zone_id: 'bengaluru-central',
      promised_delivery_date: '2026-12-01',
    })
    .select('id, order_number')
    .single();
  if (error) throw error;
  const document = buildInvoice({
    seller,
    buyer: { name: 'Asha Rao', addressLines: ['12 MG Road'], state, pinCode: '560001' },
    orderNumber: data.order_number as string,
    lines,
    pharmacist: { name: 'Asha Rao', registrationNumber: 'KA-PH-004512' },
    paidPaise: amount,
  });
  const issued = await admin.rpc('issue_tax_document', { p_order_id: data.id, p_kind: 'invoice', p_document: document });
  if (issued.error) throw issued.error;
  return data.id as string;
}

describe('POST /api/desk/reports', () => {
  it('refuses marketing, support, a pharmacist and a customer (403) and a stranger (401), before reading the body', async () => {
    for (const body of [{ report: 'month', month: '2026-11' }, { report: 'daily', from: '2026-11-01', to: '2026-11-02' }]) {
      for (const role of ['marketing', 'support', 'pharmacist', 'customer'] as const) {
        const answer = await call(tokens[role], body);
        expect(answer.status, role).toBe(403);
        expect(await answer.json()).not.toHaveProperty('month');
      }
      expect((await call(null, body)).status).toBe(401);
    }
    for (const role of ['marketing', 'customer'] as const) {
      expect(await (await call(tokens[role], null, 'not json')).json()).toEqual({ error: 'This area is for pharmacy staff.' });
    }
    expect(await (await call(tokens.pharmacist, null, 'not json')).json()).toEqual({ error: 'Only an owner can do this.' });
    expect((await call(tokens.owner, null, 'not json')).status).toBe(400);
    expect((await call(tokens.owner, { report: 'month', month: '2026-13' })).status).toBe(400);
  });

  it('gives the owner the month from its stored invoices minus its credit notes, to the paisa', async () => {
    const month = indiaDay(new Date().toISOString()).slice(0, 7);
    const intra = await invoicedOrder('Karnataka', [line('Paracetamol 650mg Tablet', '30049099', 5, 3_099, 3), line('Niacinamide Serum', '33049990', 18, 49_999, 1)]);
    await invoicedOrder('Maharashtra', [line('Azithromycin 500mg Tablet', '30042019', 12, 11_933, 2), line('Insulin Glargine', '30043110', 0, 64_550, 1)]);
    const returned = await invoicedOrder('Karnataka', [line('Cetirizine 10mg Tablet', '30049099', 5, 2_250, 2)]);
    const credited = await admin.rpc('issue_credit_note', { p_order_id: returned, p_reason: 'Order returned' });
    if (credited.error) throw credited.error;

    const { data: stored } = await admin.from('tax_documents').select('kind, document').order('id');
    const sum = (kind: string, key: 'taxablePaise' | 'igstPaise' | 'cgstPaise' | 'sgstPaise' | 'totalPaise') =>
      (stored ?? []).filter((row) => row.kind === kind).reduce((total, row) => total + (row.document as { totals: Record<string, number> }).totals[key]!, 0);

    const answer = await call(tokens.owner, { report: 'month', month });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.counts).toEqual({ invoices: 3, creditNotes: 1 });
    for (const key of ['taxablePaise', 'igstPaise', 'cgstPaise', 'sgstPaise', 'totalPaise'] as const) {
      expect(body.totals.net[key], key).toBe(sum('invoice', key) - sum('credit_note', key));
    }
    expect(body.gstr1).toMatchObject({ gstin: seller.gstin, fp: `${month.slice(5)}${month.slice(0, 4)}`, hsn: { hsn_b2c: expect.any(Array) } });
    const b2cs = body.gstr1.b2cs as { txval: number; pos: string }[];
    const nil = body.gstr1.nil.inv as { nil_amt: number }[];
    expect(b2cs.reduce((total, row) => total + Math.round(row.txval * 100), 0) + nil.reduce((total, row) => total + Math.round(row.nil_amt * 100), 0)).toBe(sum('invoice', 'taxablePaise') - sum('credit_note', 'taxablePaise'));
    expect(b2cs.map((row) => row.pos).sort()).toEqual(['27', '29', '29']);
    expect(body.gstr3b.interStateUnregistered).toEqual([expect.objectContaining({ stateCode: '27', state: 'Maharashtra' })]);
    // The shop's document numbers fit Rule 46's 16 characters: the portal takes the file as it is.
    expect(body.problems).toEqual([]);

    const csv = await call(tokens.owner, { report: 'csv', month });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="tax-documents-${month}.csv"`);
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(1 + 2 + 2 + 1 + 1);
    expect(intra).toBeTruthy();
  });

  it('gives the owner the daily report of the orders placed', async () => {
    const today = indiaDay(new Date().toISOString());
    const answer = await call(tokens.owner, { report: 'daily', from: today, to: today });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.days).toHaveLength(1);
    expect(body.total.orders).toBeGreaterThanOrEqual(3);
    expect(body.methods.find((row: { method: string }) => row.method === 'cod').orders).toBe(body.total.orders);
    expect((await call(tokens.owner, { report: 'daily', from: today, to: '2000-01-01' })).status).toBe(400);
  });
});
