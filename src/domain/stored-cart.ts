import { clampQuantity, type CartLine, type CartState } from './cart-line';
import { CART_PRODUCT, DEFAULT_PRODUCT_IMAGE, type CartProduct } from './cart-product';
import { isFields, isSaleState, readProductView } from './product-schema';
import { paiseFromRupees, rupeesOf } from './money';

/*
 * The one reader of whatever a browser holds under the cart key and of the cart's view of a
 * product's card in its /catalogue/cards/ file, derived from the product schema (see
 * ./product-schema for why it is not zod: the /cart first paint runs this inline).
 */

/** The localStorage key the cart lives under; the cart store and the header badge both read it. */
export const CART_STORAGE_KEY = 'cart';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isPositiveInt = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/**
 * A cart product from untrusted JSON, or null. An unknown sale state reads as purchasable (the
 * catalogue refresh corrects it) and a missing thumbnail as the placeholder.
 */
export function readCartProduct(value: unknown): CartProduct | null {
  if (!isFields(value)) return null;
  return readProductView(CART_PRODUCT, {
    ...value,
    sale_state: isSaleState(value.sale_state) ? value.sale_state : 'ADD TO CART',
    thumbnail_image: value.thumbnail_image ?? DEFAULT_PRODUCT_IMAGE,
  });
}

/*
 * The spec fixes the stored cart line's product with its price in rupees (mrp, a number; and
 * current_price beside it); the model holds paise. storedProduct and modelProduct are the one
 * crossing, both ways.
 */
function storedProduct({ mrp_paise, current_price_paise, ...rest }: CartProduct) {
  return { ...rest, mrp: rupeesOf(mrp_paise), ...(current_price_paise === undefined ? {} : { current_price: rupeesOf(current_price_paise) }) };
}

function modelProduct(value: unknown): unknown {
  if (!isFields(value)) return value;
  const paise = (rupees: unknown) => (typeof rupees === 'number' ? paiseFromRupees(rupees) : null);
  return { ...value, mrp_paise: paise(value.mrp), current_price_paise: paise(value.current_price) ?? undefined };
}

/** The cart as localStorage keeps it under the cart key (decodeCart reads it back). */
export function encodeCart(cart: CartState): string {
  return JSON.stringify({ ...cart, items: cart.items.map((line) => ({ ...line, product: storedProduct(line.product) })) });
}

function readCartLine(value: unknown): CartLine | null {
  if (!isFields(value)) return null;
  const product = readCartProduct(modelProduct(value.product));
  const { quantity, prescriptionAccepted, prescriptionFileUrl } = value;
  if (!product || !isPositiveInt(quantity) || typeof prescriptionAccepted !== 'boolean') return null;
  if (prescriptionFileUrl !== null && typeof prescriptionFileUrl !== 'string') return null;
  // A cart stored before the limit existed (or edited by hand) is brought within it on load.
  return { product, quantity: clampQuantity(quantity), prescriptionAccepted, prescriptionFileUrl };
}

function newSessionId(): string {
  return crypto.randomUUID();
}

export function emptyCart(): CartState {
  return { items: [], sessionId: newSessionId() };
}

/**
 * Reads whatever a browser holds under the cart key: a corrupted or old-shaped value never throws;
 * each readable line is kept (the first per product), unreadable lines are dropped, a missing
 * session id is replaced. An old bare array of lines still reads.
 */
export function decodeCart(encoded: string | null): CartState {
  let raw: unknown;
  try {
    raw = JSON.parse(encoded ?? 'null');
  } catch {
    return emptyCart();
  }
  const record = isFields(raw) ? raw : {};
  const rawItems = Array.isArray(raw) ? raw : Array.isArray(record.items) ? record.items : [];
  const items: CartLine[] = [];
  for (const rawLine of rawItems) {
    const line = readCartLine(rawLine);
    if (line && !items.some((kept) => kept.product.id === line.product.id)) items.push(line);
  }
  const sessionId = typeof record.sessionId === 'string' && UUID.test(record.sessionId) ? record.sessionId : newSessionId();
  return { items, sessionId };
}
