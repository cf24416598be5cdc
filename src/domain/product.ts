import { CARD_FIELDS, CART_LINE_FIELDS, joinFields, pickProductView, productView, someFields, type Product, type ViewOf } from './product-schema';

export { CART_PRODUCT, DEFAULT_PRODUCT_IMAGE, toCartProduct, type CartProduct } from './cart-product';

export type { Product } from './product-schema';

/** One interaction rating of the record (alcohol, pregnancy, lactation, driving, kidney, liver). */
export type InteractionRating = Product['interactions'][number];

/** Sold out or discontinued products stay visible but cannot be added or paid for. */
export function isPurchasable(product: Pick<Product, 'sale_state'>): boolean {
  return product.sale_state === 'ADD TO CART';
}

/** Spec rule: lower-cased product name, runs of non-alphanumeric characters turned into hyphens. */
export function productSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A purely numeric path segment is a product id rather than a slug. */
export function isProductIdSegment(segment: string): boolean {
  return /^\d+$/.test(segment);
}

/** The segment a product lives under: its slug, or its id when the name gives no usable slug. */
export function productSegment(product: Pick<Product, 'id' | 'slug'>): string {
  // A purely numeric slug would be read as an id, so such products are addressed by id.
  return product.slug && !isProductIdSegment(product.slug) ? product.slug : String(product.id);
}

export function productPath(product: Pick<Product, 'id' | 'slug'>): string {
  return `/products/${productSegment(product)}`;
}

/**
 * How many products' ids share one card file: 32 cards are ~18 KB, ~3 KB gzipped. One file per
 * product took a 4 KB disk block each (419 MB of the output at 100,000 products).
 */
export const CARDS_PER_FILE = 32;

/**
 * The prebuilt file holding a product's card (its current price and sale state), a JSON array of the
 * cards of every product whose id falls in the same range of CARDS_PER_FILE ids; the cart fetches it.
 */
export function productCardsUrl(productId: number): string {
  return `/catalogue/cards/${Math.floor(productId / CARDS_PER_FILE)}.json`;
}

/** What a product card shows, and what a /catalogue/cards/<range>.json file holds for each of its products: the cart line's fields and a few more. */
export const PRODUCT_CARD = productView(joinFields(CART_LINE_FIELDS, CARD_FIELDS), ['current_price_paise', 'cod_available']);
export type ProductCard = ViewOf<typeof PRODUCT_CARD>;

export const toProductCard = (product: Product): ProductCard => pickProductView(PRODUCT_CARD, product);

/**
 * The few product facts the payment functions price and check an order with (the build writes them
 * for every product); an entry without a current price is charged MRP.
 */
export const PRICE_INDEX_ENTRY = productView(
  someFields(CART_LINE_FIELDS, ['id', 'name', 'mrp_paise', 'current_price_paise', 'requires_prescription', 'cod_available', 'sale_state']),
  ['current_price_paise'],
);
export type PriceIndexEntry = ViewOf<typeof PRICE_INDEX_ENTRY>;

export const toPriceIndexEntry = (product: Product): PriceIndexEntry => pickProductView(PRICE_INDEX_ENTRY, product);
