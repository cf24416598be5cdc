import { setFlagsFromString } from 'node:v8';
import { CATALOGUE_DIRECTORY } from './catalogue-directory';
import type { Product } from '../../domain/product';
import { sortProducts } from './product-list';
import { readCatalogueDirectory } from './read-catalogue-files';

const CATALOGUE_KEY = Symbol.for('medikart.catalogue');

export interface Catalogue {
  /** Every product, in the list's default order (by name). */
  products: Product[];
}

// Kept on globalThis: the pages' bundled copy of this module and the build integration's
// (search-index-integration.ts) then share one catalogue; two copies of 100,000 products
// exhausted the build's memory.
const shared = globalThis as typeof globalThis & { [CATALOGUE_KEY]?: Promise<Catalogue> };

/**
 * The catalogue is read straight from its directory rather than through a content collection:
 * at 10,000 records the collection's data store held every raw record a second time in memory and
 * its sync grew with the catalogue, for nothing the pages use.
 */
async function loadCatalogue(): Promise<Catalogue> {
  roomToGrow();
  return { products: sortProducts(await readCatalogueDirectory(CATALOGUE_DIRECTORY), 'name') };
}

/**
 * The build holds the whole catalogue while it renders a page per product (~700 MB of live heap at
 * 100,000 products), and V8 sets the next full collection at only ~1.1 times what is live, so it
 * marked that whole catalogue every ~90 MB of page garbage that outlived the young generation: every
 * 5 s, 2 s of marking each, half the build's time at 100,000 products (nothing at 10,000, where the
 * heap is 200 MB). Growing the heap to twice what is live before the next full collection makes them
 * rare; the peak stays under the 4 GB the build may use.
 */
function roomToGrow(): void {
  setFlagsFromString('--heap-growing-percent=100');
}

/** The validated catalogue, built once per build; a malformed record fails the build. */
export function getCatalogue(): Promise<Catalogue> {
  shared[CATALOGUE_KEY] ??= loadCatalogue();
  return shared[CATALOGUE_KEY];
}
