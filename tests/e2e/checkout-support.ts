import { createClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { localEnv } from '../../emulators/local-env.ts';

const env = localEnv();
/** The orders table as the back office sees it (local service role of the emulator). */
const backOffice = createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });

export const PHONEPE_EMULATOR = env.PHONEPE_PG_BASE;

const product = {
  cetirizine: {
    id: 14,
    name: 'Cetirizine 10mg Tablet',
    slug: 'cetirizine-10mg-tablet',
    mrp: 21,
    thumbnail_image: '/images/products/cetirizine-10mg-tablet/1-690x700.webp',
    category: 'allopathy',
    requires_prescription: false,
    sale_state: 'ADD TO CART',
  },
  metformin: {
    id: 1,
    name: 'Metformin 500mg Tablet',
    slug: 'metformin-500mg-tablet',
    mrp: 34.5,
    thumbnail_image: '/images/products/metformin-500mg-tablet/thumb-200x240.webp',
    category: 'allopathy',
    requires_prescription: true,
    sale_state: 'ADD TO CART',
  },
} as const;

/** Two Cetirizine strips (Rs 42.00), or with `rx` also one Metformin strip that needs a prescription. */
export async function openCart(page: Page, { rx = false } = {}): Promise<{ sessionId: string; totalPaise: number }> {
  const sessionId = crypto.randomUUID();
  type Line = { product: (typeof product)[keyof typeof product]; quantity: number; prescriptionAccepted: boolean; prescriptionFileUrl: null };
  const items: Line[] = [{ product: product.cetirizine, quantity: 2, prescriptionAccepted: true, prescriptionFileUrl: null }];
  if (rx) items.push({ product: product.metformin, quantity: 1, prescriptionAccepted: false, prescriptionFileUrl: null });
  await page.goto('/');
  await page.evaluate((stored) => localStorage.setItem('cart', stored), JSON.stringify({ sessionId, items }));
  await page.goto('/cart');
  await expect(page.locator('astro-island').first()).not.toHaveAttribute('ssr', /.*/);
  return { sessionId, totalPaise: rx ? 4200 + 3450 : 4200 };
}

export const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });
export const proceedButton = (page: Page) => summary(page).getByRole('button');
export const failurePanel = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Payment failed' }) });

/**
 * Stops the page's fake clock (installed before the action) just ahead of its current time, so
 * timers fire only when the test moves it; the margin covers the round trip to the page.
 */
export async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 200);
}

/** The first call of a function on a fresh server bundles it: allow for that once. */
export const FIRST_CALL_TIMEOUT = 20_000;

export interface OrderRow {
  provider: string;
  provider_order_id: string;
  status: string;
  amount_paise: number;
  prescription_paths: string[];
}

/** The orders recorded for a guest cart session, oldest first. */
export async function ordersOf(sessionId: string): Promise<OrderRow[]> {
  const { data, error } = await backOffice
    .from('orders')
    .select('provider,provider_order_id,status,amount_paise,prescription_paths')
    .eq('guest_session_id', sessionId)
    .order('created_at');
  if (error) throw new Error(error.message);
  return data as OrderRow[];
}

/** Waits until the session's orders look like this (webhooks may settle them a moment later). */
export async function expectOrders(sessionId: string, expected: Partial<OrderRow>[]): Promise<void> {
  await expect.poll(() => ordersOf(sessionId)).toMatchObject(expected);
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Attaches a prescription through the cart's dialog, as a customer does. */
export async function uploadPrescription(page: Page): Promise<void> {
  await expect(proceedButton(page)).toHaveText('Upload Prescription');
  await proceedButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Prescription' });
  await dialog.getByLabel('Choose prescription files').setInputFiles({ name: 'prescription.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Save Prescription' }).click();
  await expect(dialog).toBeHidden();
  await expect(proceedButton(page)).toHaveText('Proceed to Pay');
}
