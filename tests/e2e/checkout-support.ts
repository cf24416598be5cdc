import { expect, type Page } from '@playwright/test';
import { localEnv } from '../../emulators/local-env.ts';
import { serviceClient } from './support/accounts';
import { totalOf } from './support/fixture-catalogue';
import { codPinCode } from './support/fixture-delivery';
import { cetirizine, metformin, ONE_PIXEL_PNG, openCartPage, orderSummary, prescriptionDialog, storeCart, storedLine } from './support/cart';

export const PHONEPE_EMULATOR = localEnv().PHONEPE_PG_BASE;

/** A Bengaluru address in a zone of the fixture delivery content that takes cash on delivery, as a customer types it. */
export const BENGALURU_ADDRESS = {
  'Full name': 'Asha Rao',
  'Mobile number (+91)': '98450 12345',
  'Flat / house no. and street': '12, 4th Cross, Indiranagar',
  'Area / locality': 'HAL 2nd Stage',
  'Town / city': 'Bengaluru',
  'PIN code': codPinCode,
};
export const ORDER_EMAIL = 'asha@example.test';

export const deliveryDetails = (page: Page) => page.getByRole('region', { name: 'Delivery details' });

/** Types the delivery details as a customer does; the email only where the form asks for it (a guest). */
export async function fillDeliveryDetails(page: Page, overrides: Partial<Record<keyof typeof BENGALURU_ADDRESS, string>> = {}): Promise<void> {
  const form = deliveryDetails(page);
  const savedAddresses = form.getByRole('group', { name: 'Deliver to' });
  await expect(form.getByLabel('Full name', { exact: true }).or(savedAddresses).first()).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  // A signed-in customer with saved addresses pays to the default one, preselected; one without
  // any sees the new-address form inside the same group.
  if (!(await form.getByLabel('Full name', { exact: true }).isVisible())) return;
  for (const [label, value] of Object.entries({ ...BENGALURU_ADDRESS, ...overrides })) await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel('State', { exact: true }).selectOption('Karnataka');
  const email = form.getByLabel('Email for order updates');
  if (await email.isVisible()) await email.fill(ORDER_EMAIL);
}

/** Two strips of an over-the-counter product, or with `rx` also one strip that needs a prescription; the total as the fixture prices it. */
export async function openCart(page: Page, { rx = false } = {}): Promise<{ sessionId: string; totalPaise: number }> {
  const lines = [storedLine(cetirizine, 2)];
  if (rx) lines.push(storedLine(metformin));
  const sessionId = await storeCart(page, lines);
  await openCartPage(page);
  await fillDeliveryDetails(page);
  return { sessionId, totalPaise: Math.round(totalOf(rx ? [[cetirizine, 2], [metformin, 1]] : [[cetirizine, 2]]) * 100) };
}

// The summary's own pay button (its tap key), not the coupon field's Apply beside it.
export const proceedButton = (page: Page) => orderSummary(page).locator('[data-cart-key="proceed"]');
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
  order_number: string;
  status: string;
  payment_status: string;
  amount_paise: number;
  prescription_paths: string[];
}

/** The orders recorded for a guest cart session, oldest first. */
export async function ordersOf(sessionId: string): Promise<OrderRow[]> {
  const { data, error } = await serviceClient
    .from('orders')
    .select('provider,provider_order_id,order_number,status,payment_status,amount_paise,prescription_paths')
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

/**
 * A payment placed ends on the order's own page (its number in the heading, the news in a toast),
 * and the cart it came from is empty.
 */
export async function expectOrderPage(page: Page, toast: string): Promise<void> {
  await expect(page).toHaveURL(/\/orders\/MK-\d{4}-\d{6,}\?key=/, { timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByRole('status').getByText(toast).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Order MK-/ })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByText('Your cart is empty')).toBeVisible();
}
