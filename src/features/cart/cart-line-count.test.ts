import { describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY, decodeCart } from './cart-store';
import { STORED_CART_KEY, storedCartLineCount } from './cart-line-count';

const line = (id: number, quantity = 1) => ({
  product: { id, name: `Product ${id}`, slug: `product-${id}`, mrp: 10, thumbnail_image: null, category: 'Pain', requires_prescription: false, sale_state: 'ADD TO CART' },
  quantity,
  prescriptionAccepted: true,
  prescriptionFileUrl: null,
});

describe('storedCartLineCount', () => {
  it('reads the key the cart store writes', () => {
    expect(STORED_CART_KEY).toBe(CART_STORAGE_KEY);
  });

  it.each([
    ['an empty cart', { items: [], sessionId: crypto.randomUUID() }],
    ['two lines', { items: [line(1, 3), line(2)], sessionId: crypto.randomUUID() }],
    ['a repeated product', { items: [line(1), line(1, 2), line(2)] }],
    ['a line with a broken quantity', { items: [line(1), { ...line(2), quantity: 0 }] }],
    ['an old bare array', [line(4), line(5)]],
    ['something else', { items: 'nope' }],
  ])('counts distinct lines like the store does: %s', (_name, stored) => {
    const encoded = JSON.stringify(stored);
    expect(storedCartLineCount(encoded)).toBe(decodeCart(encoded).items.length);
  });

  it('counts nothing for a missing or unreadable value', () => {
    expect(storedCartLineCount(null)).toBe(0);
    expect(storedCartLineCount('{not json')).toBe(0);
    expect(storedCartLineCount('null')).toBe(0);
  });
});
