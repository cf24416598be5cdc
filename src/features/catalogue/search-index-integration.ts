import type { AstroIntegration } from 'astro';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getCatalogue } from './catalogue';
import { productCardsUrl, toPriceIndexEntry, toProductCard, type Product } from '../../domain/product';
import { CATALOGUE_SHARDS_DIR, SHARE_CARD_SHARDS_DIR, catalogueShardDir, catalogueShardFile, catalogueShards, toDrugTaxRow, toPriceRow, toShareCardRow, type CatalogueShardKind } from '../../domain/catalogue-shards';
import { productShareFacts } from '../share-images/public';
import { productDrugTax } from './product-from-record';
import { reorderRows } from './reorder-rows';
import { currentPriceAboveMrp, sellingPricePaise } from '../../domain/selling-price';
import { formatRupees } from '../../domain/money';
import { browseFiles } from './browse-files';
import { getProductMoves } from './catalogue-moves';
import { searchRows } from './product-search';
import { searchFileUrl } from './search-engine';
import { SEARCH_MANIFEST_URL } from './search-fetch';
import { searchCardFiles, searchIndexFiles } from './search-index-files';
import { productPageDataFiles } from './product-page-data';
import { alternativesByProduct } from './substitutes';

/** The old product addresses (ids, earlier slugs, removed products) the /products/* function bundles (netlify/functions/product-by-id.mts). */
export const PRODUCT_ADDRESSES_PATH = '.generated/product-addresses.json';

