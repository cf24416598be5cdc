import { describe, expect, it } from 'vitest';
import { cartTotalPaise } from './cart-total';
import { decodeCart, encodeCart, readCartProduct } from './stored-cart';

const line = (product: Record<string, unknown>) => ({ product, quantity: 2, prescriptionAccepted: false, prescriptionFileUrl: null });
const metformin = { id: 1, name: 'Metformin 500mg Tablet', slug: 'metformin-500mg-tablet', mrp: 34.5, thumbnail_image: null, category: 'allopathy', requires_prescription: true, sale_state: 'ADD TO CART' };

const total = (encoded: string) =>
  cartTotalPaise(decodeCart(encoded).items.map(({ product, quantity }) => ({ mrp_paise: product.mrp_paise, current_price_paise: product.current_price_paise, quantity })));

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
    expect(readCartProduct({ ...metformin, mrp_paise: 3450, cod_available: false, drug_form: 'Tablet' })).toMatchObject({ cod_available: false });
  });

  it('drops a line whose flag is not a yes or no', () => {
    expect(decodeCart(JSON.stringify({ items: [line({ ...metformin, cod_available: 'no' })] })).items).toEqual([]);
  });
});

describe('the stored cart keeps the spec\'s rupees; the model holds paise', () => {
  it('writes the product price as rupees and reads it back as paise', () => {
    const [read] = decodeCart(JSON.stringify({ items: [line({ ...metformin, current_price: 31.05 })] })).items;
    expect(read?.product).toMatchObject({ mrp_paise: 3450, current_price_paise: 3105 });
    const stored = JSON.parse(encodeCart({ items: [read!], sessionId: crypto.randomUUID() }));
    expect(stored.items[0].product).toMatchObject({ mrp: 34.5, current_price: 31.05 });
    expect(stored.items[0].product).not.toHaveProperty('mrp_paise');
  });

  it('drops a line whose price is not a whole number of paise', () => {
    expect(decodeCart(JSON.stringify({ items: [line({ ...metformin, mrp: 34.555 })] })).items).toEqual([]);
  });
});
