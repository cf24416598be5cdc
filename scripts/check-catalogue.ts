/**
 * `npm run check:catalogue [directory]`: reads every catalogue record and lists every problem in
 * every file in words a content editor can act on, then exits 1 if any record would fail the build.
 * Warnings (missing images, suspicious prices) are listed but do not fail.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_DIRECTORY } from '../src/features/catalogue/catalogue-directory.ts';
import { catalogueRecordSchema, type CatalogueRecord } from '../src/features/catalogue/catalogue-record.ts';
import { recordProblems, showValue as show } from '../src/features/catalogue/record-problems.ts';
import { productSlug } from '../src/domain/product.ts';

export interface Finding {
  file: string;
  message: string;
}

export interface CatalogueReport {
  records: number;
  errors: Finding[];
  warnings: Finding[];
}

/** How far a nested mrp may stray from the record's own before an editor should look. */
const MRP_TOLERANCE = 0.1;

/** 'line 4, column 12' for a position in the text. */
function lineAndColumn(text: string, position: number): string {
  const before = text.slice(0, position).split('\n');
  return `line ${before.length}, column ${before.at(-1)!.length + 1}`;
}

function syntaxError(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  const reason = error.message.replace(/\s*(in JSON )?at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
  return position ? `not valid JSON at ${lineAndColumn(text, Number(position[1]))}: ${reason}` : `not valid JSON: ${reason}`;
}

function recordWarnings(record: CatalogueRecord, publicDirectory: string): string[] {
  const warnings: string[] = [];
  const details = record.upm_product_details;
  const images: Array<[string, string]> = [
    ...(record.thumbnail_url ? [['thumbnail_url', record.thumbnail_url] as [string, string]] : []),
    ...details.images.map((image, index): [string, string] => [`upm_product_details.images[${index}]`, image]),
  ];
  for (const [field, image] of images) {
    if (/^https?:\/\//.test(image)) continue;
    if (!existsSync(path.join(publicDirectory, image))) warnings.push(`${field}: ${show(image)} has no file in public/ (the page shows a placeholder)`);
  }
  if (typeof details.mrp === 'number' && record.mrp > 0 && Math.abs(details.mrp - record.mrp) / record.mrp > MRP_TOLERANCE) {
    warnings.push(`upm_product_details.mrp: ${details.mrp} differs from mrp ${record.mrp} by more than 10 % (the store charges upm_product_details.mrp)`);
  }
  if (record.current_price > record.mrp) warnings.push(`current_price: ${record.current_price} is above mrp ${record.mrp} (ignored: the store sells at MRP)`);
  return warnings;
}

/** Checks every *.json record in a catalogue directory; `publicDirectory` holds the images. */
export async function checkCatalogue(directory: string, publicDirectory = 'public'): Promise<CatalogueReport> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const owners = { id: new Map<number, string>(), slug: new Map<string, string>() };
  for (const file of files) {
    const source = path.join(directory, file);
    const text = await readFile(source, 'utf8');
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      errors.push({ file: source, message: syntaxError(text, error as Error) });
      continue;
    }
    const parsed = catalogueRecordSchema.safeParse(raw);
    if (!parsed.success) {
      errors.push(...recordProblems(raw, parsed.error.issues).map(({ message }) => ({ file: source, message })));
      continue;
    }
    const record = parsed.data;
    const slug = productSlug(record.product_name);
    const idOwner = owners.id.get(record.id);
    if (idOwner) errors.push({ file: source, message: `id: ${record.id} is already used by ${idOwner}` });
    const slugOwner = owners.slug.get(slug);
    if (slugOwner) errors.push({ file: source, message: `product_name: ${show(record.product_name)} gives the web address /products/${slug}, already used by ${slugOwner}` });
    owners.id.set(record.id, source);
    owners.slug.set(slug, source);
    warnings.push(...recordWarnings(record, publicDirectory).map((message) => ({ file: source, message })));
  }
  return { records: files.length, errors, warnings };
}

/** The report as an editor reads it: problems by file, then a one-line verdict. */
export function formatCatalogueReport(directory: string, report: CatalogueReport): string {
  const lines: string[] = [];
  const byFile = (findings: Finding[], label: string) => {
    for (const file of [...new Set(findings.map((finding) => finding.file))]) {
      lines.push(`${label} ${file}`);
      for (const finding of findings.filter((candidate) => candidate.file === file)) lines.push(`  ${finding.message}`);
    }
  };
  byFile(report.errors, 'ERROR');
  byFile(report.warnings, 'warning');
  const verdict = report.errors.length > 0
    ? `${report.errors.length} problem(s) in ${new Set(report.errors.map((error) => error.file)).size} of ${report.records} records in ${directory}: fix them before publishing.`
    : `${report.records} catalogue records valid in ${directory}.`;
  lines.push(report.warnings.length > 0 ? `${verdict} ${report.warnings.length} warning(s) to look at.` : verdict);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const directory = process.argv[2] ?? CATALOGUE_DIRECTORY;
  try {
    const report = await checkCatalogue(directory);
    console.log(formatCatalogueReport(directory, report));
    process.exit(report.errors.length > 0 ? 1 : 0);
  } catch (error) {
    console.error(`Could not check ${directory}: ${(error as Error).message}`);
    process.exit(1);
  }
}
