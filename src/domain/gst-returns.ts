/**
 * The month's GST returns from the store's own tax documents: the GSTR-1 JSON in the GST portal's
 * offline tool format, a CSV of every invoice and credit note row, and the GSTR-3B summary.
 *
 * Every figure is summed from the stored invoices and credit notes (src/domain/tax-invoice.ts:
 * rows in paise, frozen when issued), in paise, and turned into rupees only when written out, so a
 * month's return is its invoices minus its credit notes to the paisa. A pharmacy sells to
 * consumers (unregistered buyers), so there is no B2B table:
 * - b2cs (Table 7): every intra-state invoice and every inter-state invoice up to Rs 1,00,000, net
 *   of the month's credit notes against them, by supply type, place of supply and rate;
 * - b2cl (Table 5): inter-state invoices above Rs 1,00,000 (Notification 12/2024-Central Tax, from
 *   August 2024), each with its items by rate; cdnur (Table 9B): credit notes against them;
 * - nil (Table 8): 0 % (nil-rated) supplies, intra- and inter-state, net of credit notes;
 * - hsn (Table 12): quantity and values per HSN code and rate, net of credit notes (B2C tab);
 * - doc_issue (Table 13): each series' first and last number, total and cancelled (an issued
 *   invoice is never cancelled here: a cancelled or returned sale gets a credit note).
 */
import { z } from 'zod';
import type { GstRate, Supply } from './gst';
import type { InvoiceDocument, InvoiceRow } from './tax-invoice';

/** The GST state codes (the first two digits of a GSTIN), by the state names the address form uses. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

export class UnknownPlaceOfSupply extends Error {}

/** A place of supply's GST state code ("Karnataka" -> "29"), compared without case or surrounding spaces. */
export function stateCode(state: string): string {
  const wanted = state.trim().toLowerCase();
  const found = Object.entries(GST_STATE_CODES).find(([name]) => name.toLowerCase() === wanted);
  if (!found) throw new UnknownPlaceOfSupply(`"${state}" is not a state or union territory with a GST state code`);
  return found[1];
}

/** Invoices to unregistered buyers in another state above this value go to B2C large (Rs 1,00,000 since August 2024). */
export const B2CL_THRESHOLD_PAISE = 1_00_000_00;

/** A stored invoice or credit note as the reports read it (public.tax_documents). */
export interface StoredTaxDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  financial_year: string;
  sequence_number: number;
  refers_to: string | null;
  order_number: string;
  issued_at: string;
  document: InvoiceDocument;
}

/** A month as the desk picks it: "2026-11". */
export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM, like 2026-11.');

/** The month's first instant and the next month's first instant, in India (UTC+05:30), as ISO strings. */
export function monthBounds(month: string): { from: string; to: string } {
  const [year, monthNumber] = monthSchema.parse(month).split('-').map(Number) as [number, number];
  const start = Date.UTC(year, monthNumber - 1, 1) - 330 * 60_000;
  const end = Date.UTC(year, monthNumber, 1) - 330 * 60_000;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** The calendar day in India of an instant, as YYYY-MM-DD. */
export function indiaDay(instant: string): string {
  return new Date(Date.parse(instant) + 330 * 60_000).toISOString().slice(0, 10);
}

/** The portal's dates are dd-mm-yyyy. */
const portalDate = (instant: string) => indiaDay(instant).split('-').reverse().join('-');

/** Paise to the portal's rupees with at most two decimals (integer arithmetic, then one division). */
export const rupees = (paise: number): number => Math.round(paise) / 100;

interface Amounts {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

const zero = (): Amounts => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 });

function add(into: Amounts, row: Pick<InvoiceRow, 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'amountPaise'>, sign: 1 | -1): void {
  into.taxablePaise += sign * row.taxablePaise;
  into.cgstPaise += sign * row.cgstPaise;
  into.sgstPaise += sign * row.sgstPaise;
  into.igstPaise += sign * row.igstPaise;
  into.totalPaise += sign * row.amountPaise;
}

