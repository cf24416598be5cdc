import { getCollection } from 'astro:content';
import { getCatalogue } from './catalogue';
import { listPagePath, pageCount } from './product-list';
import { productPath } from '@/domain/product';

/** Every public page the sitemap lists: products under their canonical (slug) URL only. */
export async function publicPaths(): Promise<string[]> {
  const { products } = await getCatalogue();
  const policies = await getCollection('policies');
  const listPages = Array.from({ length: pageCount(products.length) }, (_, index) => listPagePath(index + 1));
  return ['/', ...listPages, ...products.map(productPath), ...policies.map((policy) => `/${policy.id}`), '/contact-us'];
}
