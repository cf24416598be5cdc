import { expect, test, type Page } from '@playwright/test';
import { fixtureNames } from './support/fixture-catalogue';

/** Search in Devanagari (issue 40 item 5): a medicine typed in Hindi script finds what its Latin spelling finds. */

const searchBox = (page: Page) => page.getByPlaceholder('Search medicines, brands, categories, or marketers...');
const shownNames = async (page: Page) => (await page.getByRole('list', { name: 'Products' }).getByRole('article').getByRole('heading').allInnerTexts()).sort();
const withSalt = (word: string) => fixtureNames((product) => product.salt.toLowerCase().includes(word)).sort();

test.describe('the product list', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/products');
  });

  test('finds with मेटफॉर्मिन what metformin finds, and forgives a misspelling', async ({ page }) => {
    await searchBox(page).fill('metformin');
    await expect.poll(() => shownNames(page)).toEqual(withSalt('metformin'));
    const latin = await shownNames(page);
    await searchBox(page).fill('मेटफॉर्मिन');
    await expect.poll(() => shownNames(page)).toEqual(latin);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent('मेटफॉर्मिन')}$`));
    // ो for ॉ and र् left out: one slip, as "metfromin" is in Latin.
    await searchBox(page).fill('मेटफोमिन');
    await expect.poll(() => shownNames(page)).toEqual(latin);
  });

  test('finds a salt and a brand written in Devanagari, with Devanagari digits', async ({ page }) => {
    await searchBox(page).fill('सेटिरिज़िन');
    await expect.poll(() => shownNames(page)).toEqual(withSalt('cetirizine'));
    await searchBox(page).fill('ग्लाइकोमेट');
    await expect.poll(() => shownNames(page)).toEqual(fixtureNames((product) => product.name.startsWith('Glycomet')));
    await searchBox(page).fill('मेटफॉर्मिन १०००');
    await expect.poll(() => shownNames(page)).toEqual(fixtureNames((product) => product.salt.toLowerCase().includes('metformin') && product.salt.includes('1000')).sort());
  });

  test('says so when a Hindi word matches nothing', async ({ page }) => {
    await searchBox(page).fill('बुखार');
    await expect(page.getByText('No products found matching your search.')).toBeVisible();
  });
});

test('the header search takes Devanagari: its suggestions and the list it opens', async ({ page }) => {
  await page.goto('/privacy-policy');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search medicines' });
  await box.focus();
  await box.fill('मेटफॉर्मिन');
  const suggestions = () =>
    page.locator('#header-search-suggestions option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await expect.poll(async () => (await suggestions()).sort()).toEqual(withSalt('metformin').slice(0, 8).sort());
  // Labelled with the typed word: the browser's list shows an option only when its value or label holds it.
  const labels = await page.locator('#header-search-suggestions option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).label));
  expect(new Set(labels)).toEqual(new Set(['मेटफॉर्मिन']));
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=/);
  await expect.poll(() => shownNames(page)).toEqual(withSalt('metformin'));
});