async function writeJson(output: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify(value)}\n`);
}

/** Writes one kind of shard files (src/domain/catalogue-shards.ts) the functions read per request. */
async function writeShards<T>(kind: CatalogueShardKind, rows: readonly T[], idOf: (row: T) => number): Promise<number> {
  await mkdir(catalogueShardDir(kind), { recursive: true });
  const shards = [...catalogueShards(rows, idOf)];
  await Promise.all(shards.map(([shard, members]) => writeFile(catalogueShardFile(kind, shard), `${JSON.stringify(members)}\n`)));
  return shards.length;
}

/** The overpriced products the build's warning names; the rest are counted (33,000 names at 100,000 products made a 2 MB line). */
const OVERPRICED_NAMED = 20;

// Files are written in batches: all at once exceed the open-file limit.
const BATCH = 500;

/** Writes files under dist/, creating their folders, a batch at a time. */
async function writeFiles(dist: URL, files: Iterable<[path: string, text: string | Uint8Array]>): Promise<number> {
  let written = 0;
  const batch: Promise<void>[] = [];
  const folders = new Set<string>();
  for (const [file, text] of files) {
    const output = new URL(file.slice(1), dist);
    const folder = new URL('./', output).href;
    if (!folders.has(folder)) {
      folders.add(folder);
      await mkdir(new URL(folder), { recursive: true });
    }
    batch.push(writeFile(output, text));
    written += 1;
    if (batch.length >= BATCH) await Promise.all(batch.splice(0));
  }
  await Promise.all(batch);
  return written;
}

/**
 * The products' cards in files of one id range each (productCardsUrl: the files the cart fetches its
 * lines' prices from) and in the search's card files in name and in price order (search-engine.ts).
 * Plain files: as Astro routes they cost as much per file in route overhead as a product page.
 */
export function* cardFiles(products: readonly Product[], version: string): Generator<[string, string]> {
  const cards = products.map((product) => JSON.stringify(toProductCard(product)));
  const byFile = Map.groupBy(cards.keys(), (ordinal) => productCardsUrl(products[ordinal]!.id));
  for (const [url, ordinals] of byFile) yield [url, `[${ordinals.map((ordinal) => cards[ordinal]).join(',')}]`];
  for (const [file, text] of searchCardFiles(cards, products.map(sellingPricePaise))) yield [searchFileUrl(version, file), text];
}

/** The sharded search index (search-engine.ts) as site files, and its manifest, which names the index's version. */
export function searchSiteFiles(products: readonly Product[]): { version: string; files: [string, string][]; manifest: [string, string] } {
  const { manifest, files } = searchIndexFiles(searchRows(products));
  return {
    version: manifest.version,
    files: [...files].map(([name, text]): [string, string] => [searchFileUrl(manifest.version, name), text]),
    manifest: [SEARCH_MANIFEST_URL, JSON.stringify(manifest)],
  };
}

/** The search index and its manifest, fetched when a customer first searches; the manifest last, once the files it names are there. */
async function writeSearchIndex(products: readonly Product[], dist: URL): Promise<{ files: number; version: string }> {
  const { version, files, manifest } = searchSiteFiles(products);
  const written = await writeFiles(dist, files);
  await writeFiles(dist, [manifest]);
  return { files: written + 1, version };
}

/**
 * Before the pages: the prices the payment functions read, by product id, what each product's share
 * image shows (read by the /og/products/* function), and the old product addresses of the
 * /products/* function. After the pages: the product search index (dist/search/) that a search
 * loads and every product's card file. All come from the one catalogue read the pages are built from.
 */
export function productSearchIndex(): AstroIntegration {
  return {
    name: 'product-search-index',
    hooks: {
      // Rendering a product page waits on its file writes; four at a time keep the CPU busy
      // meanwhile (10,000 products: 39 s of page rendering at 1, 33 s at 4, on 2 loaded cores).
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ build: { concurrency: 4 } });
      },
      'astro:build:start': async ({ logger }) => {
        const { products } = await getCatalogue();
        // A product gone from the catalogue must not stay in an old shard.
        await Promise.all([CATALOGUE_SHARDS_DIR, SHARE_CARD_SHARDS_DIR].map((dir) => rm(dir, { recursive: true, force: true })));
        const priceShards = await writeShards('prices', products.map((product) => toPriceRow(toPriceIndexEntry(product))), ([id]) => id);
        await writeShards('drug-tax', products.map((product) => toDrugTaxRow(product.id, productDrugTax(product))), ([id]) => id);
        await writeShards('reorder', reorderRows(products), ([id]) => id);
        await writeShards('share-cards', products.map((product) => toShareCardRow(productShareFacts(product))), ([id]) => id);
        const moves = await getProductMoves();
        await writeJson(PRODUCT_ADDRESSES_PATH, moves.addresses);
        logger.info(
          `${products.length} products indexed for the payment functions in ${CATALOGUE_SHARDS_DIR} (${priceShards} price files); ` +
            `${Object.keys(moves.addresses.moved).length} old addresses redirected, ${Object.keys(moves.addresses.gone).length} of ${moves.removed.length} removed products gone, in ${PRODUCT_ADDRESSES_PATH}`,
        );
        const overpriced = products.filter(currentPriceAboveMrp);
        if (overpriced.length > 0) {
          const named = overpriced.slice(0, OVERPRICED_NAMED);
          logger.warn(
            `${overpriced.length} products have a current_price above MRP, ignored (sold at MRP): ` +
              named.map((product) => `${product.id} ${product.name} (${formatRupees(product.current_price_paise)} > ${formatRupees(product.mrp_paise)})`).join('; ') +
              (overpriced.length > named.length ? `; and ${overpriced.length - named.length} more (npm run check:catalogue lists them all)` : ''),
          );
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const read = performance.now();
        const { products } = await getCatalogue();
        const index = await writeSearchIndex(products, dir);
        const indexed = performance.now();
        const cards = await writeFiles(dir, cardFiles(products, index.version));
        const carded = performance.now();
        const browse = await writeFiles(dir, browseFiles(products));
        const browsed = performance.now();
        const pageData = await writeFiles(dir, productPageDataFiles(products, alternativesByProduct(products)));
        const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
        logger.info(
          `${products.length} products indexed for search in ${ms(read, indexed)} (${index.files} files); ` +
            `${cards} card files written in ${ms(indexed, carded)}; ${browse} filter and category files in ${ms(carded, browsed)}; ` +
            `${pageData} product page data files (for the pages drawn on request) in ${ms(browsed, performance.now())}`,
        );
      },
    },
  };
}
