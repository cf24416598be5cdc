/**
 * Loads the pharmacy ERP's stock export: npm run stock:import <file.csv>
 *
 * The file is checked against the catalogue first (src/domain/stock-import.ts, the same check /desk
 * runs); any bad line stops the import with every error listed and nothing applied. Then one
 * database call replaces the stock (import_stock, all or nothing). SUPABASE_URL and
 * SUPABASE_SERVICE_ROLE_KEY come from the environment (the local stack's when unset, like npm start).
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { applyLocalEnv } from '../emulators/local-env';
import { readStockCsv, stockSettingsSchema } from '../src/domain/stock-import';
import { CATALOGUE_DIRECTORY } from '../src/features/catalogue/catalogue-directory';

const USAGE = 'Usage: npm run stock:import <file.csv>';

/** Every product id (as text) and SKU (upper case) of the catalogue, to the product id. */
async function catalogueProductIds(directory: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const recordSchema = z.object({ id: z.coerce.number().int().positive(), code: z.string().optional() });
  for (const file of (await readdir(directory)).filter((name) => name.endsWith('.json'))) {
    const record = recordSchema.parse(JSON.parse(await readFile(path.join(directory, file), 'utf8')));
    ids.set(String(record.id), record.id);
    if (record.code) ids.set(record.code.trim().toUpperCase(), record.id);
  }
  return ids;
}

async function main(argv: string[]): Promise<void> {
  const [file] = argv;
  if (!file || argv.length !== 1) throw new Error(USAGE);
  const settings = stockSettingsSchema.parse(JSON.parse(await readFile('content/stock/settings.json', 'utf8')));
  const result = readStockCsv(await readFile(file, 'utf8'), await catalogueProductIds(CATALOGUE_DIRECTORY));
  if (!result.ok) {
    throw new Error(
      [`${file}: nothing was imported, ${result.errors.length} line(s) need fixing:`, ...result.errors.map((error) => `  line ${error.line}: ${error.reason}`)].join('\n'),
    );
  }
  applyLocalEnv();
  const env = z.object({ SUPABASE_URL: z.url(), SUPABASE_SERVICE_ROLE_KEY: z.string().min(1) }).parse(process.env);
  const db = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await db.rpc('import_stock', { p_rows: result.rows, p_minimum_shelf_life_days: settings.minimumShelfLifeDays });
  if (error) throw new Error(`${file}: the database refused the import, nothing was applied: ${error.message}`);
  const outcome = z.object({ changed_batches: z.number(), back_in_stock_alerts: z.array(z.object({ product_id: z.number(), email: z.string() })) }).parse(data);
  console.log(`${file} -> ${env.SUPABASE_URL}: ${result.rows.length} batch line(s) read, ${outcome.changed_batches} batch(es) changed.`);
  if (outcome.back_in_stock_alerts.length > 0) console.log(`${outcome.back_in_stock_alerts.length} "notify me" request(s) are back in stock: their mails go out with the next scheduled run (orders-reconcile, every 5 minutes).`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
