import { expect, test } from '@playwright/test';
import { fixtureProduct } from './support/fixture-catalogue';
import { whenHydrated } from './support/page-types';

// The offers in tests/fixtures/campaigns: one running until 2099, one that ended on 30 June 2025.

test('a running offer shows its dates and the products of its condition, which go in the cart', async ({ page }) => {
  await page.goto('/offers/diabetes-care-week');
  await expect(page.getByRole('heading', { level: 1, name: 'Diabetes care week' })).toBeVisible();
  await expect(page.getByText('Offer valid until 31 Dec 2099.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'A pharmacist handing over a strip of tablets' })).toBeVisible();
  const metformin = fixtureProduct(1);
  const card = page.getByRole('article', { name: metformin.name, exact: true });
  await expect(card).toBeVisible();
  await (await whenHydrated(card.getByRole('button', { name: 'Add', exact: true }))).click();
  await expect(card.getByRole('button', { name: `Increase quantity of ${metformin.name}` })).toBeVisible();
  await card.getByRole('link', { name: metformin.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${metformin.slug}$`));
});

test('an ended offer says so, is not indexed, and still lists its products', async ({ page }) => {
  await page.goto('/offers/summer-skin-sale');
  await expect(page.getByRole('heading', { level: 1, name: 'Summer skin sale' })).toBeVisible();
  await expect(page.getByText("This offer ended on 30 Jun 2025. Its products are listed below at today's prices.")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.getByRole('heading', { name: '3 products in this offer' })).toBeVisible();
  for (const id of [10, 11, 12]) await expect(page.getByRole('article', { name: fixtureProduct(id).name, exact: true })).toBeVisible();
});
