import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Product } from '../../domain/product';
import { buildCatalogue } from './product-from-record';

/** Files read at once: all 100,000 at the same time exceed the open-file limit (EMFILE). */
const READ_BATCH = 1000;

/** Reads and validates a catalogue directory (content/catalogue, or CATALOGUE_DIR) for the pages, the search index and the payment functions. */
export async function readCatalogueDirectory(directory: string): Promise<Product[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort();
  const entries: { source: string; raw: unknown }[] = [];
  for (let start = 0; start < files.length; start += READ_BATCH) {
    const batch = files.slice(start, start + READ_BATCH).map(async (file) => {
      const source = path.join(directory, file);
      const text = await readFile(source, 'utf8');
      try {
        return { source, raw: JSON.parse(text) as unknown };
      } catch (error) {
        throw new Error(`Catalogue record ${source} is not valid JSON: ${(error as Error).message}`);
      }
    });
    entries.push(...(await Promise.all(batch)));
  }
  return buildCatalogue(entries);
}
