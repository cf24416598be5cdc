import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { FOR_SALE_STATES, type SaleState } from '../catalogue/sale-state';
import type { DisplayProduct } from '../catalogue/display-product';

/** The product fields a cart line keeps, so the cart renders without the catalogue. */
export interface CartProduct {
  id: number;
  name: string;
  slug: string;
  mrp: number;
  thumbnail_image: string | null;
  category: string;
  requires_prescription: boolean;
  sale_state: SaleState;
}

/** The most of one product an order may hold; the payment functions refuse more (1-20 per line). */
export const MAX_QUANTITY_PER_LINE = 20;
/** The accessible hint on a plus button that has reached the limit. */
export const MAX_QUANTITY_HINT = `Maximum ${MAX_QUANTITY_PER_LINE} per order`;

const clampQuantity = (quantity: number): number => Math.min(quantity, MAX_QUANTITY_PER_LINE);

export interface CartLine {
  product: CartProduct;
  quantity: number;
  prescriptionAccepted: boolean;
  prescriptionFileUrl: string | null;
}

/*
 * What a browser holds under `cart` is checked by these two readers rather than by zod: this store
 * is on every page with a quantity control, and zod's core alone would add ~15 KB gzip to each.
 */
type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isPositiveInt = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** A cart product from untrusted JSON, or null; an unknown sale state reads as purchasable. */
export function readCartProduct(value: unknown): CartProduct | null {
  if (!isFields(value)) return null;
  const { id, name, slug, mrp, thumbnail_image, category, requires_prescription, sale_state } = value;
  if (!isPositiveInt(id) || typeof name !== 'string' || typeof slug !== 'string' || typeof category !== 'string') return null;
  if (typeof mrp !== 'number' || !Number.isFinite(mrp) || mrp < 0 || typeof requires_prescription !== 'boolean') return null;
  if (thumbnail_image !== null && typeof thumbnail_image !== 'string') return null;
  const saleState = FOR_SALE_STATES.find((state) => state === sale_state) ?? 'ADD TO CART';
  return { id, name, slug, mrp, thumbnail_image, category, requires_prescription, sale_state: saleState };
}

/** A cart line from untrusted JSON, or null. */
export function readCartLine(value: unknown): CartLine | null {
  if (!isFields(value)) return null;
  const product = readCartProduct(value.product);
  const { quantity, prescriptionAccepted, prescriptionFileUrl } = value;
  if (!product || !isPositiveInt(quantity) || typeof prescriptionAccepted !== 'boolean') return null;
  if (prescriptionFileUrl !== null && typeof prescriptionFileUrl !== 'string') return null;
  // A cart stored before the limit existed (or edited by hand) is brought within it on load.
  return { product, quantity: clampQuantity(quantity), prescriptionAccepted, prescriptionFileUrl };
}

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
    const line = readCartLine(rawLine);
    if (line && !items.some((kept) => kept.product.id === line.product.id)) items.push(line);
  }
  const sessionId = typeof record.sessionId === 'string' && UUID.test(record.sessionId) ? record.sessionId : newSessionId();
  return { items, sessionId };
}

export const $cart = persistentAtom<CartState>(
  CART_STORAGE_KEY,
  { items: [], sessionId: newSessionId() },
  { encode: JSON.stringify, decode: decodeCart },
);

/** Number of distinct cart lines: what the header badge shows. */
export const $cartLineCount = computed($cart, (cart) => cart.items.length);

/** Keeps only the fields a cart line needs (a display product carries many more). */
export function toCartProduct(product: DisplayProduct | CartProduct): CartProduct {
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    mrp: product.mrp,
    thumbnail_image: product.thumbnail_image,
    category: product.category,
    requires_prescription: product.requires_prescription,
    sale_state: product.sale_state,
  };
}

function update(change: (items: CartLine[]) => CartLine[], sessionId?: string): void {
  const current = $cart.get();
  $cart.set({ items: change(current.items), sessionId: sessionId ?? current.sessionId });
}

/** Adds one: increments the line (never past the limit) if the product is present, otherwise appends it at quantity 1. */
export function addToCart(product: DisplayProduct | CartProduct): void {
  update((items) => {
    if (items.some((line) => line.product.id === product.id)) {
      return items.map((line) => (line.product.id === product.id ? { ...line, quantity: clampQuantity(line.quantity + 1) } : line));
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

/** Sets a line's quantity, at most the limit; 0 or less removes the line. */
export function setQuantity(productId: number, quantity: number): void {
  if (quantity <= 0) {
    removeFromCart(productId);
    return;
  }
  const whole = clampQuantity(Math.floor(quantity));
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
