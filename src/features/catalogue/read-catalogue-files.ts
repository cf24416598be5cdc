import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { buildCatalogue, type DisplayProduct } from './display-product';

/** Node-side reader of content/catalogue for scripts and functions (pages use the content collection). */
export async function readCatalogueDirectory(directory: string): Promise<DisplayProduct[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.json')).sort();
  const entries = await Promise.all(
    files.map(async (file) => {
      const source = path.join(directory, file);
      const text = await readFile(source, 'utf8');
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch (error) {
        throw new Error(`Catalogue record ${source} is not valid JSON: ${(error as Error).message}`);
      }
      return { source, raw };
    }),
  );
  return buildCatalogue(entries);
}
