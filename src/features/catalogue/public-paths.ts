import { getCollection } from 'astro:content';
import { getCatalogue } from './catalogue';
import { listPagePath, pageCount } from './product-list';
import { productPath } from '../../domain/product';
import { browsePath, categoryGroups, conditionGroups } from './browse-groups';

/** Every public page the sitemap lists: products under their canonical (slug) URL only, and the category and condition pages. */
export async function publicPaths(): Promise<string[]> {
  const { products } = await getCatalogue();
  const policies = await getCollection('policies');
  const listPages = Array.from({ length: pageCount(products.length) }, (_, index) => listPagePath(index + 1));
  const browsePages = [...categoryGroups(products), ...conditionGroups(products)].map(browsePath);
  return ['/', ...listPages, ...browsePages, ...products.map(productPath), ...policies.map((policy) => `/${policy.id}`), '/contact-us', '/prescription-order'];
}
