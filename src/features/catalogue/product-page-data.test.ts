import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { readCatalogueDirectory } from './read-catalogue-files';
import { alternativesByProduct } from './substitutes';
import { gzipSync } from 'node:zlib';
import { PRODUCT_PAGE_SHARDS, productPageDataFiles, productPageDataReader, productPageShard } from './product-page-data';
import { shardJson } from './product-page-on-request';
import { productSegment } from '../../domain/product';

const products = await readCatalogueDirectory(path.resolve(import.meta.dirname, '../../../tests/fixtures/catalogue'));
const alternatives = alternativesByProduct(products);
const files = new Map(productPageDataFiles(products, alternatives));

/** The site as the function sees it: the build's shard files, counting the fetches. */
function site(shards: ReadonlyMap<string, Uint8Array> = files) {
  const fetched: string[] = [];
  const read = productPageDataReader(async (sitePath) => {
    fetched.push(sitePath);
    const bytes = shards.get(sitePath);
    return bytes === undefined ? null : shardJson(bytes);
  });
  return { read, fetched };
}

describe('product page data for the pages drawn on request', () => {
  it('gives back every product and its listed alternatives as the prebuilt page has them', async () => {
    const { read } = site();
    for (const product of products) {
      const page = await read(productSegment(product));
      expect(page?.product).toEqual(product);
      const own = alternatives.get(product.id)!;
      expect(page?.alternatives.substitutes.map((substitute) => substitute.product.name)).toEqual(own.substitutes.map((substitute) => substitute.product.name));
      expect(page?.alternatives.substitutes.map((substitute) => substitute.savePercent)).toEqual(own.substitutes.map((substitute) => substitute.savePercent));
      expect(page?.alternatives.otherStrengths.map((strength) => strength.salt)).toEqual(own.otherStrengths.map((strength) => strength.salt));
    }
  });

  it('lists only the fields a listed alternative shows, not whole products', async () => {
    const withSubstitutes = products.find((product) => alternatives.get(product.id)!.substitutes.length > 0)!;
    const page = await site().read(productSegment(withSubstitutes));
    expect(Object.keys(page!.alternatives.substitutes[0]!.product).sort()).toEqual(['id', 'marketer', 'name', 'sale_state', 'slug']);
  });

  it('answers null for an address no product lives at, whether or not its shard exists', async () => {
    const { read } = site();
    expect(await read('no-such-medicine')).toBeNull();
    const taken = productSegment(products[0]!);
    const sameShard = Array.from({ length: 5000 }, (_, n) => `not-a-product-${n}`).find((segment) => productPageShard(segment) === productPageShard(taken))!;
    expect(await read(sameShard)).toBeNull();
  });

  it('fetches a shard once while the instance is warm', async () => {
    const { read, fetched } = site();
    const product = products[0]!;
    await read(productSegment(product));
    await read(productSegment(product));
    expect(fetched).toHaveLength(1);
  });

  it('refuses a shard holding something the build would not write', async () => {
    const product = products[0]!;
    const [shardPath, bytes] = [...files].find(([, shardBytes]) => productSegment(product) in (shardJson(shardBytes) as object))!;
    const shard = shardJson(bytes) as Record<string, { product: Record<string, unknown> }>;
    shard[productSegment(product)]!.product.mrp_paise = -5;
    const { read } = site(new Map([[shardPath, gzipSync(JSON.stringify(shard))]]));
    await expect(read(productSegment(product))).rejects.toThrow(`holds a product page for ${productSegment(product)} the build would not write`);
  });

  it('stores each shard gzipped, and reads one a server has already unpacked', () => {
    const [shardPath, bytes] = [...files][0]!;
    expect(shardPath).toMatch(/^\/catalogue\/pages\/\d+\.json\.gz$/);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    expect(shardJson(new TextEncoder().encode(JSON.stringify(shardJson(bytes))))).toEqual(shardJson(bytes));
  });

  it('spreads addresses over a fixed number of shards', () => {
    const shards = new Set(Array.from({ length: 20_000 }, (_, n) => productPageShard(`medicine-${n}-tablet`)));
    expect(shards.size).toBe(PRODUCT_PAGE_SHARDS);
    expect([...shards].every((shard) => shard >= 0 && shard < PRODUCT_PAGE_SHARDS)).toBe(true);
  });
});
