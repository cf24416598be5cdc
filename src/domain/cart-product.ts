import { CART_LINE_FIELDS, pickProductView, productView, type ViewOf } from './product-schema';

/*
 * A product as a cart line keeps it, apart from the rest of ./product (which re-exports it): the
 * product controls that run before the first tap need this and none of the catalogue's addresses.
 */

/** The one placeholder shown when a product has no thumbnail at all. */
export const DEFAULT_PRODUCT_IMAGE = '/images/placeholder/product-default.webp';

/**
 * The product fields a cart line keeps, so the cart renders without the catalogue. Carts stored
 * before selling prices or cash on delivery lack those: such a line is priced at MRP and offers
 * cash on delivery until refreshed from the catalogue (the server has the final word).
 */
export const CART_PRODUCT = productView(CART_LINE_FIELDS, ['current_price_paise', 'cod_available']);
export type CartProduct = ViewOf<typeof CART_PRODUCT>;

/** Keeps only the fields a cart line needs (a product carries many more). */
export const toCartProduct = (product: CartProduct): CartProduct => pickProductView(CART_PRODUCT, product);
