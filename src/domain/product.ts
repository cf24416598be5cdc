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

/** Where the prebuilt file with a product's current price and sale state lives (the cart fetches it). */
export function catalogueEntryUrl(productId: number): string {
  return `/catalogue/${productId}.json`;
}

/** What a product card shows, and what /catalogue/<id>.json holds: the cart line's fields and a few more. */
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
