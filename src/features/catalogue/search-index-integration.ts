import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { close, createIndex } from 'pagefind';
import { CATALOGUE_DIRECTORY } from './catalogue-directory';
import { searchRecords } from './product-search';
import { readCatalogueDirectory } from './read-catalogue-files';

// Records go to the Pagefind process in batches: one at a time is a round trip each.
const BATCH = 2000;

/** Writes the product search index (dist/pagefind/) that /products loads when a customer searches. */
export function productSearchIndex(): AstroIntegration {
  return {
    name: 'product-search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const products = await readCatalogueDirectory(CATALOGUE_DIRECTORY);
        const { index, errors } = await createIndex({ forceLanguage: 'en' });
        if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
        const records = searchRecords(products);
        for (let start = 0; start < records.length; start += BATCH) {
          const results = await Promise.all(records.slice(start, start + BATCH).map((record) => index.addCustomRecord(record)));
          const failed = results.flatMap((result) => result.errors);
          if (failed.length > 0) throw new Error(`Pagefind refused a product record: ${failed.join('; ')}`);
        }
        const written = await index.writeFiles({ outputPath: fileURLToPath(new URL('pagefind/', dir)) });
        if (written.errors.length > 0) throw new Error(`Pagefind could not write the index: ${written.errors.join('; ')}`);
        await close();
        logger.info(`${records.length} products indexed in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}
