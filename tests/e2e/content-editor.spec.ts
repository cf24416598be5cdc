import { expect, test, type Locator, type Page } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startContentEditorBackend, type ContentEditorBackend } from '../../scripts/content-editor-backend';
import { checkCatalogue } from '../../scripts/check-catalogue';
import { LOCAL_EDITOR_BACKEND_PORT } from '../../src/features/content-editor/editor-config';
import { lastUpdatedText } from '../../src/lib/site';
import { buildInCopy } from './support/build-in-copy';
import { fixtureProduct } from './support/fixture-catalogue';

/*
 * The content editor at /admin, on a copy: the policies and the fixture catalogue are copied into a
 * temporary folder laid out like the repository, a second local proxy serves that copy, and the
 * editor's calls to the usual proxy are sent on to it. content/ and tests/fixtures stay untouched.
 */

const EDITING_PROXY_PORT = LOCAL_EDITOR_BACKEND_PORT + 10;
const repo = path.resolve(import.meta.dirname, '../..');
let copy: string;
let proxy: ContentEditorBackend;

test.beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'content-editor-'));
  cpSync(path.join(repo, 'content/policies'), path.join(copy, 'content/policies'), { recursive: true });
  cpSync(path.join(repo, 'tests/fixtures/catalogue'), path.join(copy, 'content/catalogue'), { recursive: true });
  cpSync(path.join(repo, 'tests/fixtures/campaigns'), path.join(copy, 'content/campaigns'), { recursive: true });
  cpSync(path.join(repo, 'tests/fixtures/delivery'), path.join(copy, 'content/delivery'), { recursive: true });
  proxy = await startContentEditorBackend(copy, EDITING_PROXY_PORT);
});

