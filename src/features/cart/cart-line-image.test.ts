import { describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';
import { cartLineImage, stockImageFor } from './cart-line-image';

describe('stockImageFor', () => {
  it('picks one of the eight stock images, the same every time for a product', () => {
    const images = new Set(Array.from({ length: 40 }, (_, id) => stockImageFor(id + 1)));
    expect(images.size).toBe(8);
    for (const image of images) expect(image).toMatch(/^\/images\/stock\/stock-[1-8]\.webp$/);
    expect(stockImageFor(202)).toBe('/images/stock/stock-3.webp');
  });
});

describe('cartLineImage', () => {
  it("uses the product's own thumbnail", () => {
    expect(cartLineImage({ id: 1, thumbnail_image: '/images/products/1.webp' })).toBe('/images/products/1.webp');
  });

  it('gives a product without an image its stock image', () => {
    for (const thumbnail_image of [null, '', '  ', DEFAULT_PRODUCT_IMAGE]) {
      expect(cartLineImage({ id: 202, thumbnail_image })).toBe('/images/stock/stock-3.webp');
    }
  });
});