const sign = (document: StoredTaxDocument): 1 | -1 => (document.kind === 'invoice' ? 1 : -1);

/** Whether an invoice (or the invoice a credit note reverses, by its value and supply) is B2C large. */
export function isB2cl(supply: Supply, invoiceTotalPaise: number): boolean {
  return supply === 'inter_state' && invoiceTotalPaise > B2CL_THRESHOLD_PAISE;
}

// --- GSTR-1, in paise -----------------------------------------------------------------------------

export interface B2csRow extends Amounts {
  supply: Supply;
  stateCode: string;
  rate: GstRate;
}

export interface HsnRow extends Amounts {
  hsnCode: string;
  rate: GstRate;
  quantity: number;
  description: string;
}

export interface SeriesRow {
  kind: 'invoice' | 'credit_note';
  financialYear: string;
  from: string;
  to: string;
  total: number;
  cancelled: number;
}

export interface NilRow {
  supply: Supply;
  nilPaise: number;
}

export interface MonthReturn {
  month: string;
  gstin: string;
  b2cs: B2csRow[];
  b2cl: { document: StoredTaxDocument; stateCode: string; byRate: (Amounts & { rate: GstRate })[] }[];
  cdnur: { document: StoredTaxDocument; stateCode: string; byRate: (Amounts & { rate: GstRate })[] }[];
  nil: NilRow[];
  hsn: HsnRow[];
  documents: SeriesRow[];
  /** Every invoice of the month, every credit note of the month, and the first minus the second. */
  totals: { invoices: Amounts; creditNotes: Amounts; net: Amounts };
}

export interface MonthReturnInput {
  month: string;
  /** The seller's GSTIN (content/pharmacy/seller.json), for a month with no documents too. */
  gstin: string;
  /** The month's invoices and credit notes (issued in the month, India time). */
  documents: readonly StoredTaxDocument[];
  /** The total of each invoice a credit note of the month reverses (issued in any month), by number: decides B2C large. */
  reversedInvoiceTotals: ReadonlyMap<string, number>;
}

function byRate(rows: readonly InvoiceRow[]): (Amounts & { rate: GstRate })[] {
  const rates = new Map<GstRate, Amounts & { rate: GstRate }>();
  for (const row of rows) {
    const entry = rates.get(row.gstRate) ?? { ...zero(), rate: row.gstRate };
    add(entry, row, 1);
    rates.set(row.gstRate, entry);
  }
  return [...rates.values()].sort((a, b) => a.rate - b.rate);
}

