import { expect, type Page } from '@playwright/test';
import type { CartLine, CartState } from '../../../src/domain/cart-line';
import { decodeCart, encodeCart } from '../../../src/domain/stored-cart';
import type { CartProduct } from '../../../src/domain/product';
import { fixtureCartProduct } from './fixture-catalogue';

/** The localStorage key the cart lives under. */
const CART_KEY = 'cart';

/** Products as a cart line keeps them, taken from the fixture catalogue. */
export const cetirizine: CartProduct = fixtureCartProduct(14);
export const niacinamide: CartProduct = fixtureCartProduct(11);
/** Needs a prescription. */
export const metformin: CartProduct = fixtureCartProduct(1);

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
  const value = typeof lines === 'string' ? lines : encodeCart({ items: lines, sessionId });
  await page.evaluate(([key, stored]) => localStorage.setItem(key, stored), [CART_KEY, value] as const);
  return sessionId;
}

/** The cart as the browser holds it now, read as the cart reads it (prices in paise). */
export async function storedCart(page: Page): Promise<CartState> {
  return decodeCart(await page.evaluate((key) => localStorage.getItem(key), CART_KEY));
}

/** Waits for the /cart island to take over from the first screen; the customer's first sign (here the mouse moving) starts it. */
export async function waitForCartIsland(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(page.locator('#cart-first-screen')).toHaveCount(0);
}

/** Opens /cart as a customer who is there to check out: the cart's island has hydrated. */
export async function openCartPage(page: Page): Promise<void> {
  await page.goto('/cart');
  await waitForCartIsland(page);
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
