import type { AstroIntegration } from 'astro';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getCatalogue } from './catalogue';
import { toPriceIndexEntry, type Product } from '../../domain/product';
import { currentPriceAboveMrp } from '../../domain/selling-price';
import { idRedirectHtml, productsNeedingIdRedirect } from './id-redirect';
import { searchRows } from './product-search';
import { SEARCH_INDEX_URL } from './search-engine';

/** The price index the payment functions bundle (netlify/functions import it from here). */
export const CATALOGUE_INDEX_PATH = '.generated/catalogue-index.json';

async function writeCatalogueIndex(products: readonly Product[], output: string): Promise<void> {
  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, `${JSON.stringify(products.map(toPriceIndexEntry))}\n`);
}

// Id redirects are written in batches: all at once exceed the open-file limit.
const BATCH = 500;

/** The search index (search-engine.ts): one JSON file of folded rows, fetched when a customer first searches. */
async function writeSearchIndex(products: readonly Product[], dist: URL): Promise<number> {
  const output = new URL(SEARCH_INDEX_URL.slice(1), dist);
  await mkdir(new URL('./', output), { recursive: true });
  const text = JSON.stringify(searchRows(products));
  await writeFile(output, text);
  return text.length;
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
 * Before the pages: the price index of the payment functions. After the pages: the product search index (dist/search/products.json) that /products loads when a customer
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
        const indexBytes = await writeSearchIndex(products, dir);
        const indexed = performance.now();
        const redirects = await writeIdRedirects(products, dir, site);
        const ms = (from: number, to: number) => `${Math.round(to - from)} ms`;
        logger.info(
          `${products.length} products indexed for search in ${ms(read, indexed)} (${indexBytes} bytes); ` +
            `${redirects} id redirects written in ${ms(indexed, performance.now())}`,
        );
      },
    },
  };
}
