import type { Product } from '../../domain/product';
import { browsePath, type BrowseGroup, categoryGroups, conditionGroups } from './browse-groups';
import { listFacts } from './list-facts';
import { sortProducts } from './product-list';

/*
 * What a list's filters and a category or condition page's full list read in the browser, written
 * at build beside the search index and addressed the same way, by the product's place in name order
 * (the search's ordinal): loaded on the first filter, sort, search or "Show more" only.
 */

export const LIST_FACTS_URL = '/browse/facts.json';
export const groupMembersUrl = (group: Pick<BrowseGroup, 'kind' | 'slug'>) => `/browse${browsePath(group)}.json`;

export function* browseFiles(products: readonly Product[]): Generator<[path: string, text: string]> {
  const byName = sortProducts(products, 'name');
  yield [LIST_FACTS_URL, JSON.stringify(listFacts(byName))];
  const ordinals = new Map(byName.map((product, ordinal) => [product.id, ordinal]));
  for (const group of [...categoryGroups(byName), ...conditionGroups(byName)]) {
    yield [groupMembersUrl(group), JSON.stringify(group.products.map((product) => ordinals.get(product.id)!))];
  }
}
