import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readCatalogueDirectory } from '../src/features/catalogue/read-catalogue-files';
import { toCatalogueIndexEntry } from '../src/features/checkout/server/catalogue-index';

/** Writes .generated/catalogue-index.json, the catalogue the payment functions price orders with. */
const directory = process.argv[2] ?? process.env.CATALOGUE_DIR ?? 'content/catalogue';
const output = process.argv[3] ?? '.generated/catalogue-index.json';

const products = await readCatalogueDirectory(directory);
await mkdir(path.dirname(output), { recursive: true });
await writeFile(output, `${JSON.stringify(products.map(toCatalogueIndexEntry))}\n`);
console.log(`Indexed ${products.length} products from ${directory} into ${output}`);
