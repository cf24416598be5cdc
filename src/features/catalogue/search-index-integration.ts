import type { AstroIntegration } from 'astro';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { close, createIndex } from 'pagefind';
import { getCatalogue } from './catalogue';
import { toPriceIndexEntry, type Product } from '../../domain/product';
import { currentPriceAboveMrp } from '../../domain/selling-price';
import { idRedirectHtml, productsNeedingIdRedirect } from './id-redirect';
import { searchRecord, searchSortKeys } from './product-search';

/** The price index the payment functions bundle (netlify/functions import it from here). */
export const CATALOGUE_INDEX_PATH = '.generated/catalogue-index.json';

async function writeCatalogueIndex(products: readonly Product[], output: string): Promise<void> {
  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify(products.map(toPriceIndexEntry))}\n`);
}

// Records go to the Pagefind process in batches: one at a time is a round trip each, all at once
// too much memory.
const BATCH = 500;

async function writeSearchIndex(products: readonly Product[], outputPath: string): Promise<void> {
  const { index, errors } = await createIndex({ forceLanguage: 'en' });
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const sortKeys = searchSortKeys(products);
  for (let start = 0; start < products.length; start += BATCH) {
    const batch = products.slice(start, start + BATCH);
    const results = await Promise.all(batch.map((product) => index.addCustomRecord(searchRecord(product, sortKeys.get(product.id)!))));
    const failed = results.flatMap((result) => result.errors);
    if (failed.length > 0) throw new Error(`Pagefind refused a product record: ${failed.join('; ')}`);
  }
  const written = await index.writeFiles({ outputPath });
  if (written.errors.length > 0) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
  await close();
}

/**
 * Written as plain files after the build: as Astro routes these pages cost as much per page in
 * route overhead as a real page, for a few hundred bytes each.
 */
async function writeIdRedirects(products: readonly Product[], dist: URL, site: URL): Promise<number> {
  const redirected = productsNeedingIdRedirect(products);
  for (let start = 0; start < redirected.length; start += BATCH) {
    await Promise.all(
      redirected.slice(start, start + BATCH).map(async (product) => {
        const directory = new URL(`products/${product.id}/`, dist);
        await mkdir(directory, { recursive: true });
        await writeFile(new URL('index.html', directory), idRedirectHtml(product, site));
      }),
    );
  }
  return redirected.length;
}

/**
 * Before the pages: the price index of the payment functions. After the pages: the product search index (dist/pagefind/) that /products loads when a customer
 * searches, and the /products/<id> redirects. All come from the one catalogue read the pages are built from.
 */
export function productSearchIndex(): AstroIntegration {
  let site = new URL('http://localhost:8888');
  return {
    name: 'product-search-index',
    hooks: {
      // Rendering a product page waits on its file writes; four at a time keep the CPU busy
      // meanwhile (10,000 products: 39 s of page rendering at 1, 33 s at 4, on 2 loaded cores).
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ build: { concurrency: 4 } });
      },
      'astro:config:done': ({ config }) => {
        if (config.site) site = new URL(config.site);
      },
      'astro:build:start': async ({ logger }) => {
        const { products } = await getCatalogue();
        await writeCatalogueIndex(products, CATALOGUE_INDEX_PATH);
        logger.info(`${products.length} products indexed for the payment functions in ${CATALOGUE_INDEX_PATH}`);
        const overpriced = products.filter(currentPriceAboveMrp);
        if (overpriced.length > 0) {
          logger.warn(
            `${overpriced.length} products have a current_price above MRP, ignored (sold at MRP): ` +
              overpriced.map((product) => `${product.id} ${product.name} (${product.current_price} > ${product.mrp})`).join('; '),
          );
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const read = performance.now();
        const { products } = await getCatalogue();
        await writeSearchIndex(products, fileURLToPath(new URL('pagefind/', dir)));
        const indexed = performance.now();
        const redirects = await writeIdRedirects(products, dir, site);
        const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
        logger.info(
          `${products.length} products indexed for search in ${ms(read, indexed)}; ` +
            `${redirects} id redirects written in ${ms(indexed, performance.now())}`,
        );
      },
    },
  };
}
