import { expect, type Page } from '@playwright/test';
import { localEnv } from '../../emulators/local-env.ts';
import { serviceClient } from './support/accounts';
import { totalOf } from './support/fixture-catalogue';
import { cetirizine, metformin, ONE_PIXEL_PNG, openCartPage, orderSummary, prescriptionDialog, storeCart, storedLine } from './support/cart';

export const PHONEPE_EMULATOR = localEnv().PHONEPE_PG_BASE;

/** Two strips of an over-the-counter product, or with `rx` also one strip that needs a prescription; the total as the fixture prices it. */
export async function openCart(page: Page, { rx = false } = {}): Promise<{ sessionId: string; totalPaise: number }> {
  const lines = [storedLine(cetirizine, 2)];
  if (rx) lines.push(storedLine(metformin));
  const sessionId = await storeCart(page, lines);
  await openCartPage(page);
  return { sessionId, totalPaise: Math.round(totalOf(rx ? [[cetirizine, 2], [metformin, 1]] : [[cetirizine, 2]]) * 100) };
}

export const proceedButton = (page: Page) => orderSummary(page).getByRole('button');
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
  const { data, error } = await serviceClient
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

/** Attaches a prescription through the cart's dialog, as a customer does. */
export async function uploadPrescription(page: Page): Promise<void> {
  await expect(proceedButton(page)).toHaveText('Upload Prescription');
  await proceedButton(page).click();
  const dialog = prescriptionDialog(page);
  await dialog.getByLabel('Choose prescription files').setInputFiles({ name: 'prescription.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await dialog.getByRole('button', { name: 'Save Prescription' }).click();
  await expect(dialog).toBeHidden();
  await expect(proceedButton(page)).toHaveText('Proceed to Pay');
}