export function monthReturn(input: MonthReturnInput): MonthReturn {
  const { from, to } = monthBounds(input.month);
  const documents = [...input.documents].sort((a, b) => a.kind.localeCompare(b.kind) || a.financial_year.localeCompare(b.financial_year) || a.sequence_number - b.sequence_number);
  for (const document of documents) {
    if (document.issued_at < from || document.issued_at >= to) {
      throw new RangeError(`${document.number} was issued on ${indiaDay(document.issued_at)}, outside ${input.month}`);
    }
  }
  const b2cs = new Map<string, B2csRow>();
  const nil = new Map<Supply, NilRow>();
  const hsn = new Map<string, HsnRow>();
  const b2cl: MonthReturn['b2cl'] = [];
  const cdnur: MonthReturn['cdnur'] = [];
  const totals = { invoices: zero(), creditNotes: zero(), net: zero() };

  for (const stored of documents) {
    const { document } = stored;
    const code = stateCode(document.placeOfSupply);
    const invoiceTotal = stored.kind === 'invoice' ? document.totals.totalPaise : (input.reversedInvoiceTotals.get(stored.refers_to ?? '') ?? document.totals.totalPaise);
    const large = isB2cl(document.supply, invoiceTotal);
    const direction = sign(stored);
    for (const row of document.rows) {
      add(stored.kind === 'invoice' ? totals.invoices : totals.creditNotes, row, 1);
      add(totals.net, row, direction);
      const hsnKey = `${row.hsnCode}\u0000${row.gstRate}`;
      const hsnRow = hsn.get(hsnKey) ?? { ...zero(), hsnCode: row.hsnCode, rate: row.gstRate, quantity: 0, description: row.name };
      add(hsnRow, row, direction);
      hsnRow.quantity += direction * row.quantity;
      hsn.set(hsnKey, hsnRow);
      if (large) continue;
      if (row.gstRate === 0) {
        const nilRow = nil.get(document.supply) ?? { supply: document.supply, nilPaise: 0 };
        nilRow.nilPaise += direction * row.amountPaise;
        nil.set(document.supply, nilRow);
        continue;
      }
      const key = `${document.supply}\u0000${code}\u0000${row.gstRate}`;
      const entry = b2cs.get(key) ?? { ...zero(), supply: document.supply, stateCode: code, rate: row.gstRate };
      add(entry, row, direction);
      b2cs.set(key, entry);
    }
    if (large) (stored.kind === 'invoice' ? b2cl : cdnur).push({ document: stored, stateCode: code, byRate: byRate(document.rows) });
  }

  const series = new Map<string, StoredTaxDocument[]>();
  for (const document of documents) {
    const key = `${document.kind}\u0000${document.financial_year}`;
    series.set(key, [...(series.get(key) ?? []), document]);
  }

  return {
    month: input.month,
    gstin: input.gstin,
    b2cs: [...b2cs.values()].sort((a, b) => a.stateCode.localeCompare(b.stateCode) || a.rate - b.rate),
    b2cl,
    cdnur,
    nil: [...nil.values()].sort((a, b) => a.supply.localeCompare(b.supply)),
    hsn: [...hsn.values()].sort((a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.rate - b.rate),
    documents: [...series.values()].map((run) => ({
      kind: run[0]!.kind,
      financialYear: run[0]!.financial_year,
      from: run[0]!.number,
      to: run.at(-1)!.number,
      total: run.length,
      cancelled: 0,
    })),
    totals,
  };
}

// --- The GSTR-1 JSON (offline tool format) ------------------------------------------------------

/** Amounts as the portal takes them: rupees with at most two decimals. */
const amount = z.number().refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'at most two decimals');
const nonNegative = amount.refine((value) => value >= 0, 'must not be negative');
/** A b2cs row is net of the month's credit notes; one that comes out below zero goes to the portal as an amendment (b2csa) instead. */
const netOfNotes = amount.refine((value) => value >= 0, 'the month’s credit notes outweigh its sales here: report it as an amendment (b2csa) of the invoices’ month');
const stateCodeSchema = z.string().regex(/^(0[1-9]|[12][0-9]|3[0-8]|97)$/, 'a GST state code');
const rate = z.union([z.literal(0), z.literal(0.1), z.literal(0.25), z.literal(1), z.literal(1.5), z.literal(3), z.literal(5), z.literal(6), z.literal(7.5), z.literal(12), z.literal(18), z.literal(28), z.literal(40)]);
const portalDateSchema = z.string().regex(/^(0[1-9]|[12][0-9]|3[01])-(0[1-9]|1[0-2])-\d{4}$/, 'dd-mm-yyyy');
/** Rule 46(b): a serial number of at most 16 characters, of letters, digits, "/" and "-". */
const documentNumber = z.string().regex(/^[A-Za-z0-9/-]{1,16}$/, 'a document number is at most 16 letters, digits, "/" and "-" (Rule 46)');
const interItem = z.strictObject({ num: z.number().int().positive(), itm_det: z.strictObject({ rt: rate, txval: nonNegative, iamt: nonNegative, csamt: nonNegative }) });

