/**
 * Synthetic catalogues for the scale benchmark: N valid records derived from the real seed records,
 * every one with a unique name, id and price, alternating the messy shapes (lists as arrays and as
 * text, booleans as booleans and as text) the way real feeds do.
 * Usage: tsx bench/generate-catalogue.ts <count> [outDir]
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { catalogueRecordSchema } from '../src/features/catalogue/catalogue-record.ts';

const SEED_DIR = path.resolve(import.meta.dirname, '..', 'content', 'catalogue');
const STRENGTHS = ['5', '10', '20', '25', '40', '50', '100', '250', '500', '650'];
const PACKS = ['Strip of 10', 'Strip of 15', 'Bottle of 30', 'Bottle of 60', 'Tube of 20 g', 'Tube of 30 g'];

type RawRecord = Record<string, unknown> & { upm_product_details: Record<string, unknown> };

function deterministicUuid(n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `00000000-0000-4000-8000-${hex}`;
}

function asText(value: unknown): unknown {
  return Array.isArray(value) ? JSON.stringify(value) : value;
}

export function syntheticRecord(seed: RawRecord, n: number): RawRecord {
  const record: RawRecord = structuredClone(seed);
  const details = record.upm_product_details;
  const strength = STRENGTHS[n % STRENGTHS.length];
  const baseName = String(seed.product_name).replace(/\s+\d+(\.\d+)?\s*(mg|mcg|g|ml|%)?\b/gi, '').trim();
  record.id = 100_000 + n;
  record.old_id = deterministicUuid(n);
  record.code = `SYN${n}`;
  record.product_name = `${baseName} ${strength} Variant ${n}`;
  record.packing_information = PACKS[n % PACKS.length];
  const mrp = (20 + ((n * 7919) % 98_000) / 100).toFixed(2);
  record.mrp = mrp;
  record.current_price = (Number(mrp) * (n % 3 === 0 ? 1.05 : 0.9)).toFixed(2);
  details.mrp = n % 5 === 0 ? null : Number(mrp);
  // Every other record carries its lists and flags as text, as messy feeds do.
  if (n % 2 === 1) {
    for (const key of ['uses', 'primary_use', 'images', 'faq', 'safety_advise']) details[key] = asText(details[key]);
    for (const key of ['prescription_required', 'out_of_stock', 'is_active']) record[key] = String(record[key]);
  }
  return record;
}

export async function generateCatalogue(count: number, outDir: string): Promise<void> {
  const seeds: RawRecord[] = [];
  for (const file of (await readdir(SEED_DIR)).filter((name) => name.endsWith('.json')).sort()) {
    seeds.push(JSON.parse(await readFile(path.join(SEED_DIR, file), 'utf8')) as RawRecord);
  }
  if (seeds.length === 0) throw new Error(`No seed records in ${SEED_DIR}`);
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const batch: Promise<void>[] = [];
  for (let n = 1; n <= count; n += 1) {
    const record = syntheticRecord(seeds[n % seeds.length]!, n);
    if (n <= seeds.length) catalogueRecordSchema.parse(record);
    batch.push(writeFile(path.join(outDir, `${record.id}.json`), JSON.stringify(record)));
    if (batch.length >= 500) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count <= 0) {
    console.error('Usage: tsx bench/generate-catalogue.ts <count> [outDir]');
    process.exit(1);
  }
  const outDir = path.resolve(process.argv[3] ?? path.join('bench', 'catalogues', String(count)));
  await generateCatalogue(count, outDir);
  console.log(`Wrote ${count} synthetic records to ${outDir}`);
}
