import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCatalogue, formatCatalogueReport } from '../../scripts/check-catalogue.ts';
import { catalogueRecordSchema } from '../../src/features/catalogue/catalogue-record';

const FIXTURE = 'tests/fixtures/catalogue';
const METFORMIN = '1-metformin-500mg-tablet.json';
const NICOTINE = '9-nicotine-2mg-chewing-gum.json';

let directory: string;
let publicDirectory: string;

async function fixtureRecord(file: string): Promise<Record<string, any>> {
  return JSON.parse(await readFile(path.join(FIXTURE, file), 'utf8'));
}

async function write(file: string, record: unknown): Promise<void> {
  await writeFile(path.join(directory, file), typeof record === 'string' ? record : JSON.stringify(record, null, 2));
}

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'catalogue-'));
  publicDirectory = await mkdtemp(path.join(tmpdir(), 'public-'));
  // Every image the two records name exists, unless a test removes one.
  for (const file of [METFORMIN, NICOTINE]) {
    const record = catalogueRecordSchema.parse(await fixtureRecord(file));
    for (const image of [record.thumbnail_url!, ...record.upm_product_details.images]) {
      await mkdir(path.dirname(path.join(publicDirectory, image)), { recursive: true });
      await writeFile(path.join(publicDirectory, image), '');
    }
  }
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
  await rm(publicDirectory, { recursive: true, force: true });
});

describe('npm run check:catalogue', () => {
  it('passes good records without a word of warning', async () => {
    await write(METFORMIN, await fixtureRecord(METFORMIN));
    await write(NICOTINE, await fixtureRecord(NICOTINE));
    const report = await checkCatalogue(directory, publicDirectory);
    expect(report).toEqual({ records: 2, errors: [], warnings: [] });
    expect(formatCatalogueReport(directory, report)).toBe(`2 catalogue records valid in ${directory}.`);
  });

  it('lists every problem in every file with the field, the bad value and what is expected', async () => {
    const metformin = await fixtureRecord(METFORMIN);
    metformin.prescription_required = 'maybe';
    metformin.upm_product_details.stock = 'Plenty';
    delete metformin.company_name;
    await write(METFORMIN, metformin);
    const nicotine = await fixtureRecord(NICOTINE);
    nicotine.id = 'nine';
    await write(NICOTINE, nicotine);

    const { errors } = await checkCatalogue(directory, publicDirectory);
    expect(errors).toEqual([
      { file: path.join(directory, METFORMIN), message: 'company_name: missing; it must be a string' },
      { file: path.join(directory, METFORMIN), message: 'prescription_required: "maybe" is not one of true, false, "true", "false"' },
      { file: path.join(directory, METFORMIN), message: 'upm_product_details.stock: "Plenty" is not one of "In Stock", "Out of Stock"' },
      { file: path.join(directory, NICOTINE), message: 'id: "nine" is not a number' },
    ]);
  });

  it('gives the line and column of a JSON syntax error and goes on to the next file', async () => {
    await write(METFORMIN, '{\n  "id": 1\n  "code": "X"\n}');
    const nicotine = await fixtureRecord(NICOTINE);
    nicotine.is_otc = 'perhaps';
    await write(NICOTINE, nicotine);

    const report = await checkCatalogue(directory, publicDirectory);
    expect(report.errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/^not valid JSON at line 3, column 3: /),
      'is_otc: "perhaps" is not one of true, false, "true", "false"',
    ]);
    const printed = formatCatalogueReport(directory, report);
    expect(printed).toContain(`2 problem(s) in 2 of 2 records in ${directory}`);
    expect(printed).not.toMatch(/\n\s+at /);
  });

  it('refuses two records with the same id', async () => {
    await write(METFORMIN, await fixtureRecord(METFORMIN));
    await write(NICOTINE, { ...(await fixtureRecord(NICOTINE)), id: 1 });
    const { errors } = await checkCatalogue(directory, publicDirectory);
    expect(errors).toEqual([{ file: path.join(directory, NICOTINE), message: `id: 1 is already used by ${path.join(directory, METFORMIN)}` }]);
  });

  it('warns, without failing, about a missing image, a nested mrp far from the mrp and a price above the mrp', async () => {
    const nicotine = await fixtureRecord(NICOTINE);
    nicotine.thumbnail_url = '/images/products/nicotine-2mg-chewing-gum/missing.webp';
    nicotine.mrp = '115.00';
    nicotine.upm_product_details.mrp = 130;
    nicotine.current_price = '120.00';
    await write(NICOTINE, nicotine);
    const metformin = await fixtureRecord(METFORMIN);
    // Within 10 %: no warning.
    metformin.upm_product_details.mrp = Number(metformin.mrp) * 1.09;
    await write(METFORMIN, metformin);

    const report = await checkCatalogue(directory, publicDirectory);
    expect(report.errors).toEqual([]);
    expect(report.warnings.map((warning) => warning.message)).toEqual([
      'thumbnail_url: "/images/products/nicotine-2mg-chewing-gum/missing.webp" has no file in public/ (the page shows a placeholder)',
      'upm_product_details.mrp: 130 differs from mrp 115 by more than 10 % (the store charges upm_product_details.mrp)',
      'current_price: 120 is above mrp 115 (ignored: the store sells at MRP)',
    ]);
  });
});
