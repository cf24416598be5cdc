import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProductMoves } from './catalogue-moves';
import { parseCatalogueLog } from './catalogue-history';
import { readCatalogueDirectory } from './read-catalogue-files';
import { productAddressResponse } from './server/product-by-id';
import { alternativesByProduct } from './substitutes';
import type { ProductMoves } from './product-moves';

const FIXTURE = path.resolve(import.meta.dirname, '../../../tests/fixtures/catalogue');

/** A Git repository holding a copy of the fixture catalogue, edited and committed the way an editor (or the CMS) would. */
let repo: string;
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Editor', '-c', 'user.email=editor@medikart.example', ...args], { cwd: repo, stdio: 'pipe' });
const catalogue = () => path.join(repo, 'content', 'catalogue');
function editRecord(file: string, edit: (record: Record<string, unknown>) => void): void {
  const record = JSON.parse(readFileSync(path.join(catalogue(), file), 'utf8')) as Record<string, unknown>;
  edit(record);
  writeFileSync(path.join(catalogue(), file), `${JSON.stringify(record, null, 2)}\n`);
}

let moves: ProductMoves;
const ask = (segment: string) => productAddressResponse(new Request(`https://shop.example/products/${segment}`), moves.addresses, async (url) => new Response(new URL(String(url)).pathname));

beforeAll(async () => {
  repo = mkdtempSync(path.join(tmpdir(), 'catalogue-history-'));
  cpSync(FIXTURE, catalogue(), { recursive: true });
  git('init', '-q');
  git('add', '.');
  git('commit', '-qm', 'Catalogue');
  // Renamed in its record only.
  editRecord('18-amlodipine-5mg-tablet.json', (record) => (record.product_name = 'Amlodipine Besylate 5mg Tablet'));
  git('commit', '-qam', 'Rename amlodipine');
  // Renamed twice, the second time with its file.
  editRecord('13-montelukast-10mg-tablet.json', (record) => (record.product_name = 'Montelukast Sodium 10mg Tablet'));
  git('commit', '-qam', 'Rename montelukast');
  editRecord('13-montelukast-10mg-tablet.json', (record) => (record.product_name = 'Montair 10mg Tablet'));
  renameSync(path.join(catalogue(), '13-montelukast-10mg-tablet.json'), path.join(catalogue(), '13-montair-10mg-tablet.json'));
  git('add', '-A');
  git('commit', '-qm', 'Montelukast is Montair');
  // Removed.
  rmSync(path.join(catalogue(), '19-glycomet-500mg-tablet.json'));
  git('commit', '-qam', 'Glycomet no longer sold');
  moves = await readProductMoves(catalogue(), await readCatalogueDirectory(catalogue()));
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('old product addresses, from the catalogue history in Git', () => {
  it("sends a renamed product's old slug on to its new page for good", async () => {
    const response = await ask('amlodipine-5mg-tablet');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/products/amlodipine-besylate-5mg-tablet');
  });

  it('sends every earlier slug of a product renamed twice (its file too) to its current page', async () => {
    for (const old of ['montelukast-10mg-tablet', 'montelukast-sodium-10mg-tablet']) {
      const response = await ask(old);
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/products/montair-10mg-tablet');
    }
  });

  it("answers a removed product's slug and id with 410 and its page, which lists its substitutes", async () => {
    for (const segment of ['glycomet-500mg-tablet', '19']) {
      const response = await ask(segment);
      expect(response.status).toBe(410);
      expect(await response.text()).toBe('/product-removed/glycomet-500mg-tablet');
    }
    const [removed] = moves.removed;
    expect(moves.removed).toHaveLength(1);
    expect(removed!.product.name).toBe('Glycomet 500mg Tablet');
    const products = await readCatalogueDirectory(catalogue());
    const substitutes = alternativesByProduct([removed!.product, ...products]).get(19)!.substitutes.map(({ product }) => product.name);
    expect(substitutes).toContain('Metformin 500mg Tablet');
  });

  it('leaves the current pages and unknown slugs alone', () => {
    expect(moves.addresses.moved['amlodipine-besylate-5mg-tablet']).toBeUndefined();
    expect(moves.addresses.moved['cetirizine-10mg-tablet']).toBeUndefined();
    expect(moves.addresses.gone['cetirizine-10mg-tablet']).toBeUndefined();
  });
});

describe('reading the log', () => {
  it('takes a one-line record deleted in a commit as the record it was', () => {
    const patch = [
      'commit 1',
      'diff --git a/content/catalogue/5-eno.json b/content/catalogue/5-eno.json',
      'deleted file mode 100644',
      '--- a/content/catalogue/5-eno.json',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-{"id":5,"product_name":"Eno \\"Lemon\\" Fruit Salt"}',
    ].join('\n');
    expect(parseCatalogueLog(patch, 'content/catalogue')).toEqual([
      { file: '5-eno.json', earlierNames: ['Eno "Lemon" Fruit Salt'], deletedRecord: { id: 5, product_name: 'Eno "Lemon" Fruit Salt' } },
    ]);
  });
});