/**
 * The GSTR-1 JSON the GST portal's offline tool imports, as its documentation describes it: gstin
 * and fp (MMYYYY), then one key per table. Only the tables a B2C pharmacy fills are allowed here;
 * b2cs and hsn are net of the month's credit notes (the portal takes Table 7 and Table 12 net), so
 * a month whose credit notes outweigh its sales in one b2cs row shows a negative value there, which
 * the schema (as the portal) refuses: that adjustment goes in as an amendment (b2csa) instead.
 */
export const gstr1Schema = z.strictObject({
  gstin: z.string().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/),
  fp: z.string().regex(/^(0[1-9]|1[0-2])\d{4}$/, 'the return period is MMYYYY'),
  version: z.string().min(1),
  hash: z.literal('hash'),
  b2cs: z
    .array(
      z.strictObject({
        sply_ty: z.enum(['INTRA', 'INTER']),
        pos: stateCodeSchema,
        typ: z.literal('OE'),
        rt: rate,
        txval: netOfNotes,
        iamt: netOfNotes.optional(),
        camt: netOfNotes.optional(),
        samt: netOfNotes.optional(),
        csamt: amount,
      }),
    )
    .optional(),
  b2cl: z
    .array(
      z.strictObject({
        pos: stateCodeSchema,
        inv: z.array(z.strictObject({ inum: documentNumber, idt: portalDateSchema, val: nonNegative.refine((value) => value > 100_000, 'a B2C large invoice is above Rs 1,00,000'), itms: z.array(interItem).min(1) })).min(1),
      }),
    )
    .optional(),
  cdnur: z
    .array(
      z.strictObject({
        typ: z.literal('B2CL'),
        ntty: z.enum(['C', 'D']),
        nt_num: documentNumber,
        nt_dt: portalDateSchema,
        pos: stateCodeSchema,
        val: nonNegative,
        itms: z.array(interItem).min(1),
      }),
    )
    .optional(),
  nil: z
    .strictObject({
      inv: z.array(z.strictObject({ sply_ty: z.enum(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C']), expt_amt: amount, nil_amt: amount, ngsup_amt: amount })),
    })
    .optional(),
  hsn: z.strictObject({
    hsn_b2c: z.array(
      z.strictObject({
        num: z.number().int().positive(),
        hsn_sc: z.string().regex(/^\d{4,8}$/, 'an HSN code of 4 to 8 digits'),
        desc: z.string().max(30),
        uqc: z.string().regex(/^[A-Z]{3}$/),
        qty: z.number(),
        rt: rate,
        txval: amount,
        iamt: amount,
        camt: amount,
        samt: amount,
        csamt: amount,
      }),
    ),
  }),
  doc_issue: z.strictObject({
    doc_det: z.array(
      z.strictObject({
        doc_num: z.number().int().min(1).max(12),
        doc_typ: z.string().min(1),
        docs: z.array(
          z.strictObject({
            num: z.number().int().positive(),
            from: documentNumber,
            to: documentNumber,
            totnum: z.number().int().nonnegative(),
            cancel: z.number().int().nonnegative(),
            net_issue: z.number().int().nonnegative(),
          }),
        ),
      }),
    ),
  }),
});
export type Gstr1Json = z.infer<typeof gstr1Schema>;

/** The offline tool's version this file follows. */
export const GSTR1_VERSION = 'GST3.2.1';

/**
 * Where a GSTR-1 JSON breaks the portal's rules (gstr1Schema), one sentence each; none for a file
 * the offline tool imports. The desk shows them beside the download rather than withholding the
 * file: the accountant may still need the figures while a problem (such as a number issued before
 * the short series, longer than Rule 46's 16 characters) is being put right.
 */
export function gstr1Problems(json: unknown): string[] {
  const parsed = gstr1Schema.safeParse(json);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/** The return as the GSTR-1 JSON (check it with gstr1Problems). */
export function gstr1Json(month: MonthReturn): Gstr1Json {
  const [year, monthNumber] = month.month.split('-') as [string, string];
  const items = (byRateRows: MonthReturn['b2cl'][number]['byRate']) =>
    byRateRows.map((row, index) => ({ num: index + 1, itm_det: { rt: row.rate, txval: rupees(row.taxablePaise), iamt: rupees(row.igstPaise), csamt: 0 } }));
  const b2clByState = new Map<string, Gstr1Json['b2cl'] & object>();
  for (const invoice of month.b2cl) {
    const entry = b2clByState.get(invoice.stateCode) ?? [{ pos: invoice.stateCode, inv: [] }];
    entry[0]!.inv.push({ inum: invoice.document.number, idt: portalDate(invoice.document.issued_at), val: rupees(invoice.document.document.totals.totalPaise), itms: items(invoice.byRate) });
    b2clByState.set(invoice.stateCode, entry);
  }
  const json: Gstr1Json = {
    gstin: month.gstin,
    fp: `${monthNumber}${year}`,
    version: GSTR1_VERSION,
    hash: 'hash',
    ...(month.b2cs.length > 0 && {
      b2cs: month.b2cs.map((row) => ({
        sply_ty: row.supply === 'intra_state' ? ('INTRA' as const) : ('INTER' as const),
        pos: row.stateCode,
        typ: 'OE' as const,
        rt: row.rate,
        txval: rupees(row.taxablePaise),
        ...(row.supply === 'intra_state' ? { camt: rupees(row.cgstPaise), samt: rupees(row.sgstPaise) } : { iamt: rupees(row.igstPaise) }),
        csamt: 0,
      })),
    }),
    ...(month.b2cl.length > 0 && { b2cl: [...b2clByState.values()].map((entry) => entry[0]!).sort((a, b) => a.pos.localeCompare(b.pos)) }),
    ...(month.cdnur.length > 0 && {
      cdnur: month.cdnur.map((note) => ({
        typ: 'B2CL' as const,
        ntty: 'C' as const,
        nt_num: note.document.number,
        nt_dt: portalDate(note.document.issued_at),
        pos: note.stateCode,
        val: rupees(note.document.document.totals.totalPaise),
        itms: items(note.byRate),
      })),
    }),
    ...(month.nil.length > 0 && {
      nil: { inv: month.nil.map((row) => ({ sply_ty: row.supply === 'intra_state' ? ('INTRAB2C' as const) : ('INTRB2C' as const), expt_amt: 0, nil_amt: rupees(row.nilPaise), ngsup_amt: 0 })) },
    }),
    hsn: {
      hsn_b2c: month.hsn.map((row, index) => ({
        num: index + 1,
        hsn_sc: row.hsnCode,
        desc: row.description.slice(0, 30),
        uqc: 'NOS',
        qty: row.quantity,
        rt: row.rate,
        txval: rupees(row.taxablePaise),
        iamt: rupees(row.igstPaise),
        camt: rupees(row.cgstPaise),
        samt: rupees(row.sgstPaise),
        csamt: 0,
      })),
    },
    doc_issue: {
      doc_det: (['invoice', 'credit_note'] as const)
        .map((kind) => ({ kind, runs: month.documents.filter((run) => run.kind === kind) }))
        .filter(({ runs }) => runs.length > 0)
        .map(({ kind, runs }) => ({
          doc_num: kind === 'invoice' ? 1 : 5,
          doc_typ: kind === 'invoice' ? 'Invoices for outward supply' : 'Credit Note',
          docs: runs.map((run, index) => ({ num: index + 1, from: run.from, to: run.to, totnum: run.total, cancel: run.cancelled, net_issue: run.total - run.cancelled })),
        })),
    },
  };
  return json;
}

// --- GSTR-3B -----------------------------------------------------------------------------------

export interface Gstr3bSummary {
  month: string;
  /** 3.1(a) Outward taxable supplies (other than zero rated, nil rated and exempted), by rate and in total. */
  outwardTaxable: { byRate: (Amounts & { rate: GstRate })[]; total: Amounts };
  /** 3.1(c) Other outward supplies (nil rated, exempted): the 0 % lines. */
  nilRatedPaise: number;
  /** 3.2 Of 3.1(a), inter-state supplies to unregistered persons, by place of supply. */
  interStateUnregistered: { stateCode: string; state: string; taxablePaise: number; igstPaise: number }[];
}

export function gstr3bSummary(month: MonthReturn, documents: readonly StoredTaxDocument[]): Gstr3bSummary {
  const rates = new Map<GstRate, Amounts & { rate: GstRate }>();
  const states = new Map<string, Gstr3bSummary['interStateUnregistered'][number]>();
  let nilRatedPaise = 0;
  for (const stored of documents) {
    const direction = sign(stored);
    for (const row of stored.document.rows) {
      if (row.gstRate === 0) {
        nilRatedPaise += direction * row.amountPaise;
        continue;
      }
      const entry = rates.get(row.gstRate) ?? { ...zero(), rate: row.gstRate };
      add(entry, row, direction);
      rates.set(row.gstRate, entry);
      if (stored.document.supply === 'inter_state') {
        const code = stateCode(stored.document.placeOfSupply);
        const place = states.get(code) ?? { stateCode: code, state: stored.document.placeOfSupply, taxablePaise: 0, igstPaise: 0 };
        place.taxablePaise += direction * row.taxablePaise;
        place.igstPaise += direction * row.igstPaise;
        states.set(code, place);
      }
    }
  }
  const byRate = [...rates.values()].sort((a, b) => a.rate - b.rate);
  const total = zero();
  for (const row of byRate) add(total, { ...row, amountPaise: row.totalPaise }, 1);
  return { month: month.month, outwardTaxable: { byRate, total }, nilRatedPaise, interStateUnregistered: [...states.values()].sort((a, b) => a.stateCode.localeCompare(b.stateCode)) };
}

// --- The CSV of every row ---------------------------------------------------------------------

const CSV_HEADER = [
  'Document',
  'Number',
  'Date',
  'Reverses invoice',
  'Order',
  'Place of supply',
  'State code',
  'Supply',
  'Item',
  'HSN',
  'Batch',
  'Expiry',
  'Quantity',
  'GST rate %',
  'Discount',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Amount',
];

function csvCell(value: string | number): string {
  const text = String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet; numbers are written by us and stay numbers.
  const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvRupees = (paise: number) => (paise < 0 ? '-' : '') + `${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

/**
 * One line per row of every invoice and credit note of the month, in document order; a credit
 * note's quantity and amounts are negative, so each column adds up to the month's net figure. A
 * coupon's discount is shown on its row; the taxable value and amount are after it (GST is charged
 * on the discounted value).
 */
export function documentLinesCsv(documents: readonly StoredTaxDocument[]): string {
  const sorted = [...documents].sort((a, b) => a.issued_at.localeCompare(b.issued_at) || a.number.localeCompare(b.number));
  const lines = [CSV_HEADER.join(',')];
  for (const stored of sorted) {
    const direction = sign(stored);
    const { document } = stored;
    for (const row of document.rows) {
      lines.push(
        [
          csvCell(stored.kind === 'invoice' ? 'Invoice' : 'Credit note'),
          csvCell(stored.number),
          csvCell(indiaDay(stored.issued_at)),
          csvCell(stored.refers_to ?? ''),
          csvCell(stored.order_number),
          csvCell(document.placeOfSupply),
          csvCell(stateCode(document.placeOfSupply)),
          csvCell(document.supply === 'intra_state' ? 'Intra-state' : 'Inter-state'),
          csvCell(row.name),
          csvCell(row.hsnCode),
          csvCell(row.batchNumber),
          csvCell(row.expiryDate),
          String(direction * row.quantity),
          String(row.gstRate),
          csvRupees(direction * (row.discountPaise ?? 0)),
          csvRupees(direction * row.taxablePaise),
          csvRupees(direction * row.cgstPaise),
          csvRupees(direction * row.sgstPaise),
          csvRupees(direction * row.igstPaise),
          csvRupees(direction * row.amountPaise),
        ].join(','),
      );
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
