import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart-line';
import { cartLinesTotalPaise } from './cart-total';
import { DEFAULT_PRODUCT_IMAGE, type CartProduct } from './product';

const product = (id: number, mrp_paise: number, current_price_paise?: number): CartProduct => ({
  id,
  name: `Product ${id}`,
  slug: `product-${id}`,
  mrp_paise,
  ...(current_price_paise === undefined ? {} : { current_price_paise }),
  thumbnail_image: DEFAULT_PRODUCT_IMAGE,
  category: 'Tablets',
  requires_prescription: false,
  sale_state: 'ADD TO CART',
});
const line = (item: CartProduct, quantity: number): CartLine => ({ product: item, quantity, prescriptionAccepted: true, prescriptionFileUrl: null });

describe('the cart total', () => {
  it('charges each line at its selling price: below MRP when discounted, MRP otherwise, never above it', () => {
    expect(cartLinesTotalPaise([line(product(1, 3450, 3105), 2), line(product(2, 1890), 1), line(product(3, 1000, 1200), 1)])).toBe(6210 + 1890 + 1000);
  });
});
