import { describe, expect, it } from 'vitest';
import type { Product } from '../../../domain/product';
import { fixtureProducts } from '../../../../tests/e2e/support/fixture-catalogue';
import { parseProductShareImagePath, productShareCard, productShareFacts, productShareImagePath } from './share-cards';

const [discounted] = fixtureProducts((product) => product.current_price_paise > 0 && product.current_price_paise < product.mrp_paise);
const product = discounted!;
const pathOf = (changed: Partial<Product> = {}) => productShareImagePath(productShareFacts({ ...product, ...changed }));

describe("a product's share image address", () => {
  it('is /og/products/<id>-<hash>.jpg, and reads back as its id and hash', () => {
    const address = pathOf();
    expect(address).toMatch(new RegExp(`^/og/products/${product.id}-[0-9a-f]{12}\\.jpg$`));
    expect(parseProductShareImagePath(address)).toEqual({ id: product.id, hash: address.slice(-16, -4) });
  });

  it('changes with anything the image shows: selling price, MRP, name, pack, maker, picture', () => {
    const before = pathOf();
    for (const changed of [
      { current_price_paise: product.current_price_paise - 100 },
      { mrp_paise: product.mrp_paise + 500 },
      { name: `${product.name} Plus` },
      { quantity: `${product.quantity} x 2` },
      { marketer: 'Another Pharma Ltd' },
      { images: ['/images/products/new-photo.webp'] },
      { requires_prescription: !product.requires_prescription },
    ] satisfies Partial<Product>[]) {
      expect(pathOf(changed), JSON.stringify(changed)).not.toBe(before);
    }
  });

  it('stays the same when nothing the image shows changes', () => {
    expect(pathOf()).toBe(pathOf());
    expect(pathOf({ description: 'A new description.', sale_state: 'SOLD OUT', slug: 'a-new-slug', images: [...product.images, '/images/products/second-photo.webp'] })).toBe(pathOf());
    // A current price at or above MRP is ignored (sold at MRP), so it draws the same card as none at all.
    expect(pathOf({ current_price_paise: product.mrp_paise + 100 })).toBe(pathOf({ current_price_paise: 0 }));
  });

  it('is refused when it is not a product image address', () => {
    for (const address of ['/og/products/14.jpg', '/og/products/14-ABCDEF012345.jpg', '/og/products/0-abcdef012345.jpg', '/og/products/14-abcdef012345.png', '/og/categories/14-abcdef012345.jpg']) {
      expect(parseProductShareImagePath(address), address).toBeNull();
    }
  });
});

describe("a product's share card", () => {
  it('shows the selling price with the struck MRP and the discount when it sells below MRP', () => {
    const card = productShareCard(productShareFacts(product));
    expect(card).toMatchObject({ title: product.name, details: [product.quantity, `by ${product.marketer}`], picture: product.images[0] });
    expect(card.price).toEqual({ selling: expect.stringMatching(/^₹/), mrp: expect.stringMatching(/^₹/), off: expect.stringMatching(/^\d+% off$/) });
  });

  it('shows the price alone when it sells at MRP', () => {
    const card = productShareCard(productShareFacts({ ...product, current_price_paise: 0 }));
    expect(card.price).toEqual({ selling: expect.stringMatching(/^₹/) });
  });
});
