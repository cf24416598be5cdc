import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueShardFile, catalogueShardOf, catalogueShards, toPriceRow } from '../../../domain/catalogue-shards';
import { catalogueIndexFiles, type CatalogueIndexEntry } from './catalogue-index';

const entries: CatalogueIndexEntry[] = [
  { id: 1, name: 'Dolo 650 Tablet', mrp_paise: 3010, requires_prescription: false, cod_available: true, sale_state: 'ADD TO CART' },
  { id: 257, name: 'Metformin 500mg Tablet', mrp_paise: 4500, current_price_paise: 4050, requires_prescription: true, cod_available: false, sale_state: 'ADD TO CART' },
  { id: 2, name: 'Old Syrup', mrp_paise: 7500, requires_prescription: false, cod_available: true, sale_state: 'DISCONTINUED' },
];

/** Writes the shards the build writes (search-index-integration.ts) into a fresh folder. */
async function published(rows: CatalogueIndexEntry[]): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'prices-'));
  await mkdir(path.join(root, path.dirname(catalogueShardFile('prices', 0))), { recursive: true });
  for (const [shard, members] of catalogueShards(rows.map(toPriceRow), ([id]) => id)) {
    await writeFile(path.join(root, catalogueShardFile('prices', shard)), JSON.stringify(members));
  }
  return root;
}

describe('the prices the payment functions read by product id', () => {
  it('finds each product as the build wrote it, whichever shard it is in', async () => {
    expect(catalogueShardOf(1)).toBe(catalogueShardOf(257));
    const index = catalogueIndexFiles(await published(entries));
    const found = await index.lookup([257, 2, 1]);
    expect([...found.values()]).toEqual([entries[1], entries[2], entries[0]]);
  });

  it('leaves out a product the catalogue does not have, also in a shard with no file', async () => {
    const index = catalogueIndexFiles(await published(entries));
    const found = await index.lookup([1, 258, 3]);
    expect([...found.keys()]).toEqual([1]);
  });

  it('refuses a shard that is not what the build writes', async () => {
    const root = await published(entries);
    await writeFile(path.join(root, catalogueShardFile('prices', catalogueShardOf(2))), JSON.stringify([[2, 'Old Syrup', '75', null, 0, 1, 'ADD TO CART']]));
    await expect(catalogueIndexFiles(root).lookup([2])).rejects.toThrow();
  });
});
