import { FOR_SALE_STATES, type SaleState } from './sale-state';

/*
 * The one description of a catalogue product: every field and how to tell a good value. The
 * Product type is derived from it, and so is every reader of a product that arrives from outside
 * (the cart in this browser's storage, the /catalogue/cards/ files, a search result's card, the payment
 * functions' price index, the account's cart row): each is a view that picks fields from here, so a
 * field added once reaches every reader.
 *
 * Plain type guards rather than zod: the /cart first paint reads the stored cart in an inline
 * script before any other, and zod/mini adds 6 KB gzip to it (esbuild of one z.object reader:
 * 6,067 bytes), where /cart's whole budget before any action is 16 KB.
 */

type Guard<T> = (value: unknown) => value is T;
type Fields = Record<string, unknown>;

export const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText: Guard<string> = (value) => typeof value === 'string';
const isFlag: Guard<boolean> = (value) => typeof value === 'boolean';
const isPositiveInt = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
/** A measure (a pack's 75 gm): finite and never negative. */
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
/** Money: whole paise, never negative (see ./money). */
const isPaise = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
export const isSaleState = (value: unknown): value is SaleState => FOR_SALE_STATES.some((state) => state === value);
// Marked free of side effects so bundles that read only the cart's fields drop the rest of the table.
/* @__NO_SIDE_EFFECTS__ */
function orNull<T>(guard: Guard<T>): Guard<T | null> {
  return (value): value is T | null => value === null || guard(value);
}
/* @__NO_SIDE_EFFECTS__ */
function listOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(guard);
}
/* @__NO_SIDE_EFFECTS__ */
function shapeOf<S extends Record<string, Guard<unknown>>>(shape: S): Guard<{ [K in keyof S]: Guarded<S[K]> }> {
  return (value): value is { [K in keyof S]: Guarded<S[K]> } => isFields(value) && Object.entries(shape).every(([key, guard]) => guard(value[key]));
}
type Guarded<G> = G extends Guard<infer T> ? T : never;

/*
 * The fields come in three groups so the browser's readers carry only the checks they use: the
 * cart line's, those a card adds, and the rest of the product page's.
 */
export const CART_LINE_FIELDS = {
  id: isPositiveInt,
  name: isText,
  slug: isText,
  /** MRP in paise, incl. of all taxes; the cap on the selling price. */
  mrp_paise: isPaise,
  /** The record's current price in paise; charged only when below MRP (see sellingPricePaise in ./selling-price). */
  current_price_paise: isPaise,
  category: isText,
  thumbnail_image: isText,
  requires_prescription: isFlag,
  cod_available: isFlag,
  sale_state: isSaleState,
};

export const CARD_FIELDS = { drug_form: isText, quantity: isText, description: isText };

const DETAIL_FIELDS = {
  pack_form: isText,
  brand: isText,
  salt: isText,
  created_at: isText,
  package: isText,
  /** The pack's count or measure ("20" tablets, "75 gm"), for prices per unit; null when the record gives no number. */
  pack_size: orNull(shapeOf({ amount: isAmount, unit: isText })),
  marketer: isText,
  marketer_address: orNull(isText),
  how_it_works: orNull(isText),
  primary_uses: listOf(isText),
  uses: listOf(isText),
  images: listOf(isText),
  precautions: listOf(shapeOf({ name: isText, severity: isText, description: isText })),
  side_effects: orNull(isText),
  missed_dosage: orNull(isText),
  storage: isText,
  therapeutic_class: isText,
  chemical_class: orNull(isText),
  /** null when the record does not say (or says "NA"). */
  habit_forming: orNull(isFlag),
  /** The interaction ratings (alcohol, pregnancy, lactation, driving, kidney, liver); unrated ones are left out. */
  interactions: listOf(shapeOf({ topic: isText, severity: isText })),
  country_of_origin: isText,
  faq: listOf(shapeOf({ question: isText, answer: isText })),
};

type ProductFields = typeof CART_LINE_FIELDS & typeof CARD_FIELDS & typeof DETAIL_FIELDS;

/** One catalogue product as the shop knows it: every page, the cart and the payment functions read this or a view of it. */
export type Product = { [K in keyof ProductFields]: Guarded<ProductFields[K]> };
export type ProductField = keyof Product;

/** Some of a product's fields with their checks; the optional ones may be missing from older copies. */
export interface ProductView<Field extends ProductField, Optional extends Field = never> {
  fields: { [K in Field]: ProductFields[K] };
  optional: readonly Optional[];
}

export type ViewOf<V> =
  V extends ProductView<infer Field, infer Optional> ? Pick<Product, Exclude<Field, Optional>> & Partial<Pick<Product, Optional>> : never;

/* @__NO_SIDE_EFFECTS__ */
export function productView<Field extends ProductField, Optional extends Field = never>(
  fields: { [K in Field]: ProductFields[K] },
  optional: readonly Optional[] = [],
): ProductView<Field, Optional> {
  return { fields, optional };
}

/** Field groups joined into one (a function, not a spread, so unused joins drop out of bundles). */
/* @__NO_SIDE_EFFECTS__ */
export function joinFields<A extends object, B extends object, C extends object = object>(a: A, b: B, c?: C): A & B & C {
  return Object.assign({}, a, b, c);
}

/** Some fields of a group. */
/* @__NO_SIDE_EFFECTS__ */
export function someFields<G extends object, K extends keyof G>(group: G, keys: readonly K[]): Pick<G, K> {
  return Object.fromEntries(keys.map((key) => [key, group[key]])) as Pick<G, K>;
}

/** Every field, all required: what the catalogue builder must produce. */
export const FULL_PRODUCT = productView(joinFields(CART_LINE_FIELDS, CARD_FIELDS, DETAIL_FIELDS));

type AnyView = { fields: Partial<Record<ProductField, Guard<unknown>>>; optional: readonly ProductField[] };

/** Why a value fails a view of the product schema: the first field it does not allow, or null. */
export function productProblem(value: unknown, view: AnyView): string | null {
  if (!isFields(value)) return 'not an object';
  for (const [key, guard] of Object.entries(view.fields) as [ProductField, Guard<unknown>][]) {
    const optional = view.optional.includes(key);
    if (!(optional && value[key] === undefined) && !guard(value[key])) return `${key}: ${JSON.stringify(value[key]) ?? 'missing'} is not allowed`;
  }
  return null;
}

/**
 * A view's fields read from untrusted JSON, or null when a required field is missing or any field
 * holds a value the product schema does not allow. Fields outside the view are left behind.
 */
export function readProductView<F extends ProductField, O extends F>(view: ProductView<F, O>, value: unknown): ViewOf<ProductView<F, O>> | null {
  return productProblem(value, view) === null ? pickProductView(view, value as Partial<Product>) : null;
}

/** A view's fields of a product the shop already holds (optional fields are copied when present). */
export function pickProductView<F extends ProductField, O extends F>(view: ProductView<F, O>, product: Partial<Product>): ViewOf<ProductView<F, O>> {
  const picked: Partial<Record<ProductField, unknown>> = {};
  for (const key of Object.keys(view.fields) as ProductField[]) if (product[key] !== undefined) picked[key] = product[key];
  return picked as ViewOf<ProductView<F, O>>;
}
