import { DEFAULT_PRODUCT_IMAGE } from '../../domain/product';
import type { CartProduct } from './cart-store';

/** Cart products for the cart's unit tests. */
export const paracetamol: CartProduct = {
  id: 101,
  name: 'Paracetamol 500mg Tablet',
  slug: 'paracetamol-500mg-tablet',
  mrp_paise: 3550,
  thumbnail_image: '/images/products/101.webp',
  category: 'Pain Relief',
  requires_prescription: false,
  sale_state: 'ADD TO CART',
};

export const metformin: CartProduct = {
  id: 202,
  name: 'Metformin 500mg Tablet',
  slug: 'metformin-500mg-tablet',
  mrp_paise: 12025,
  thumbnail_image: DEFAULT_PRODUCT_IMAGE,
  category: 'Diabetes',
  requires_prescription: true,
  sale_state: 'ADD TO CART',
};
