import type { DisplayProduct } from './display-product';

/** Product links use the slug, or the numeric id when a name yields no slug. */
export function productPath(product: Pick<DisplayProduct, 'id' | 'slug'>): string {
  return `/products/${product.slug || product.id}`;
}
