import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';

const STOCK_IMAGE_COUNT = 8;

/** One of the eight stock images, always the same one for the same product. */
export function stockImageFor(productId: number): string {
  const index = (Math.abs(Math.trunc(productId)) % STOCK_IMAGE_COUNT) + 1;
  return `/images/stock/stock-${index}.webp`;
}

/** The line's thumbnail; a product without an image of its own gets its stock image. */
export function cartLineImage(product: { id: number; thumbnail_image: string | null }): string {
  const own = product.thumbnail_image?.trim();
  return own && own !== DEFAULT_PRODUCT_IMAGE ? own : stockImageFor(product.id);
}
