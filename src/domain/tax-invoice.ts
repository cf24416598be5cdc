import { z } from 'zod';
import type { DrugSchedule } from './drug-tax';
import { invoiceTax, supplyBetween, type GstRate, type Supply } from './gst';
import { splitDiscount } from './coupon';

/**
 * A GST tax invoice (or credit note) of a dispatched order, as printed: the seller from
 * content/pharmacy/seller.json, the buyer and place of supply from the order, one row per batch
 * of every dispatched line with its HSN code, batch, expiry, quantity, MRP, taxable value and GST,
 * and the pharmacist who dispensed it. Built once when the document is issued and stored frozen.
 */

export const sellerSchema = z.object({
  legalName: z.string().trim().min(1),
  tradeName: z.string().trim().min(1),
  address: z.array(z.string().trim().min(1)).min(1),
  /** The seller's state: deliveries inside it are intra-state (CGST + SGST). */
  state: z.string().trim().min(1),
  stateCode: z.string().regex(/^\d{2}$/),
  gstin: z.string().regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'a GSTIN is 15 characters, like 29AAKCM4821Q1Z6'),
  /** Retail drug licences (forms 20 and 21), printed on every invoice. */
  drugLicences: z.array(z.object({ form: z.string().min(1), number: z.string().trim().min(1) })).min(1),
  /** The registered pharmacist in charge, printed on an invoice no pharmacist reviewed (over-the-counter lines only). */
  pharmacistInCharge: z.object({ name: z.string().trim().min(1), registrationNumber: z.string().trim().min(1) }),
});
export type Seller = z.infer<typeof sellerSchema>;

/** Rows printed on one A4 page; a longer invoice continues on the next page. */
export const INVOICE_ROWS_PER_PAGE = 10;

export interface DispatchedLine {
  name: string;
  hsnCode: string;
  gstRate: GstRate;
  schedule: DrugSchedule;
  /** What the customer paid for one unit (the selling price, at most the MRP), GST included. */
  unitPricePaise: number;
  /** The line's share of a coupon's discount, in paise (order line discount_paise); split over its batches by quantity. */
  discountPaise?: number;
  batches: { batchNumber: string; expiryDate: string; quantity: number; mrpPaise: number }[];
}

export interface InvoiceInput {
  seller: Seller;
  buyer: { name: string | null; addressLines: string[]; state: string; pinCode: string };
  orderNumber: string;
  lines: DispatchedLine[];
  pharmacist: { name: string; registrationNumber: string };
  /** What the customer paid for these lines: the invoice must come to exactly this. */
  paidPaise: number;
}

export interface InvoiceRow {
  name: string;
  hsnCode: string;
  schedule: DrugSchedule;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
  mrpPaise: number;
  gstRate: GstRate;
  /** The coupon's discount on this row (absent on invoices issued before coupons, and without one). */
  discountPaise?: number;
  /** What the row charged after the discount, GST included: taxable value plus GST. */
  amountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface InvoiceDocument {
  seller: Seller;
  buyer: InvoiceInput['buyer'];
  placeOfSupply: string;
  supply: Supply;
  orderNumber: string;
  rows: InvoiceRow[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  pharmacist: InvoiceInput['pharmacist'];
  /** A credit note's reason (issue_credit_note copies the invoice and adds it). */
  reason?: string;
}

export class InvoiceMismatch extends Error {}

export function buildInvoice(input: InvoiceInput): InvoiceDocument {
  const supply = supplyBetween(input.seller.state, input.buyer.state);
  // GST is worked backwards from each row's discounted value (the discount split over batches in proportion).
  const batchRows = input.lines.flatMap((line) => {
    const gross = line.batches.map((batch) => line.unitPricePaise * batch.quantity);
    const discounts = splitDiscount(line.discountPaise ?? 0, gross);
    return line.batches.map((batch, index) => ({ line, batch, discountPaise: discounts[index]!, amountPaise: gross[index]! - discounts[index]! }));
  });
  const tax = invoiceTax(batchRows.map((row) => ({ amountPaise: row.amountPaise, ratePercent: row.line.gstRate })), supply);
  if (tax.totalPaise !== input.paidPaise) {
    throw new InvoiceMismatch(`order ${input.orderNumber}: the dispatched lines come to ${tax.totalPaise} paise but ${input.paidPaise} were paid`);
  }
  const rows = batchRows.map(({ line, batch, discountPaise }, index): InvoiceRow => {
    const taxed = tax.lines[index]!;
    return {
      name: line.name,
      hsnCode: line.hsnCode,
      schedule: line.schedule,
      batchNumber: batch.batchNumber,
      expiryDate: batch.expiryDate,
      quantity: batch.quantity,
      mrpPaise: batch.mrpPaise,
      gstRate: line.gstRate,
      ...(discountPaise > 0 ? { discountPaise } : {}),
      amountPaise: taxed.amountPaise,
      taxablePaise: taxed.taxablePaise,
      cgstPaise: taxed.cgstPaise,
      sgstPaise: taxed.sgstPaise,
      igstPaise: taxed.igstPaise,
    };
  });
  const { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise } = tax;
  return {
    seller: input.seller,
    buyer: input.buyer,
    placeOfSupply: input.buyer.state,
    supply,
    orderNumber: input.orderNumber,
    rows,
    totals: { taxablePaise, cgstPaise, sgstPaise, igstPaise, totalPaise },
    pharmacist: input.pharmacist,
  };
}

/** The rows of each printed A4 page. */
export function invoicePages(rows: readonly InvoiceRow[]): InvoiceRow[][] {
  const pages: InvoiceRow[][] = [];
  for (let start = 0; start < rows.length; start += INVOICE_ROWS_PER_PAGE) pages.push(rows.slice(start, start + INVOICE_ROWS_PER_PAGE));
  return pages;
}

const paise = z.number().int();
const invoiceRowSchema = z.object({
  name: z.string(),
  hsnCode: z.string(),
  schedule: z.enum(['OTC', 'H', 'H1', 'X']),
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantity: z.number().int(),
  mrpPaise: paise,
  gstRate: z.union([z.literal(0), z.literal(5), z.literal(12), z.literal(18), z.literal(28)]),
  discountPaise: paise.optional(),
  amountPaise: paise,
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  igstPaise: paise,
}) satisfies z.ZodType<InvoiceRow>;

export const invoiceDocumentSchema = z.object({
  seller: sellerSchema,
  buyer: z.object({ name: z.string().nullable(), addressLines: z.array(z.string()), state: z.string(), pinCode: z.string() }),
  placeOfSupply: z.string(),
  supply: z.enum(['intra_state', 'inter_state']),
  orderNumber: z.string(),
  rows: z.array(invoiceRowSchema),
  totals: z.object({ taxablePaise: paise, cgstPaise: paise, sgstPaise: paise, igstPaise: paise, totalPaise: paise }),
  pharmacist: z.object({ name: z.string(), registrationNumber: z.string() }),
  reason: z.string().optional(),
}) satisfies z.ZodType<InvoiceDocument>;

/** An issued invoice or credit note as the customer's invoice page receives it. */
export const taxDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  refers_to: z.string().nullable(),
  issued_at: z.string(),
  document: invoiceDocumentSchema,
});
export type TaxDocument = z.infer<typeof taxDocumentSchema>;
export const TAX_DOCUMENT_COLUMNS = 'kind, number, refers_to, issued_at, document';
