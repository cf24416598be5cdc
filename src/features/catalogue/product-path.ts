import type { DisplayProduct } from './display-product';
import { isProductIdSegment } from './slug';

/** The segment a product lives under: its slug, or its id when the name gives no usable slug. */
export function productSegment(product: Pick<DisplayProduct, 'id' | 'slug'>): string {
  // A purely numeric slug would be read as an id, so such products are addressed by id.
  return product.slug && !isProductIdSegment(product.slug) ? product.slug : String(product.id);
}

export function productPath(product: Pick<DisplayProduct, 'id' | 'slug'>): string {
  return `/products/${productSegment(product)}`;
}
