import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart-line';
import { mergeCartLines, readStoredItems, storedCartTotal, toStoredItem } from './account-cart';

function line(id: number, quantity: number, overrides: Partial<CartLine> = {}): CartLine {
  return {
    product: {
      id,
      name: `Product ${id}`,
      slug: `product-${id}`,
      mrp_paise: 1050 * id,
      thumbnail_image: `/images/products/${id}.webp`,
      category: 'Diabetes',
      requires_prescription: false,
      sale_state: 'ADD TO CART',
    },
    quantity,
    prescriptionAccepted: true,
    prescriptionFileUrl: null,
    ...overrides,
  };
}

describe('stored cart items', () => {
  it("stores a line in the server shape: mrp as text, prescription url or null, the cart product's other fields beside them", () => {
    expect(toStoredItem(line(2, 3))).toEqual({
      product_id: 2,
      name: 'Product 2',
      quantity: 3,
      mrp: '21.00',
      thumbnail_image: '/images/products/2.webp',
      prescription_url: null,
      slug: 'product-2',
      category: 'Diabetes',
      requires_prescription: false,
      sale_state: 'ADD TO CART',
    });
  });

  it('reads back what it stored', () => {
    const lines = [line(1, 2), line(3, 1, { prescriptionFileUrl: 'user/abc.pdf' })];
    expect(readStoredItems(JSON.parse(JSON.stringify(lines.map(toStoredItem))))).toEqual(lines);
  });

  it('carries cash on delivery and the selling price to another device', () => {
    const withoutCod = line(5, 1);
    withoutCod.product = { ...withoutCod.product, cod_available: false, current_price_paise: 4000 };
    expect(readStoredItems(JSON.parse(JSON.stringify([toStoredItem(withoutCod)])))).toEqual([withoutCod]);
  });

  it('reads a row written with only the spec fields, treating the line as prescription-only', () => {
    const [restored] = readStoredItems([
      { product_id: 7, name: 'Metformin 500mg Tablet', quantity: 2, mrp: '45.10', thumbnail_image: '/a.webp', prescription_url: null },
    ]);
    expect(restored).toEqual({
      product: {
        id: 7,
        name: 'Metformin 500mg Tablet',
        slug: 'metformin-500mg-tablet',
        mrp_paise: 4510,
        thumbnail_image: '/a.webp',
        category: '',
        requires_prescription: true,
        sale_state: 'ADD TO CART',
      },
      quantity: 2,
      prescriptionAccepted: false,
      prescriptionFileUrl: null,
    });
  });

  it('skips unreadable items and repeated products instead of failing the cart', () => {
    const good = toStoredItem(line(1, 1));
    expect(readStoredItems([good, { product_id: 'x' }, null, { ...good, quantity: 5 }])).toHaveLength(1);
    expect(readStoredItems('not a list')).toEqual([]);
  });

  it('totals mrp x quantity in rupees without floating-point drift', () => {
    const lines = [line(1, 3), line(2, 1)];
    lines[0]!.product.mrp_paise = 10;
    lines[1]!.product.mrp_paise = 20;
    expect(storedCartTotal(lines)).toBe(0.5);
    expect(storedCartTotal([])).toBe(0);
  });
});

describe('merging the device cart with the account cart on sign-in', () => {
  it('keeps every distinct line: this device first, then the account-only lines', () => {
    const merged = mergeCartLines([line(1, 1), line(2, 2)], [line(3, 4)]);
    expect(merged.map((kept) => [kept.product.id, kept.quantity])).toEqual([
      [1, 1],
      [2, 2],
      [3, 4],
    ]);
  });

  it('takes the larger quantity for a product in both carts rather than adding them up', () => {
    const merged = mergeCartLines([line(1, 2), line(2, 5)], [line(1, 3), line(2, 1)]);
    expect(merged.map((kept) => [kept.product.id, kept.quantity])).toEqual([
      [1, 3],
      [2, 5],
    ]);
  });

  it('keeps a prescription already attached on the account when this device has none', () => {
    const onDevice = line(4, 1, { prescriptionAccepted: false });
    const onAccount = line(4, 1, { prescriptionAccepted: true, prescriptionFileUrl: 'u/rx.pdf' });
    expect(mergeCartLines([onDevice], [onAccount])[0]).toMatchObject({
      prescriptionAccepted: true,
      prescriptionFileUrl: 'u/rx.pdf',
    });
  });

  it('is a no-op when both sides already agree', () => {
    const cart = [line(1, 2), line(2, 1)];
    expect(mergeCartLines(cart, cart)).toEqual(cart);
  });
});
