import { catalogue } from '../../domain/strings/english/catalogue';
import { fill } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';
import { type Product, productSlug } from '../../domain/product';
import { sortProducts } from './product-list';

/*
 * The category and condition pages customers arrive at from marketing links: one page per
 * category, and one per condition a medicine is used for (its primary uses) or class it belongs to
 * (its therapeutic class). Worked out at build in one pass over the catalogue.
 */

export type BrowseKind = 'categories' | 'conditions';

export interface BrowseGroup {
  kind: BrowseKind;
  slug: string;
  /** As the data spells it the first time it appears, e.g. 'Type 2 Diabetes'. */
  name: string;
  /** The group's products in name order. */
  products: Product[];
}

export const browsePath = (group: Pick<BrowseGroup, 'kind' | 'slug'>) => `/${group.kind}/${group.slug}`;

/** 'ANTI DIABETIC' and 'allopathy' as 'Anti Diabetic' and 'Allopathy': the data writes some names all in one case. */
function readableName(name: string): string {
  const trimmed = name.trim();
  const oneCase = trimmed === trimmed.toUpperCase() || trimmed === trimmed.toLowerCase();
  return oneCase ? trimmed.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase()) : trimmed;
}

/** The page a name of this kind has, or null when its name makes no page (no letters, or digits only). */
function groupSlug(name: string): string | null {
  const slug = productSlug(name);
  return slug && !/^\d+$/.test(slug) ? slug : null;
}

/** A product's category page, for its category chip. */
export function categoryPath(category: string): string | null {
  const slug = groupSlug(category);
  return slug ? browsePath({ kind: 'categories', slug }) : null;
}

/** The groups of one kind, by slug; a product named under one slug twice counts once. */
function groupBy(kind: BrowseKind, products: readonly Product[], namesOf: (product: Product) => readonly string[]): BrowseGroup[] {
  const groups = new Map<string, BrowseGroup>();
  for (const product of sortProducts(products, 'name')) {
    for (const name of namesOf(product)) {
      const slug = groupSlug(name);
      if (!slug) continue;
      let group = groups.get(slug);
      if (!group) groups.set(slug, (group = { kind, slug, name: readableName(name), products: [] }));
      if (group.products.at(-1) !== product) group.products.push(product);
    }
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function categoryGroups(products: readonly Product[]): BrowseGroup[] {
  return groupBy('categories', products, (product) => [product.category]);
}

export function conditionGroups(products: readonly Product[]): BrowseGroup[] {
  return groupBy('conditions', products, (product) => [...product.primary_uses, product.therapeutic_class].filter((name) => name.trim() !== ''));
}

type BrowseText = Pick<StringTable['catalogue'], 'categoryTitle' | 'conditionTitle' | 'categoryDescription' | 'conditionDescription'>;

export const browseTitle = (group: BrowseGroup, text: BrowseText = catalogue) => fill(group.kind === 'categories' ? text.categoryTitle : text.conditionTitle, { name: group.name });

export const browseDescription = (group: BrowseGroup, text: BrowseText = catalogue) =>
  fill(group.kind === 'categories' ? text.categoryDescription : text.conditionDescription, { name: group.name.toLowerCase(), count: group.products.length });
