import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { readStockCsv, stockCsvProducts, type StockImportRow } from '../../../domain/stock-import';
import { jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import type { DeskDependencies } from './handlers';
import { requireStaff } from './staff';

/**
 * POST /api/desk/stock-import: a pharmacist loads the ERP's stock export from /desk. The same
 * reader as `npm run stock:import` checks every line first; a file with any bad line is refused
 * with all of them (422) and nothing is applied.
 */

/** An ERP export of a few thousand batches is well under this. */
export const MAX_STOCK_CSV_CHARACTERS = 2_000_000;

export const stockImportRequestSchema = z.strictObject({
  csv: z.string().min(1, 'Choose a CSV file to import.').max(MAX_STOCK_CSV_CHARACTERS, 'The file is too large: split it below 2 MB.'),
});

export interface StockImporter {
  importStock(rows: StockImportRow[], minimumShelfLifeDays: number): Promise<{ changedBatches: number }>;
}

export class SupabaseStockImporter implements StockImporter {
  constructor(
    private readonly supabaseUrl: string,
    private readonly serviceRoleKey: string,
  ) {}

  async importStock(rows: StockImportRow[], minimumShelfLifeDays: number): Promise<{ changedBatches: number }> {
    const client = createClient(this.supabaseUrl, this.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await client.rpc('import_stock', { p_rows: rows, p_minimum_shelf_life_days: minimumShelfLifeDays });
    if (error) throw new Error(`importing stock: ${error.message}`);
    return { changedBatches: z.object({ changed_batches: z.number() }).parse(data).changed_batches };
  }
}

/**
 * `sendBackInStockMails` runs after a successful import: the products it brought back have their
 * "notify me" requests queued by the database, and their mails go out now rather than at the next
 * scheduled run.
 */
export async function handleStockImport(
  req: Request,
  deps: Pick<DeskDependencies, 'store' | 'catalogue'>,
  importer: StockImporter,
  minimumShelfLifeDays: number,
  sendBackInStockMails: () => Promise<number>,
): Promise<Response> {
  requirePost(req);
  await requireStaff(req, (token) => deps.store.verifyAccessToken(token), ['pharmacist']);
  const body = parseBody(stockImportRequestSchema, parseJson(await readRawBody(req)));
  // The functions' catalogue index knows products by id; SKUs are read by the command-line import.
  const named = [...new Set(stockCsvProducts(body.csv).filter((value) => /^\d+$/.test(value)).map(Number))];
  const productIds = new Map([...(await deps.catalogue.lookup(named)).keys()].map((id) => [String(id), id]));
  const result = readStockCsv(body.csv, productIds);
  if (!result.ok) {
    return jsonResponse({ error: `Nothing was imported: ${result.errors.length} line(s) need fixing.`, lines: result.errors }, 422);
  }
  const { changedBatches } = await importer.importStock(result.rows, minimumShelfLifeDays);
  const backInStockMails = await sendBackInStockMails();
  return jsonResponse({ batches: result.rows.length, changedBatches, backInStockMails });
}
