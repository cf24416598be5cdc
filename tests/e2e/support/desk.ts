import { expect, type Page } from '@playwright/test';

/** The seeded staff accounts of the Supabase emulator (supabase/seed.sql), one per desk role. */
export const STAFF = {
  pharmacist: { email: 'pharmacist@pharmacy.test', password: 'Pharma@12345' },
  support: { email: 'support@pharmacy.test', password: 'Support@12345' },
  marketing: { email: 'marketing@pharmacy.test', password: 'Market@12345' },
} as const;

const DESK_ISLAND_TIMEOUT = 20_000;

export type StaffAccount = { email: string; password: string };

/**
 * Signs in with the desk's own form at a desk page, once its staff-only screen is drawn; then waits
 * for the heading the account should land on, when one is given.
 */
export async function signInToDesk(page: Page, staff: StaffAccount, { path = '/desk', landsOn }: { path?: string; landsOn?: string } = {}): Promise<void> {
  await page.goto(path);
  // The desk's island (React and supabase-js, ~100 KB) draws this screen: on a busy machine it took
  // longer than the 7 s a drawn page gets, and a spec sharing the machine failed at its first step.
  await expect(page.getByText('This area is for pharmacy staff.')).toBeVisible({ timeout: DESK_ISLAND_TIMEOUT });
  await page.getByLabel('Staff email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Sign in to the desk' }).click();
  if (landsOn) await expect(page.getByRole('heading', { name: landsOn })).toBeVisible();
}

/**
 * Signs out with the desk's button and waits for the staff-only screen: signing out ends the session
 * on the auth server first, and a page opened before that still finds the session.
 */
export async function signOutOfDesk(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Staff email')).toBeVisible();
}

/** Packs and ships the order open on a desk page as staff do, typing in the courier and its tracking number. */
export async function packAndShip(page: Page, courier: string, trackingNumber: string): Promise<void> {
  await page.getByRole('button', { name: 'Mark packed' }).click();
  await expect(page.getByTestId('desk-order-status')).toHaveText('Packed');
  await page.getByLabel('Courier name').fill(courier);
  await page.getByLabel('Tracking number').fill(trackingNumber);
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByTestId('desk-order-status')).toHaveText('Shipped');
}