test.afterAll(async () => {
  await proxy?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

async function openEditor(page: Page, hash: string): Promise<void> {
  await page.route(`http://127.0.0.1:${LOCAL_EDITOR_BACKEND_PORT}/**`, async (route) => {
    const url = route.request().url().replace(`:${LOCAL_EDITOR_BACKEND_PORT}/`, `:${EDITING_PROXY_PORT}/`);
    await route.fulfill({ response: await route.fetch({ url }) });
  });
  await page.goto(`/admin/${hash}`);
  // The local proxy needs no account: one click on Decap's sign-in page.
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Types over a field's text as an editor does (Decap's inputs keep their own cursor, which fill() does not replace). */
async function retype(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.press('Delete');
  await field.pressSequentially(text);
  await expect(field).toHaveValue(text);
}

async function publish(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish now' }).click();
}

/** The rebuilt site, served from its folder at an address of its own. */
async function openRebuilt(page: Page, dist: string, pathname: string): Promise<void> {
  await page.route('http://rebuilt.test/**', async (route) => {
    const url = new URL(route.request().url());
    const file = path.join(dist, url.pathname.endsWith('/') ? `${url.pathname}index.html` : path.extname(url.pathname) ? url.pathname : `${url.pathname}.html`);
    try {
      await route.fulfill({ body: await readFile(file), contentType: file.endsWith('.html') ? 'text/html' : undefined });
    } catch {
      await route.fulfill({ status: 404, body: '' });
    }
  });
  await page.goto(`http://rebuilt.test${pathname}`);
}

test('an editor changes the shipping policy and a product description at /admin; bad values are refused with the check\'s sentence', async ({ page }) => {
  test.setTimeout(10 * 60_000);
  const cetirizine = fixtureProduct(14);
  const policyFile = path.join(copy, 'content/policies/shipping-policy.md');
  const productFile = path.join(copy, 'content/catalogue/14-cetirizine-10mg-tablet.json');
  const newSentence = 'Orders placed before 2 pm in Bengaluru leave the pharmacy the same day.';
  const newDescription = `${cetirizine.description} It is one of the most widely used antihistamines in India.`;

  // The shipping policy: a date spelled the wrong way is refused in the form, before anything is saved.
  await openEditor(page, '#/collections/policies/entries/shipping-policy');
  const lastUpdated = page.getByLabel('Last updated');
  await retype(lastUpdated, '31/07/2025');
  await publish(page);
  await expect(page.getByText('lastUpdated must be a date written as YYYY-MM-DD, for example 2025-07-31 (got "31/07/2025")')).toBeVisible();
  expect(readFileSync(policyFile, 'utf8')).toContain('lastUpdated: 2025-07-31');
  await retype(lastUpdated, '2026-11-20');
  const text = page.locator('[data-slate-editor="true"]').first();
  await text.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(newSentence);
  await publish(page);
  await expect(page.getByText('Entry saved')).toBeVisible();
  await expect.poll(() => readFileSync(policyFile, 'utf8')).toContain(newSentence);
  expect(readFileSync(policyFile, 'utf8')).toMatch(/^lastUpdated: '?2026-11-20'?$/m);

  // A product: an MRP of "abc" is refused with check:catalogue's sentence; a new description is saved.
  await page.getByRole('link', { name: /Policy pages collection/ }).click();
  await page.getByRole('link', { name: 'Products', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(`${cetirizine.name} \\(id 14\\)`) }).click();
  await expect(page.getByLabel('Product name (its web address comes from it)')).toHaveValue(cetirizine.name);
  const mrp = page.getByLabel('MRP (₹, for example 34.50)');
  const mrpBefore = await mrp.inputValue();
  await retype(mrp, 'abc');
  await publish(page);
  await expect(page.getByText('mrp: "abc" is not valid: expected a non-negative decimal amount, got "abc"')).toBeVisible();
  await retype(mrp, mrpBefore);
  await retype(page.getByLabel('Description', { exact: true }), newDescription);
  await publish(page);
  await expect(page.getByText('Entry saved')).toBeVisible();
  await expect.poll(() => (JSON.parse(readFileSync(productFile, 'utf8')) as { upm_product_details: { description: string } }).upm_product_details.description).toBe(newDescription);
  // Every field the form does not show is kept: the record still passes the catalogue check.
  expect((await checkCatalogue(path.join(copy, 'content/catalogue'))).errors).toEqual([]);

  // After a rebuild from the edited copy (the content it holds kept), the pages show the changes.
  const content = (folder: string) => path.join(copy, 'content', folder);
  const dist = await buildInCopy(copy, {
    leaveOut: ['content/catalogue', 'content/campaigns', 'content/delivery', 'content/policies'],
    env: { CATALOGUE_DIR: content('catalogue'), POLICIES_DIR: content('policies'), CAMPAIGNS_DIR: content('campaigns'), DELIVERY_DIR: content('delivery') },
  });
  await openRebuilt(page, dist, '/shipping-policy');
  await expect(page.getByText(newSentence)).toBeVisible();
  await expect(page.getByText(lastUpdatedText(new Date(Date.UTC(2026, 10, 20))))).toBeVisible();
  await openRebuilt(page, dist, `/products/${cetirizine.slug}`);
  await expect(page.getByText(newDescription)).toBeVisible();
});

test('/admin is kept out of search engines and out of the shop', async ({ page, request }) => {
  expect(await (await request.get('/robots.txt')).text()).toMatch(/^Disallow: \/admin$/m);
  const admin = await request.get('/admin/');
  expect(admin.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(await admin.text()).toContain('<meta name="robots" content="noindex, nofollow" />');
  for (const path of ['/', '/products', '/shipping-policy']) {
    await page.goto(path);
    await expect(page.locator('a[href^="/admin"]')).toHaveCount(0);
  }
});

test('/admin opens every collection and entry with a clean console: no error, no failed request', async ({ page }) => {
  // Every collection and entry of the editor, a large app: on a busy 2-core machine that passed 30 s.
  test.slow();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // A request the browser drops because the editor moved on to the next screen (ERR_ABORTED: a preview's
  // image still loading) is no failure of the site's.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
  });

  await openEditor(page, '#/collections/policies');
  // A page without an icon of its own makes the browser ask for /favicon.ico, which the site does not
  // have (Debian's full Chromium logs that 404; the headless shell the suite runs in asks for no icon).
  const icon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(icon).not.toBeNull();
  expect((await page.request.get(icon!)).status()).toBe(200);
  // The lists draw each entry's title; an entry's form infers its title too.
  await expect(page.getByRole('link', { name: /Shipping Policy/ })).toBeVisible();
  await page.getByRole('link', { name: /Shipping Policy/ }).click();
  await expect(page.getByLabel('Last updated')).toBeVisible();
  await page.getByRole('link', { name: /Policy pages collection/ }).click();
  await page.getByRole('link', { name: 'Offers', exact: true }).click();
  await page.getByRole('link', { name: /Diabetes care week/ }).click();
  await expect(page.getByLabel('What the picture shows')).toBeVisible();
  await page.getByRole('link', { name: /Offers collection/ }).click();
  await page.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('link', { name: /\(id 14\)/ })).toBeVisible();
  await page.getByRole('link', { name: 'Delivery', exact: true }).click();
  await page.getByRole('link', { name: /Delivery zones and dates/ }).click();
  await expect(page.getByLabel('Cash on delivery limit (paise: 500000 is ₹5,000)')).toBeVisible();
  expect(problems).toEqual([]);
});
