import { z } from 'zod';
import { paiseFromRupees } from './money';

/**
 * The pharmacy ERP's stock export (content/stock/README.md documents it): one row per batch,
 * columns product, batch, expiry, quantity, mrp. The same validation runs in `npm run stock:import`
 * and on /desk, so a file is refused with the same sentences wherever it is loaded, and a file with
 * any bad row applies nothing.
 */

export const STOCK_CSV_COLUMNS = ['product', 'batch', 'expiry', 'quantity', 'mrp'] as const;

/** One batch as the database's import_stock() takes it. */
export const stockImportRowSchema = z.object({
  product_id: z.number().int().positive(),
  batch_number: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9/.-]{0,29}$/),
  expiry_date: z.iso.date(),
  quantity: z.number().int().min(0),
  mrp_paise: z.number().int().positive(),
});
export type StockImportRow = z.infer<typeof stockImportRowSchema>;

export interface StockImportError {
  /** The line of the file, counting the header as line 1. */
  line: number;
  reason: string;
}

export type StockImportResult = { ok: true; rows: StockImportRow[] } | { ok: false; errors: StockImportError[] };

/** Splits CSV text into lines of fields (RFC 4180: quoted fields may hold commas, quotes doubled). */
export function csvLines(text: string): string[][] {
  const lines: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at += 1;
      fields.push(field);
      lines.push(fields);
      fields = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    lines.push(fields);
  }
  return lines;
}

const BATCH = /^[A-Za-z0-9][A-Za-z0-9/.-]{0,29}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Packs print the expiry as month and year ("EXP 08/2027"): the batch is good to the month's last day.
const MONTH_YEAR = /^(\d{1,2})\/(\d{4})$/;
const RUPEES = /^\d+(\.\d{1,2})?$/;

function expiryDate(text: string): string | null {
  const iso = ISO_DATE.exec(text);
  if (iso) {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
  }
  const monthYear = MONTH_YEAR.exec(text);
  if (!monthYear) return null;
  const month = Number(monthYear[1]);
  if (month < 1 || month > 12) return null;
  return new Date(Date.UTC(Number(monthYear[2]), month, 0)).toISOString().slice(0, 10);
}

/**
 * Reads an export against the catalogue: `productIds` maps every id (as text) and SKU (upper case)
 * the catalogue knows to the product id. Every bad row is reported with its line and reason.
 */
/** The product column's values, for a caller that looks the products up before reading the file. */
export function stockCsvProducts(text: string): string[] {
  const [, ...body] = csvLines(text.replace(/^\uFEFF/, ''));
  return body.map((fields) => (fields[0] ?? '').trim());
}

export function readStockCsv(text: string, productIds: ReadonlyMap<string, number>): StockImportResult {
  const [header, ...body] = csvLines(text.replace(/^\uFEFF/, ''));
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  if (names.join(',') !== STOCK_CSV_COLUMNS.join(',')) {
    return { ok: false, errors: [{ line: 1, reason: `The first line must be the columns ${STOCK_CSV_COLUMNS.join(',')}, not "${(header ?? []).join(',')}".` }] };
  }
  const errors: StockImportError[] = [];
  const rows: StockImportRow[] = [];
  const seen = new Map<string, number>();
  for (const [index, fields] of body.entries()) {
    const line = index + 2;
    if (fields.every((field) => field.trim() === '')) continue;
    if (fields.length !== STOCK_CSV_COLUMNS.length) {
      errors.push({ line, reason: `Expected ${STOCK_CSV_COLUMNS.length} values, found ${fields.length}.` });
      continue;
    }
    const [product, batch, expiry, quantity, mrp] = fields.map((field) => field.trim()) as [string, string, string, string, string];
    const productId = productIds.get(product.toUpperCase());
    const problems: string[] = [];
    if (productId === undefined) problems.push(`no product with id or SKU "${product}" in the catalogue`);
    if (!BATCH.test(batch)) problems.push(`batch "${batch}" must be 1-30 letters, digits, "/", "." or "-"`);
    const expiryIso = expiryDate(expiry);
    if (!expiryIso) problems.push(`expiry "${expiry}" must be a date like 2027-08-31 or 08/2027`);
    if (!/^\d+$/.test(quantity)) problems.push(`quantity "${quantity}" must be a whole number, 0 or more`);
    if (!RUPEES.test(mrp) || Number(mrp) <= 0) problems.push(`MRP "${mrp}" must be rupees above 0 with at most 2 decimals, like 34.50`);
    if (productId !== undefined && BATCH.test(batch)) {
      const key = `${productId}/${batch.toUpperCase()}`;
      const first = seen.get(key);
      if (first) problems.push(`batch ${batch} of this product is already on line ${first}`);
      else seen.set(key, line);
    }
    if (problems.length > 0) {
      errors.push({ line, reason: `${problems.join('; ')}.`.replace(/^./, (first) => first.toUpperCase()) });
      continue;
    }
    rows.push({
      product_id: productId!,
      batch_number: batch,
      expiry_date: expiryIso!,
      quantity: Number(quantity),
      mrp_paise: paiseFromRupees(mrp)!,
    });
  }
  if (errors.length > 0) return { ok: false, errors };
  if (rows.length === 0) return { ok: false, errors: [{ line: 2, reason: 'The file has no stock rows: importing it would empty the stock.' }] };
  return { ok: true, rows };
}

/** Settings from content/stock/settings.json. */
export const stockSettingsSchema = z.object({
  /** A batch expiring sooner than this many days from today is neither sold nor dispatched. */
  minimumShelfLifeDays: z.number().int().min(0).max(730),
});
export type StockSettings = z.infer<typeof stockSettingsSchema>;
