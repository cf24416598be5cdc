import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { daysBetween, dailySales, MAX_REPORT_DAYS, reportOrderSchema, reportRefundSchema, reportMethods, type ReportMethod, type ReportOrder, type ReportRefund } from '../../../domain/daily-sales';
import { documentLinesCsv, gstr1Json, gstr1Problems, gstr3bSummary, monthBounds, monthReturn, monthSchema, type StoredTaxDocument } from '../../../domain/gst-returns';
import { invoiceDocumentSchema } from '../../../domain/tax-invoice';
import { API_SECURITY_HEADERS, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import { requireStaff, type VerifiedUser } from '../../desk/server/staff';

/**
 * POST /api/desk/reports, for the owner (or accountant) only: the month's GST returns from the
 * stored invoices and credit notes, the CSV of their rows, and the daily sales report. Reads as
 * the service role; the caller's role is checked from the verified token before the body is read.
 */

const isoDate = z.iso.date({ error: 'Dates are YYYY-MM-DD.' });
export const reportsRequestSchema = z.discriminatedUnion('report', [
  z.strictObject({ report: z.literal('month'), month: monthSchema }),
  z.strictObject({ report: z.literal('csv'), month: monthSchema }),
  z
    .strictObject({ report: z.literal('daily'), from: isoDate, to: isoDate })
    .refine((range) => range.from <= range.to, { error: 'The start date must not be after the end date.' })
    .refine((range) => daysBetween(range.from, range.to).length <= MAX_REPORT_DAYS, { error: `A report covers at most ${MAX_REPORT_DAYS} days.` }),
]);
export type ReportsRequest = z.infer<typeof reportsRequestSchema>;

export interface ReportsStore {
  /** Every invoice and credit note issued from `from` (included) to `to` (excluded). */
  documentsIssued(from: string, to: string): Promise<StoredTaxDocument[]>;
  /** The totals of these invoices, by number. */
  invoiceTotals(numbers: readonly string[]): Promise<Map<string, number>>;
  ordersCreated(from: string, to: string): Promise<ReportOrder[]>;
  refundsStarted(from: string, to: string): Promise<ReportRefund[]>;
  methodsOf(orderIds: readonly string[]): Promise<Map<string, ReportMethod>>;
}

const storedDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  financial_year: z.string(),
  sequence_number: z.number().int(),
  refers_to: z.string().nullable(),
  order_number: z.string(),
  issued_at: z.string(),
  document: invoiceDocumentSchema,
});
const DOCUMENT_COLUMNS = 'kind, number, financial_year, sequence_number, refers_to, order_number, issued_at, document';
const PAGE = 1000;

/** PostgREST answers at most its max-rows per request: read in pages until a short one. */
async function allPages<T>(read: (from: number, to: number) => PromiseLike<{ data: unknown[] | null; error: { message: string } | null }>, schema: z.ZodType<T>, what: string): Promise<T[]> {
  const rows: T[] = [];
  for (let start = 0; ; start += PAGE) {
    const { data, error } = await read(start, start + PAGE - 1);
    if (error) throw new Error(`reading ${what}: ${error.message}`);
    rows.push(...z.array(schema).parse(data ?? []));
    if ((data ?? []).length < PAGE) return rows;
  }
}

const IN_CHUNK = 200;
const chunks = <T>(values: readonly T[]) => Array.from({ length: Math.ceil(values.length / IN_CHUNK) }, (_, index) => values.slice(index * IN_CHUNK, (index + 1) * IN_CHUNK));

