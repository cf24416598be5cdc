import { createClient } from '@supabase/supabase-js';
import { expect, type Locator, type Page } from '@playwright/test';
import { localEnv } from '../../../emulators/local-env';
import { serviceRoleKey } from '../../../emulators/supabase/jwt';

/** The seeded demo customer of the Supabase emulator (supabase/seed.sql). */
export const DEMO = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'demo@pharmacy.test',
  password: 'Demo@12345',
} as const;

/**
 * Reads and writes rows past row-level security, as the back office would: tests only. The key is
 * signed by the emulator's own secret, so it is right whatever the environment's copy says.
 */
export const serviceClient = createClient(localEnv().SUPABASE_URL!, serviceRoleKey(), {
  auth: { persistSession: false, autoRefreshToken: false },
});

/** Islands hydrate after load; typing before that would land on the prebuilt markup. */
export async function hydrated(control: Locator): Promise<Locator> {
  // Product cart controls hydrate on the first interaction (client:interact): focus starts it.
  await control.focus();
  await expect(control.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
  return control;
}

export async function fillLogin(page: Page, email: string, password: string, rememberMe = false): Promise<void> {
  await page.goto('/login');
  await (await hydrated(page.getByLabel('Email'))).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (rememberMe) await page.getByLabel('Remember me').check();
}

/** Signs in through the login page as a customer does and waits for the redirect to /products. */
export async function signIn(page: Page, customer: { email: string; password: string }, rememberMe = false): Promise<void> {
  await fillLogin(page, customer.email, customer.password, rememberMe);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/products$/);
}

export const signInAsDemo = (page: Page, rememberMe = false): Promise<void> => signIn(page, DEMO, rememberMe);

export const headerLogout = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Logout' });
export const headerLogin = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Login' });

/** Logs out from the header and waits for Logout to land on the landing page, as it always does. */
export async function logOut(page: Page): Promise<void> {
  await headerLogout(page).click();
  // Opening another page before the landing page arrives would be cut short by it.
  await expect(page).toHaveURL(/\/$/);
  await expect(headerLogin(page)).toBeVisible();
}
