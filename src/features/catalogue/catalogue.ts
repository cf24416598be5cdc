import { getCollection } from 'astro:content';
import { buildCatalogue, type DisplayProduct } from './display-product';
import { sortProducts } from './product-list';

export interface Catalogue {
  /** Every product, in the list's default order (by name). */
  products: DisplayProduct[];
  bySlug: Map<string, DisplayProduct>;
  byId: Map<number, DisplayProduct>;
}

let catalogue: Promise<Catalogue> | undefined;

async function loadCatalogue(): Promise<Catalogue> {
  const entries = await getCollection('catalogue');
  const built = buildCatalogue(entries.map((entry) => ({ source: entry.filePath ?? entry.id, raw: entry.data })));
  const products = sortProducts(built, 'name');
  return {
    products,
    bySlug: new Map(products.map((product) => [product.slug, product])),
    byId: new Map(products.map((product) => [product.id, product])),
  };
}

/** The validated catalogue, built once per build; a malformed record fails the build. */
export function getCatalogue(): Promise<Catalogue> {
  catalogue ??= loadCatalogue();
  return catalogue;
}

export async function productBySlug(slug: string): Promise<DisplayProduct | undefined> {
  return (await getCatalogue()).bySlug.get(slug);
}

export async function productById(id: number): Promise<DisplayProduct | undefined> {
  return (await getCatalogue()).byId.get(id);
}
