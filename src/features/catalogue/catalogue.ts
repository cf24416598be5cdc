import { getCollection } from 'astro:content';
import { buildCatalogue, type DisplayProduct } from './display-product';
import { sortProducts } from './product-list';

export interface Catalogue {
  /** Every product, in the list's default order (by name). */
  products: DisplayProduct[];
}

let catalogue: Promise<Catalogue> | undefined;

async function loadCatalogue(): Promise<Catalogue> {
  const entries = await getCollection('catalogue');
  const built = buildCatalogue(entries.map((entry) => ({ source: entry.filePath ?? entry.id, raw: entry.data })));
  return { products: sortProducts(built, 'name') };
}

/** The validated catalogue, built once per build; a malformed record fails the build. */
export function getCatalogue(): Promise<Catalogue> {
  catalogue ??= loadCatalogue();
  return catalogue;
}
