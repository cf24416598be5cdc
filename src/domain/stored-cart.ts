import * as z from 'zod/mini';
import type { CartLine, CartState } from './cart-line';
import type { CartProduct } from './product';
import { FOR_SALE_STATES } from './sale-state';

/**
 * The one reader of whatever a browser holds under CART_STORAGE_KEY, of a product's
 * /catalogue/<id>.json and of a searched-for card. zod/mini, since the cart store is on every page with a quantity control.
 */
export const cartProductSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  slug: z.string(),
  mrp: z.number().check(z.nonnegative()),
  thumbnail_image: z.nullable(z.string()),
  category: z.string(),
  requires_prescription: z.boolean(),
  // A line stored before sale states existed, or with one this build does not know, reads as purchasable.
  sale_state: z.catch(z.enum(FOR_SALE_STATES), 'ADD TO CART'),
});

/** What a product card shows (a search result is drawn from it): the cart's fields and three more. */
export const productCardSchema = z.extend(cartProductSchema, {
  thumbnail_image: z.string(),
  drug_form: z.string(),
  quantity: z.string(),
  description: z.string(),
});

const cartLineSchema = z.object({
  product: cartProductSchema,
  quantity: z.int().check(z.positive()),
  prescriptionAccepted: z.boolean(),
  prescriptionFileUrl: z.nullable(z.string()),
});

const sessionIdSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));

/** A product as the cart keeps it, from untrusted JSON, or null. */
export function readCartProduct(value: unknown): CartProduct | null {
  const parsed = cartProductSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
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
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const rawItems = Array.isArray(raw) ? raw : Array.isArray(record.items) ? record.items : [];
  const items: CartLine[] = [];
  for (const rawLine of rawItems) {
    const parsed = cartLineSchema.safeParse(rawLine);
    if (parsed.success && !items.some((kept) => kept.product.id === parsed.data.product.id)) items.push(parsed.data);
  }
  const sessionId = sessionIdSchema.safeParse(record.sessionId);
  return { items, sessionId: sessionId.success ? sessionId.data : newSessionId() };
}
