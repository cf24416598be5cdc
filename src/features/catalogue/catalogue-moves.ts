import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getCatalogue } from './catalogue';
import { CATALOGUE_DIRECTORY } from './catalogue-directory';
import { readCatalogueHistory } from './catalogue-history';
import { productMoves, type ProductMoves } from './product-moves';

const MOVES_KEY = Symbol.for('medikart.product-moves');
// Shared like the catalogue (catalogue.ts): the pages and the build integration read Git once.
const shared = globalThis as typeof globalThis & { [MOVES_KEY]?: Promise<ProductMoves> };

async function idInFile(file: string): Promise<number | undefined> {
  try {
    const id = (JSON.parse(await readFile(file, 'utf8')) as { id?: unknown }).id;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a catalogue directory's renames and removals from Git and works out every old address. */
export async function readProductMoves(directory: string, products: Parameters<typeof productMoves>[0]): Promise<ProductMoves> {
  const history = await readCatalogueHistory(directory);
  // Only the files Git saw renamed are opened again, to learn which product each holds today.
  const ids = new Map(await Promise.all(history.map(async (entry) => [entry.file, await idInFile(path.join(directory, entry.file))] as const)));
  return productMoves(products, history, (file) => ids.get(file));
}

/** The catalogue's old product addresses, worked out once per build. */
export function getProductMoves(): Promise<ProductMoves> {
  shared[MOVES_KEY] ??= getCatalogue().then(({ products }) => readProductMoves(CATALOGUE_DIRECTORY, products));
  return shared[MOVES_KEY];
}
