import { expect, type Page } from '@playwright/test';

/** The seeded staff accounts of the Supabase emulator (supabase/seed.sql), one per desk role. */
export const STAFF = {
  pharmacist: { email: 'pharmacist@pharmacy.test', password: 'Pharma@12345' },
  support: { email: 'support@pharmacy.test', password: 'Support@12345' },
  marketing: { email: 'marketing@pharmacy.test', password: 'Market@12345' },
} as const;

export type StaffAccount = { email: string; password: string };

/**
 * Signs in with the desk's own form at a desk page, once its staff-only screen is drawn; then waits
 * for the heading the account should land on, when one is given.
 */
export async function signInToDesk(page: Page, staff: StaffAccount, { path = '/desk', landsOn }: { path?: string; landsOn?: string } = {}): Promise<void> {
  await page.goto(path);
  await expect(page.getByText('This area is for pharmacy staff.')).toBeVisible();
  await page.getByLabel('Staff email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in to the desk' }).click();
  if (landsOn) await expect(page.getByRole('heading', { name: landsOn })).toBeVisible();
}
