import { clampQuantity, type CartLine, type CartState } from './cart-line';
import type { CartProduct } from './product';
import { FOR_SALE_STATES } from './sale-state';

/*
 * The one reader of whatever a browser holds under the cart key and of the cart's view of a
 * product's /catalogue/<id>.json. Checked by hand rather than by zod: the cart store is on every
 * page with a quantity control, and zod/mini's core adds 16 KB gzip to each (measured with
 * bench/js-bytes.ts: /products 77.3 -> 93.5 KB).
 */

/** The localStorage key the cart lives under; the cart store and the header badge both read it. */
export const CART_STORAGE_KEY = 'cart';

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isPositiveInt = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** A cart product from untrusted JSON, or null; an unknown sale state reads as purchasable. */
export function readCartProduct(value: unknown): CartProduct | null {
  if (!isFields(value)) return null;
  const { id, name, slug, mrp, current_price, thumbnail_image, category, requires_prescription, sale_state } = value;
  if (!isPositiveInt(id) || typeof name !== 'string' || typeof slug !== 'string' || typeof category !== 'string') return null;
  if (typeof mrp !== 'number' || !Number.isFinite(mrp) || mrp < 0 || typeof requires_prescription !== 'boolean') return null;
  if (thumbnail_image !== null && typeof thumbnail_image !== 'string') return null;
  const saleState = FOR_SALE_STATES.find((state) => state === sale_state) ?? 'ADD TO CART';
  const product: CartProduct = { id, name, slug, mrp, thumbnail_image, category, requires_prescription, sale_state: saleState };
  // Carts stored before selling prices have none: they are priced at MRP until the catalogue refresh.
  if (typeof current_price === 'number' && Number.isFinite(current_price) && current_price >= 0) product.current_price = current_price;
  return product;
}

function readCartLine(value: unknown): CartLine | null {
  if (!isFields(value)) return null;
  const product = readCartProduct(value.product);
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
