import { describe, expect, it } from 'vitest';
import { cartTotalPaise } from './cart-line';
import { decodeCart, readCartProduct } from './stored-cart';

const line = (product: Record<string, unknown>) => ({ product, quantity: 2, prescriptionAccepted: false, prescriptionFileUrl: null });
const metformin = { id: 1, name: 'Metformin 500mg Tablet', slug: 'metformin-500mg-tablet', mrp: 34.5, thumbnail_image: null, category: 'allopathy', requires_prescription: true, sale_state: 'ADD TO CART' };

const total = (encoded: string) =>
  cartTotalPaise(decodeCart(encoded).items.map(({ product, quantity }) => ({ mrp: product.mrp, current_price: product.current_price, quantity })));

describe('a stored cart and selling prices', () => {
  it('totals a line at its selling price, as the server charges it', () => {
    expect(total(JSON.stringify({ items: [line({ ...metformin, current_price: 31.05 })] }))).toBe(6210);
  });

  it('still reads a cart stored before selling prices, at MRP until the catalogue refresh', () => {
    const cart = decodeCart(JSON.stringify({ items: [line(metformin)] }));
    expect(cart.items).toHaveLength(1);
    expect(total(JSON.stringify({ items: [line(metformin)] }))).toBe(6900);
  });
});

describe('a stored cart and cash on delivery', () => {
  it("keeps a product's cash on delivery flag, so the cart does not offer what the server refuses", () => {
    const [stored] = decodeCart(JSON.stringify({ items: [line({ ...metformin, cod_available: false })] })).items;
    expect(stored?.product.cod_available).toBe(false);
  });

  it('reads the catalogue entry the cart refreshes from with its flag', () => {
    expect(readCartProduct({ ...metformin, cod_available: false, drug_form: 'Tablet' })).toMatchObject({ cod_available: false });
  });

  it('drops a line whose flag is not a yes or no', () => {
    expect(decodeCart(JSON.stringify({ items: [line({ ...metformin, cod_available: 'no' })] })).items).toEqual([]);
  });
});
