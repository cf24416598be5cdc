import { CATALOGUE_DIRECTORY } from './catalogue-directory';
import type { DisplayProduct } from './display-product';
import { sortProducts } from './product-list';
import { readCatalogueDirectory } from './read-catalogue-files';

export interface Catalogue {
  /** Every product, in the list's default order (by name). */
  products: DisplayProduct[];
}

let catalogue: Promise<Catalogue> | undefined;

/**
 * The catalogue is read straight from its directory rather than through a content collection:
 * at 10,000 records the collection's data store held every raw record a second time in memory and
 * its sync grew with the catalogue, for nothing the pages use.
 */
async function loadCatalogue(): Promise<Catalogue> {
  return { products: sortProducts(await readCatalogueDirectory(CATALOGUE_DIRECTORY), 'name') };
}

/** The validated catalogue, built once per build; a malformed record fails the build. */
export function getCatalogue(): Promise<Catalogue> {
  catalogue ??= loadCatalogue();
  return catalogue;
}
