import { expect, test, type Page } from '@playwright/test';
import { fixtureNames } from './support/fixture-catalogue';

/*
 * Issue 14 item 4: category and condition pages for marketing links, and the filters (prescription
 * or over the counter, form, availability) on them and on /products, combined with the search and
 * the sorts, kept in the address so a filtered list can be shared, cleared with one click.
 */

const shownNames = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('article').getByRole('heading').allInnerTexts();
const count = (page: Page) => page.getByText(/^Showing \d+ of \d+ products$/);
const typeFilter = (page: Page) => page.getByRole('combobox', { name: 'Type' });
const formFilter = (page: Page) => page.getByRole('combobox', { name: 'Form' });
const inStockOnly = (page: Page) => page.getByRole('checkbox', { name: 'In stock only' });
const clearFilters = (page: Page) => page.getByRole('button', { name: 'Clear filters' });
const addressParams = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

// The list's own order is tested with /products; here, which products a list holds.
const sorted = (names: string[]) => [...names].sort();
const shownSorted = async (page: Page) => sorted(await shownNames(page));
const diabetes = sorted(fixtureNames((product) => product.primary_uses.includes('Type 2 diabetes mellitus')));

test('a condition page lists its medicines, filters them by form and availability, and the filtered address can be shared', async ({ page, context }) => {
  await page.goto('/conditions/type-2-diabetes-mellitus');
  await expect(page).toHaveTitle('Medicines for Type 2 diabetes mellitus');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/conditions\/type-2-diabetes-mellitus$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Type 2 diabetes mellitus', exact: true })).toBeVisible();
  expect(await shownSorted(page)).toEqual(diabetes);
  await expect(count(page)).toHaveText(`Showing ${diabetes.length} of ${diabetes.length} products`);
  await expect(clearFilters(page)).toBeHidden();

  await formFilter(page).selectOption('Tablet CR');
  await expect.poll(() => shownNames(page)).toEqual(['Metformin 500mg Tablet CR', 'Metformin 1000mg Tablet CR']);
  await formFilter(page).selectOption('Tablet');
  await inStockOnly(page).check();
  // Glimepiride is a tablet for the same condition, but sold out.
  await expect.poll(() => shownNames(page)).toEqual(['Glycomet 500mg Tablet', 'Metformin 500mg Tablet']);
  await expect(count(page)).toHaveText(`Showing 2 of ${diabetes.length} products`);
  await expect.poll(() => addressParams(page)).toEqual({ form: 'Tablet', stock: 'in' });

  const shared = await context.newPage();
  await shared.goto(page.url());
  await expect.poll(() => shownNames(shared)).toEqual(['Glycomet 500mg Tablet', 'Metformin 500mg Tablet']);
  await expect(formFilter(shared)).toHaveValue('Tablet');
  await expect(inStockOnly(shared)).toBeChecked();

  await clearFilters(shared).click();
  await expect.poll(() => shownSorted(shared)).toEqual(diabetes);
  await expect(shared).toHaveURL(/\/conditions\/type-2-diabetes-mellitus$/);
  await expect(clearFilters(shared)).toBeHidden();
});

test('a category page keeps to its own products through search, filters and sorts', async ({ page }) => {
  await page.goto('/categories/allopathy');
  await expect(page.getByRole('heading', { level: 1, name: 'Allopathy', exact: true })).toBeVisible();
  const allopathy = sorted(fixtureNames((product) => product.category === 'allopathy'));
  expect(await shownSorted(page)).toEqual(allopathy);
  await typeFilter(page).selectOption({ label: 'Over the counter' });
  const overTheCounter = sorted(fixtureNames((product) => product.category === 'allopathy' && !product.requires_prescription));
  await expect.poll(() => shownSorted(page)).toEqual(overTheCounter);
  // The niacinamide serum is over the counter too, but in Skin Care.
  expect(overTheCounter).not.toContain('Niacinamide 10% Face Serum');
  await page.getByPlaceholder('Search medicines, brands, categories, or marketers...').fill('tablet');
  await expect.poll(() => shownNames(page)).toEqual(['Cetirizine 10mg Tablet']);
  await page.getByPlaceholder('Search medicines, brands, categories, or marketers...').fill('');
  await page.getByRole('combobox', { name: 'Sort products' }).selectOption({ label: 'Sort by Price (High to Low)' });
  await expect.poll(async () => (await shownNames(page)).length).toBe(overTheCounter.length);
  await expect.poll(() => addressParams(page)).toEqual({ sort: 'price-high', type: 'otc' });
});

test('/products filters combine with a search', async ({ page }) => {
  await page.goto('/products?q=tablet&type=otc');
  await expect.poll(() => shownNames(page)).toEqual(['Cetirizine 10mg Tablet']);
  await expect(typeFilter(page)).toHaveValue('otc');
  await typeFilter(page).selectOption({ label: 'Prescription (Rx)' });
  // Every prescription-only tablet (all are named '… Tablet…'), and nothing else.
  const rxTablets = sorted(fixtureNames((product) => product.requires_prescription && product.name.includes('Tablet')));
  await expect.poll(() => shownSorted(page)).toEqual(rxTablets);
});

test("a product's category chip leads to its category page", async ({ page }) => {
  await page.goto('/products/niacinamide-10-face-serum');
  await page.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Skin Care' }).click();
  await expect(page).toHaveURL(/\/categories\/skin-care$/);
  expect(await shownNames(page)).toEqual(['Niacinamide 10% Face Serum']);
});