export class SupabaseReportsStore implements ReportsStore {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  }

  documentsIssued(from: string, to: string): Promise<StoredTaxDocument[]> {
    return allPages(
      (start, end) => this.client.from('tax_documents').select(DOCUMENT_COLUMNS).gte('issued_at', from).lt('issued_at', to).order('id').range(start, end),
      storedDocumentSchema,
      'the month’s tax documents',
    );
  }

  async invoiceTotals(numbers: readonly string[]): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (const chunk of chunks([...new Set(numbers)])) {
      const { data, error } = await this.client.from('tax_documents').select('number, document').eq('kind', 'invoice').in('number', chunk);
      if (error) throw new Error(`reading reversed invoices: ${error.message}`);
      for (const row of z.array(z.object({ number: z.string(), document: z.object({ totals: z.object({ totalPaise: z.number().int() }) }) })).parse(data)) {
        totals.set(row.number, row.document.totals.totalPaise);
      }
    }
    return totals;
  }

  ordersCreated(from: string, to: string): Promise<ReportOrder[]> {
    return allPages(
      (start, end) => this.client.from('orders').select('id, provider, status, payment_status, amount_paise, created_at').gte('created_at', from).lt('created_at', to).order('created_at').order('id').range(start, end),
      reportOrderSchema,
      'the orders',
    );
  }

  refundsStarted(from: string, to: string): Promise<ReportRefund[]> {
    return allPages(
      (start, end) => this.client.from('refunds').select('order_id, amount_paise, state, created_at').gte('created_at', from).lt('created_at', to).order('created_at').order('id').range(start, end),
      reportRefundSchema,
      'the refunds',
    );
  }

  async methodsOf(orderIds: readonly string[]): Promise<Map<string, ReportMethod>> {
    const methods = new Map<string, ReportMethod>();
    for (const chunk of chunks([...new Set(orderIds)])) {
      const { data, error } = await this.client.from('orders').select('id, provider').in('id', chunk);
      if (error) throw new Error(`reading the refunds' orders: ${error.message}`);
      for (const row of z.array(z.object({ id: z.string(), provider: z.enum(reportMethods) })).parse(data)) methods.set(row.id, row.provider);
    }
    return methods;
  }
}

/** The first instant of an India day, and of the day after another. */
const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 330 * 60_000).toISOString();
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000 - 330 * 60_000).toISOString();

export async function handleReports(req: Request, verify: (token: string) => Promise<VerifiedUser | null>, store: ReportsStore, sellerGstin: string): Promise<Response> {
  requirePost(req);
  await requireStaff(req, verify, ['owner']);
  const body = parseBody(reportsRequestSchema, parseJson(await readRawBody(req)));
  if (body.report === 'daily') {
    const [orders, refunds] = await Promise.all([store.ordersCreated(dayStart(body.from), dayAfter(body.to)), store.refundsStarted(dayStart(body.from), dayAfter(body.to))]);
    const methodOfOrder = await store.methodsOf(refunds.map((refund) => refund.order_id));
    return jsonResponse(dailySales({ from: body.from, to: body.to, orders, refunds, methodOfOrder }));
  }
  const { from, to } = monthBounds(body.month);
  const documents = await store.documentsIssued(from, to);
  if (body.report === 'csv') {
    return new Response(documentLinesCsv(documents), {
      headers: {
        ...API_SECURITY_HEADERS,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="tax-documents-${body.month}.csv"`,
        'cache-control': 'no-store',
      },
    });
  }
  const reversed = documents.flatMap((document) => (document.kind === 'credit_note' && document.refers_to ? [document.refers_to] : []));
  const month = monthReturn({ month: body.month, gstin: sellerGstin, documents, reversedInvoiceTotals: await store.invoiceTotals(reversed) });
  const gstr1 = gstr1Json(month);
  return jsonResponse({
    month: body.month,
    fileName: `GSTR1_${sellerGstin}_${gstr1.fp}.json`,
    gstr1,
    problems: gstr1Problems(gstr1),
    gstr3b: gstr3bSummary(month, documents),
    totals: month.totals,
    counts: { invoices: documents.filter((document) => document.kind === 'invoice').length, creditNotes: documents.filter((document) => document.kind === 'credit_note').length },
  });
}
