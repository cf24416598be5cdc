import { expect, type Page } from '@playwright/test';
import type { CartLine, CartProduct, CartState } from '../../../src/features/cart/cart-store';

/** The localStorage key the cart lives under. */
const CART_KEY = 'cart';

/** Products as a cart line keeps them, taken from the catalogue. */
export const cetirizine: CartProduct = {
  id: 14,
  name: 'Cetirizine 10mg Tablet',
  slug: 'cetirizine-10mg-tablet',
  mrp: 21,
  thumbnail_image: '/images/products/cetirizine-10mg-tablet/1-690x700.webp',
  category: 'allopathy',
  requires_prescription: false,
  sale_state: 'ADD TO CART',
};
export const niacinamide: CartProduct = {
  id: 11,
  name: 'Niacinamide 10% Face Serum',
  slug: 'niacinamide-10-face-serum',
  mrp: 499,
  thumbnail_image: '/images/products/niacinamide-10-face-serum/thumb-200x240.webp',
  category: 'allopathy',
  requires_prescription: false,
  sale_state: 'ADD TO CART',
};
export const metformin: CartProduct = {
  id: 1,
  name: 'Metformin 500mg Tablet',
  slug: 'metformin-500mg-tablet',
  mrp: 34.5,
  thumbnail_image: '/images/products/metformin-500mg-tablet/thumb-200x240.webp',
  category: 'allopathy',
  requires_prescription: true,
  sale_state: 'ADD TO CART',
};

/** A cart line as the cart adds it: a prescription-only product starts without an accepted prescription. */
export function storedLine(product: CartProduct, quantity = 1): CartLine {
  return { product, quantity, prescriptionAccepted: !product.requires_prescription, prescriptionFileUrl: null };
}

/**
 * Puts a cart into localStorage as an earlier visit would have left it (a string is stored as it
 * is, to try corrupted values); returns the cart's session id.
 */
export async function storeCart(page: Page, lines: CartLine[] | string, sessionId: string = crypto.randomUUID()): Promise<string> {
  await page.goto('/');
  const value = typeof lines === 'string' ? lines : JSON.stringify({ items: lines, sessionId } satisfies CartState);
  await page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [CART_KEY, value] as const);
  return sessionId;
}

/** The cart as the browser holds it now. */
export async function storedCart(page: Page): Promise<CartState> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}'), CART_KEY);
}

/** Opens /cart and waits for its island, so a click reaches the cart rather than the prebuilt markup. */
export async function openCartPage(page: Page): Promise<void> {
  await page.goto('/cart');
  await expect(page.locator('astro-island').first()).not.toHaveAttribute('ssr', /.*/);
}

/** A cart holding one prescription-only line and one that needs none, opened at /cart; returns its session id. */
export async function openCartWithRxLine(page: Page): Promise<string> {
  const sessionId = await storeCart(page, [storedLine(metformin, 2), storedLine(cetirizine)]);
  await openCartPage(page);
  return sessionId;
}

export const orderSummary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
export const prescriptionDialog = (page: Page) => page.getByRole('dialog', { name: 'Upload Prescription' });

/** A one-pixel PNG: the smallest image the prescriptions bucket accepts as a scan. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
