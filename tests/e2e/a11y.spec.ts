import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { metformin, openCartWithRxLine, orderSummary, prescriptionDialog } from './support/cart';
import { MISSING_PAGE, PAGE_TYPES } from './support/page-types';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Axe's WCAG 2.1 AA findings, one line each, so a failure names the rule and the elements. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** Waits until the islands that load with the page have hydrated, so axe sees what a customer sees. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('astro-island[client="load"][ssr]')).toHaveCount(0);
}

for (const [name, path] of Object.entries({ ...PAGE_TYPES, notFound: MISSING_PAGE })) {
  test(`${name} (${path}) has no WCAG 2.1 AA violations`, async ({ page }) => {
    // A page that moves on by itself (PhonePe's callback goes back to the cart after 3 s) has that
    // navigation cancelled, so axe looks at the page it was asked about. Held instead of cancelled,
    // the pending navigation kept axe's script waiting until the test timed out on a busy machine.
    await page.route('**/*', (route) => (route.request().isNavigationRequest() && new URL(route.request().url()).pathname !== path ? route.abort('aborted') : route.fallback()));
    await page.goto(path);
    await settled(page);
    expect(await violations(page)).toEqual([]);
  });
}

test('the cart with items has no WCAG 2.1 AA violations', async ({ page }) => {
  await openCartWithRxLine(page);
  await expect(page.getByRole('link', { name: metformin.name, exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the open prescription dialog has no WCAG 2.1 AA violations', async ({ page }) => {
  await openCartWithRxLine(page);
  await orderSummary(page).getByRole('button', { name: 'Upload Prescription' }).click();
  await expect(prescriptionDialog(page)).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the product list after a search with no results has no WCAG 2.1 AA violations', async ({ page }) => {
  await page.goto(PAGE_TYPES.productList);
  await settled(page);
  await page.getByRole('searchbox').fill('no such medicine');
  await expect(page.getByText('No products found matching your search.')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
