import type { SaleState } from './sale-state';

/** The chip on every prescription-only product, in the list, on its page and in the cart. */
export const RX_REQUIRED = 'Rx Required';

/** The one placeholder shown when a product has no thumbnail at all. */
export const DEFAULT_PRODUCT_IMAGE = '/images/placeholder/product-default.webp';

/** One interaction rating of the record (alcohol, pregnancy, lactation, driving, kidney, liver); unrated ones are left out. */
export interface InteractionRating {
  topic: string;
  severity: string;
}

export interface SafetyAdvice {
  name: string;
  severity: string;
  description: string;
}

/** One catalogue product as the shop knows it: every page, the cart and the payment functions read this or a view of it. */
export interface Product {
  id: number;
  name: string;
  slug: string;
  drug_form: string;
  pack_form: string;
  brand: string;
  salt: string;
  /** Rupees, incl. of all taxes; the cap on the selling price. */
  mrp: number;
  /** Rupees as the record gives it; charged only when below MRP (see sellingPricePaise in ./selling-price). */
  current_price: number;
  created_at: string;
  thumbnail_image: string;
  package: string;
  description: string;
  category: string;
  quantity: string;
  /** The pack's count or measure ("20" tablets, "75 gm"), for prices per unit; null when the record gives no number. */
  pack_size: { amount: number; unit: string } | null;
  marketer: string;
  marketer_address: string | null;
  how_it_works: string | null;
  primary_uses: string[];
  uses: string[];
  images: string[];
  precautions: SafetyAdvice[];
  side_effects: string | null;
  missed_dosage: string | null;
  storage: string;
  requires_prescription: boolean;
  therapeutic_class: string;
  chemical_class: string | null;
  /** null when the record does not say (or says "NA"). */
  habit_forming: boolean | null;
  interactions: InteractionRating[];
  country_of_origin: string;
  cod_available: boolean;
  faq: { question: string; answer: string }[];
  sale_state: SaleState;
}

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

/** The product fields a cart line keeps, so the cart renders without the catalogue. */
export type CartProduct = Pick<Product, 'id' | 'name' | 'slug' | 'mrp' | 'category' | 'requires_prescription' | 'sale_state'> & {
  thumbnail_image: string | null;
  /** Absent in carts stored before cash on delivery; the server has the final word. */
  cod_available?: boolean;
  /** Absent in carts stored before selling prices existed: such a line is priced at MRP until refreshed. */
  current_price?: number;
};

/** Keeps only the fields a cart line needs (a product carries many more). */
export function toCartProduct(product: CartProduct): CartProduct {
  const { id, name, slug, mrp, current_price, thumbnail_image, category, requires_prescription, sale_state, cod_available } = product;
  return { id, name, slug, mrp, current_price, thumbnail_image, category, requires_prescription, sale_state, ...(cod_available === undefined ? {} : { cod_available }) };
}

/** What a product card shows; a searched-for card is drawn from it. */
export type ProductCard = Omit<CartProduct, 'thumbnail_image'> & Pick<Product, 'thumbnail_image' | 'drug_form' | 'quantity' | 'description'>;

export function toProductCard(product: Product): ProductCard {
  const { thumbnail_image, drug_form, quantity, description } = product;
  return { ...toCartProduct(product), thumbnail_image, drug_form, quantity, description };
}

/** The few product facts the payment functions price and check an order with (the build writes them for every product). */
export type PriceIndexEntry = Pick<Product, 'id' | 'name' | 'mrp' | 'current_price' | 'requires_prescription' | 'cod_available' | 'sale_state'>;

export function toPriceIndexEntry(product: Product): PriceIndexEntry {
  const { id, name, mrp, current_price, requires_prescription, cod_available, sale_state } = product;
  return { id, name, mrp, current_price, requires_prescription, cod_available, sale_state };
}
