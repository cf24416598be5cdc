import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
// zod's mini build: the same schemas at a fraction of the bytes every page with a cart ships.
import * as z from 'zod/mini';
import { FOR_SALE_STATES } from '../catalogue/sale-state';
import type { DisplayProduct } from '../catalogue/display-product';

/** The product fields a cart line keeps, so the cart renders without the catalogue. */
export const cartProductSchema = z.object({
  id: z.int().check(z.positive()),
  name: z.string(),
  slug: z.string(),
  mrp: z.number().check(z.nonnegative()),
  thumbnail_image: z.nullable(z.string()),
  category: z.string(),
  requires_prescription: z.boolean(),
  sale_state: z.catch(z.enum(FOR_SALE_STATES), 'ADD TO CART'),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

export const cartLineSchema = z.object({
  product: cartProductSchema,
  quantity: z.int().check(z.positive()),
  prescriptionAccepted: z.boolean(),
  prescriptionFileUrl: z.nullable(z.string()),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export interface CartState {
  items: CartLine[];
  sessionId: string;
}

export const CART_STORAGE_KEY = 'cart';

function newSessionId(): string {
  return crypto.randomUUID();
}

/**
 * Reads whatever a browser holds under `cart`: a corrupted or old-shaped value never throws;
 * each readable line is kept, unreadable lines are dropped, a missing session id is replaced.
 */
export function decodeCart(encoded: string): CartState {
  let raw: unknown;
  try {
    raw = JSON.parse(encoded);
  } catch {
    return { items: [], sessionId: newSessionId() };
  }
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const rawItems = Array.isArray(record.items) ? record.items : Array.isArray(raw) ? raw : [];
  const items: CartLine[] = [];
  for (const rawLine of rawItems) {
    const line = cartLineSchema.safeParse(rawLine);
    if (line.success && !items.some((kept) => kept.product.id === line.data.product.id)) items.push(line.data);
  }
  const sessionId = z.uuid().safeParse(record.sessionId);
  return { items, sessionId: sessionId.success ? sessionId.data : newSessionId() };
}

export const $cart = persistentAtom<CartState>(
  CART_STORAGE_KEY,
  { items: [], sessionId: newSessionId() },
  { encode: JSON.stringify, decode: decodeCart },
);

/** Number of distinct cart lines: what the header badge shows. */
export const $cartLineCount = computed($cart, (cart) => cart.items.length);

export function toCartProduct(product: DisplayProduct | CartProduct): CartProduct {
  return cartProductSchema.parse({
    id: product.id,
    name: product.name,
    slug: product.slug,
    mrp: product.mrp,
    thumbnail_image: product.thumbnail_image,
    category: product.category,
    requires_prescription: product.requires_prescription,
    sale_state: product.sale_state,
  });
}

function update(change: (items: CartLine[]) => CartLine[], sessionId?: string): void {
  const current = $cart.get();
  $cart.set({ items: change(current.items), sessionId: sessionId ?? current.sessionId });
}

/** Adds one: increments the line if the product is present, otherwise appends it at quantity 1. */
export function addToCart(product: DisplayProduct | CartProduct): void {
  update((items) => {
    if (items.some((line) => line.product.id === product.id)) {
      return items.map((line) => (line.product.id === product.id ? { ...line, quantity: line.quantity + 1 } : line));
    }
    return [
      ...items,
      {
        product: toCartProduct(product),
        quantity: 1,
        prescriptionAccepted: !product.requires_prescription,
        prescriptionFileUrl: null,
      },
    ];
  });
}

/** Sets a line's quantity; 0 or less removes the line. */
export function setQuantity(productId: number, quantity: number): void {
  if (quantity <= 0) {
    removeFromCart(productId);
    return;
  }
  const whole = Math.floor(quantity);
  update((items) => items.map((line) => (line.product.id === productId ? { ...line, quantity: whole } : line)));
}

export function removeFromCart(productId: number): void {
  update((items) => items.filter((line) => line.product.id !== productId));
}

/** Empties the cart and starts a new cart session (a new guest prescription folder). */
export function clearCart(): void {
  update(() => [], newSessionId());
}

export function setPrescription(productId: number, accepted: boolean, fileUrl: string | null = null): void {
  update((items) =>
    items.map((line) =>
      line.product.id === productId ? { ...line, prescriptionAccepted: accepted, prescriptionFileUrl: fileUrl } : line,
    ),
  );
}

export function quantityOf(cart: CartState, productId: number): number {
  return cart.items.find((line) => line.product.id === productId)?.quantity ?? 0;
}
