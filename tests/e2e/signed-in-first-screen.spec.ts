import { randomUUID } from 'node:crypto';
import { createClient, type Session } from '@supabase/supabase-js';
import type { Page } from '@playwright/test';
import { localEnv } from '../../emulators/local-env.ts';
import { anonKey } from '../../emulators/supabase/jwt';
import { AUTH_STORAGE_KEY } from '../../src/lib/browser/auth-storage';
import { serviceClient } from './support/accounts';
import { cetirizine } from './support/cart';
import { STAFF } from './support/desk';
import { holdScripts } from './support/hold-scripts';
import { expect, test, type WorkerCustomer } from './support/worker-data';

/** The chunk that holds supabase-js (src/lib/browser/supabase-client.ts and the library). */
const SUPABASE_JS = /\/_astro\/supabase-client\.[\w-]+\.js$/;

/** React's chunk (astro.config.mjs names it), which the staff sign-in of the desk needs. */
const REACT = /\/_astro\/react\.[\w-]+\.js$/;

/** A fresh session of the worker's customer (or a staff member), as supabase-js would have stored it after signing in. */
async function signedInSession(customer: { email: string; password: string }): Promise<Session> {
  const supabase = createClient(localEnv().SUPABASE_URL!, anonKey(), { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await supabase.auth.signInWithPassword(customer);
  if (error) throw new Error(error.message);
  return data.session;
}

/** An order of the customer's (cash on delivery, so no provider is asked about it): its number. */
async function customersOrder(customer: WorkerCustomer): Promise<string> {
  const line = { product_id: cetirizine.id, name: cetirizine.name, unit_mrp_paise: cetirizine.mrp_paise, unit_price_paise: cetirizine.mrp_paise, quantity: 3 };
  const { data, error } = await serviceClient
    .from('orders')
    .insert({ user_id: customer.id, provider: 'cod', provider_order_id: `cod_first_screen_${randomUUID()}`, amount_paise: cetirizine.mrp_paise * 3, lines: [line] })
    .select('order_number')
    .single();
  if (error) throw new Error(error.message);
  return data.order_number as string;
}

async function storeSession(page: Page, session: Session): Promise<void> {
  await page.goto('/robots.txt');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [AUTH_STORAGE_KEY, JSON.stringify(session)] as const);
}

/** Resolves once the page's scripts have run and the browser has been idle for a moment. */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));

test('a signed-in customer’s order page and My orders are drawn before supabase-js loads, which waits until the customer acts on the page', async ({ page, customer }) => {
  const orderNumber = await customersOrder(customer);
  await storeSession(page, await signedInSession(customer));

  const supabaseJs = await holdScripts(page, SUPABASE_JS);
  const orderReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rest/v1/orders' && request.method() === 'GET') orderReads.push(request.url());
  });
  await page.goto(`/orders/${orderNumber}`);
  // supabase-js is held back: the order can only be on screen if the page read it without it.
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(`3 × ${cetirizine.name}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'All my orders' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Refill reminders' })).toBeVisible();
  // Read once: the page's script took the read its head had started.
  expect(orderReads).toHaveLength(1);
  // While the customer only reads, the session (the header's check, the cart sync) is not started.
  await settled(page);
  expect(supabaseJs.requested()).toHaveLength(0);
  // A key pressed on the page starts it: supabase-js is asked for.
  await page.keyboard.press('Tab');
  await expect.poll(() => supabaseJs.requested().length).toBeGreaterThan(0);
  supabaseJs.release();

  const listSupabaseJs = await holdScripts(page, SUPABASE_JS);
  orderReads.length = 0;
  await page.getByRole('link', { name: 'All my orders' }).click();
  await expect(page.getByRole('heading', { name: 'My orders' })).toBeVisible();
  const row = page.getByRole('link', { name: new RegExp(orderNumber) });
  await expect(row).toContainText('3 items');
  expect(orderReads).toHaveLength(1);
  await settled(page);
  expect(listSupabaseJs.requested()).toHaveLength(0);
  // A tap on the page starts it.
  await page.getByRole('heading', { name: 'My orders' }).click();
  await expect.poll(() => listSupabaseJs.requested().length).toBeGreaterThan(0);
  listSupabaseJs.release();
  await row.click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
});

test('a stored token that has run out is renewed by supabase-js, and the order is drawn with the new one', async ({ page, customer }) => {
  const orderNumber = await customersOrder(customer);
  const session = await signedInSession(customer);
  // The token itself would still pass; the page must go by the stored expiry and leave renewing to supabase-js.
  await storeSession(page, { ...session, expires_at: Math.floor(Date.now() / 1000) - 5 });
  const renewals: string[] = [];
  const orderReads: (string | null)[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/auth/v1/token' && url.searchParams.get('grant_type') === 'refresh_token') renewals.push(request.url());
    if (url.pathname === '/rest/v1/orders' && request.method() === 'GET') orderReads.push(request.headers()['authorization'] ?? null);
  });

  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByText(`3 × ${cetirizine.name}`)).toBeVisible();
  expect(renewals).toHaveLength(1);
  expect(orderReads).toHaveLength(1);
  expect(orderReads[0]).toMatch(/^Bearer .+/);
  expect(orderReads[0]).not.toBe(`Bearer ${session.access_token}`);
  const renewed = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Session | null, AUTH_STORAGE_KEY);
  expect(orderReads[0]).toBe(`Bearer ${renewed?.access_token}`);

  await page.goto('/account/orders');
  await expect(page.getByRole('link', { name: new RegExp(orderNumber) })).toContainText('3 items');
});

test('a pharmacist signed in on this browser gets the queue drawn without React or supabase-js, and searches and signs out from it', async ({ page, customer }) => {
  const orderNumber = await customersOrder(customer);
  await storeSession(page, await signedInSession(STAFF.pharmacist));
  const supabaseJs = await holdScripts(page, SUPABASE_JS);
  const react = await holdScripts(page, REACT);
  const countReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/rest/v1/rpc/desk_order_counts') countReads.push(request.url());
  });

  await page.goto('/desk');
  await expect(page.getByText('Signed in as Asha Rao (pharmacist)')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Prescription requests' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order queue' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Prescription under review \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
  // Read once: the page's script took the reads its head had started.
  expect(countReads).toHaveLength(1);

  await page.getByRole('button', { name: /^Confirmed \(\d+\)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Confirmed, oldest first' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Confirmed \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Search by order number, mobile or email').fill(orderNumber);
  await expect(page.getByRole('heading', { name: `Orders matching “${orderNumber}”` })).toBeVisible();
  await expect(page.getByRole('link', { name: orderNumber })).toHaveAttribute('href', /^\/desk\/order\?id=/);
  await expect(page.getByRole('button', { name: /^Confirmed \(\d+\)$/ })).toHaveAttribute('aria-pressed', 'false');
  expect(react.requested()).toHaveLength(0);

  // Signing out needs supabase-js, and the staff sign-in after it needs React.
  supabaseJs.release();
  react.release();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Staff email')).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();
});
