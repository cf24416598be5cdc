import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Product as DisplayProduct } from '../../src/domain/product';
import { sellingPrice, fixtureNames, fixtureProduct, rupees } from './support/fixture-catalogue';

const metformin = fixtureProduct(1);
const glimepiride = fixtureProduct(3);
const pantoprazole = fixtureProduct(4);
const ondansetron = fixtureProduct(5);
const diclofenac = fixtureProduct(7);
const nicotine = fixtureProduct(9);
const niacinamide = fixtureProduct(11);
const cetirizine = fixtureProduct(14);
const azithromycin = fixtureProduct(16);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The fixture's names that match, in the list's default order (by name). */
const namesWhere = (filter: (product: DisplayProduct) => boolean) =>
  fixtureNames(filter).sort((a, b) => a.localeCompare(b, 'en-IN', { sensitivity: 'base', numeric: true }));

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const cards = (page: Page) => productList(page).getByRole('article');
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const search = (page: Page) => page.getByPlaceholder('Search medicines, brands, categories, or marketers...');
const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

async function shownNames(page: Page): Promise<string[]> {
  return cards(page).getByRole('heading').allInnerTexts();
}

async function shownPrices(page: Page): Promise<number[]> {
  // The price charged: a discounted card also shows its MRP, struck through.
  const prices = await cards(page).locator('[data-price]').allInnerTexts();
  return prices.map((price) => Number(price.replace(/[₹,]/g, '')));
}

/** Waits until React owns the control, so the click reaches the island rather than the script that runs it before. */
async function whenHydrated(control: Locator): Promise<Locator> {
  await control.scrollIntoViewIfNeeded();
  // Product cart controls hydrate on the first interaction (client:interact): focus starts it.
  await control.focus();
  await expect(control.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
  return control;
}

test.describe('product list', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/products');
  });

  test('lists every product by name with a count', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
    const total = await cards(page).count();
    expect(total).toBeGreaterThanOrEqual(16);
    await expect(page.getByText(`Showing ${total} of ${total} products`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort products' })).toHaveValue('name');
    const names = await shownNames(page);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-IN', { sensitivity: 'base', numeric: true })));
  });

  test('a card shows category, Rx chip, chips and the MRP in rupees', async ({ page }) => {
    const metforminCard = card(page, metformin.name);
    await expect(metforminCard.getByRole('link', { name: metformin.name })).toHaveAttribute('href', `/products/${metformin.slug}`);
    await expect(metforminCard.getByText('Rx Required')).toBeVisible();
    await expect(metforminCard.getByRole('listitem')).toHaveText([metformin.category, metformin.drug_form, metformin.quantity]);
    await expect(metforminCard.getByText('MRP', { exact: true })).toBeVisible();
    await expect(metforminCard.getByText(rupees(metformin.mrp_paise / 100))).toBeVisible();
    await expect(metforminCard.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    await expect(card(page, cetirizine.name).getByText('Rx Required')).toHaveCount(0);
    await expect(card(page, ondansetron.name).getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    await expect(card(page, glimepiride.name).getByRole('button', { name: 'Discontinued' })).toBeDisabled();
  });

  test('a product image that fails to load is replaced by an icon', async ({ page }) => {
    // The first card loads eagerly (it may fail before the page script runs); a later one lazily.
    const failing = [fixtureProduct(18), fixtureProduct(8)];
    for (const product of failing) {
      await page.route(`**${product.thumbnail_image}`, (route) => route.fulfill({ status: 404 }));
    }
    await page.goto('/products');
    for (const { name } of failing) {
      const failed = card(page, name);
      await failed.scrollIntoViewIfNeeded();
      await expect(failed.getByRole('img', { name })).toBeHidden();
      await expect(failed.getByText(`${name} (image unavailable)`)).toBeAttached();
    }
    await expect(card(page, azithromycin.name).getByRole('img', { name: azithromycin.name })).toBeVisible();
  });

  test('searches by name, brand, category and marketer, ignoring case', async ({ page }) => {
    const total = await cards(page).count();

    await search(page).fill(pantoprazole.name.split(' ')[0]!.toUpperCase());
    await expect.poll(() => shownNames(page)).toEqual([pantoprazole.name]);
    await expect(page.getByText(`Showing 1 of ${total} products`)).toBeVisible();

    const brand = azithromycin.brand;
    await search(page).fill(brand.toLowerCase());
    await expect.poll(() => shownNames(page)).toEqual(namesWhere((product) => [product.brand, product.marketer].includes(brand)));

    await search(page).fill(niacinamide.category);
    await expect.poll(() => shownNames(page)).toEqual(namesWhere((product) => product.category === niacinamide.category));

    const marketer = nicotine.marketer;
    await search(page).fill(marketer);
    await expect.poll(() => shownNames(page)).toEqual(namesWhere((product) => [product.brand, product.marketer].includes(marketer)));

    await search(page).fill('');
    await expect(cards(page)).toHaveCount(total);
  });

  test('says so when nothing matches', async ({ page }) => {
    const total = await cards(page).count();
    await search(page).fill('no such medicine anywhere');
    await expect(page.getByText('No products found matching your search.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText(`Showing 0 of ${total} products`)).toBeVisible();
  });

  test('sorts by price both ways and back by name', async ({ page }) => {
    const sort = page.getByRole('combobox', { name: 'Sort products' });
    await expect(sort.getByRole('option')).toHaveText(['Sort by Name', 'Sort by Price (Low to High)', 'Sort by Price (High to Low)']);
    const byName = await shownNames(page);
    const total = byName.length;
    const ascendingPrices = (prices: number[]) => prices.length === total && prices.every((price, index) => index === 0 || prices[index - 1]! <= price);

    await sort.selectOption({ label: 'Sort by Price (Low to High)' });
    await expect.poll(async () => ascendingPrices(await shownPrices(page))).toBe(true);
    const ascending = await shownPrices(page);
    expect(ascending[0]).toBeLessThan(ascending.at(-1)!);
    await expect(page.getByText(`Showing ${total} of ${total} products`)).toBeVisible();

    await sort.selectOption({ label: 'Sort by Price (High to Low)' });
    await expect.poll(() => shownPrices(page)).toEqual([...ascending].sort((a, b) => b - a));

    await sort.selectOption({ label: 'Sort by Name' });
    await expect.poll(() => shownNames(page)).toEqual(byName);
  });

  test('sorts what a search found', async ({ page }) => {
    const total = await cards(page).count();
    await search(page).fill('tablet');
    await page.getByRole('combobox', { name: 'Sort products' }).selectOption('price-low');
    await expect(page).toHaveURL(/\?q=tablet&sort=price-low$/);
    await expect(page.getByText(/^Showing \d+ of \d+ products$/)).not.toHaveText(`Showing ${total} of ${total} products`);
    await expect.poll(async () => {
      const prices = await shownPrices(page);
      return prices.every((price, index) => index === 0 || prices[index - 1]! <= price);
    }).toBe(true);
    expect(await shownNames(page)).toEqual(expect.arrayContaining([metformin.name, pantoprazole.name]));
    expect(await shownNames(page)).not.toContain(niacinamide.name);
  });

  test('a card found by search can be added to the cart', async ({ page }) => {
    await search(page).fill(nicotine.name.split(' ')[0]!.toLowerCase());
    await expect.poll(() => shownNames(page)).toEqual([nicotine.name]);
    const nicotineCard = card(page, nicotine.name);
    await expect(nicotineCard.getByRole('link', { name: nicotine.name })).toHaveAttribute('href', `/products/${nicotine.slug}`);
    await expect(nicotineCard.getByText(rupees(nicotine.mrp_paise / 100))).toBeVisible();
    await nicotineCard.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(nicotineCard.getByRole('status')).toHaveText('1');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');
  });

  test('shows the spinner while the search index loads', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/search/index.json', async (route) => {
      await held;
      await route.continue();
    });
    await search(page).fill('metformin');
    await expect(page.getByRole('status').filter({ hasText: 'Loading products…' })).toBeVisible();
    release();
    // Names first, then the products with metformin only in their salt.
    await expect
      .poll(() => shownNames(page))
      .toEqual([...namesWhere((product) => /metformin/i.test(product.name)), ...namesWhere((product) => /metformin/i.test(product.salt) && !/metformin/i.test(product.name))]);
    await expect(page.getByText('Loading products…')).toBeHidden();
  });

  test('says so when the search index cannot be loaded', async ({ page }) => {
    await page.route('**/search/index.json', (route) => route.abort());
    await search(page).fill('metformin');
    await expect(page.getByRole('alert')).toHaveText('Failed to load products.');
    await expect(page.getByText('Loading products…')).toBeHidden();
  });

  test('one page of products has no page links', async ({ page }) => {
    await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Show more products' })).toBeHidden();
  });

  test('keeps the search and sort in the address across a reload', async ({ page }) => {
    const total = await cards(page).count();
    await search(page).fill('tablet');
    await page.getByRole('combobox', { name: 'Sort products' }).selectOption('price-high');
    await expect(page).toHaveURL(/\?q=tablet&sort=price-high$/);
    await expect(page.getByText(/^Showing \d+ of \d+ products$/)).not.toHaveText(`Showing ${total} of ${total} products`);
    const shown = await shownNames(page);

    await page.reload();
    await expect(search(page)).toHaveValue('tablet');
    await expect(page.getByRole('combobox', { name: 'Sort products' })).toHaveValue('price-high');
    await expect.poll(() => shownNames(page)).toEqual(shown);
  });

  test('lays the cards out in 1 column on a phone and 3 on a wide screen', async ({ page }) => {
    const tops = async () => (await Promise.all((await cards(page).all()).slice(0, 3).map((item) => item.boundingBox()))).map((box) => box!.y);
    await page.setViewportSize({ width: 1280, height: 900 });
    const wide = await tops();
    expect(new Set(wide).size).toBe(1);
    await page.setViewportSize({ width: 375, height: 800 });
    const narrow = await tops();
    expect(new Set(narrow).size).toBe(3);
  });
});

test.describe('product detail', () => {
  const SECTIONS = [
    'Salt Composition',
    'Manufactured by',
    'Product Description',
    'Primary Uses',
    'Uses',
    'How it Works',
    'Safety Information',
    'Storage',
  ];

  test('a prescription medicine shows every section', async ({ page }) => {
    await page.goto(`/products/${metformin.slug}`);
    await expect(page).toHaveTitle(new RegExp(escapeRegExp(metformin.name)));
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link')).toHaveText(['Home', 'Products']);
    await expect(breadcrumb.getByText(metformin.name)).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('heading', { level: 1, name: metformin.name })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([metformin.category, metformin.drug_form, metformin.package, 'Rx Required']);
    await expect(page.getByText('MRP (Incl. of all taxes)')).toBeVisible();
    await expect(page.getByText(rupees(metformin.mrp_paise / 100))).toBeVisible();
    await expect(page.getByText(`Pack size: ${metformin.quantity}`)).toBeVisible();
    await expect(page.getByText('A valid prescription is required at checkout for this medicine.')).toBeVisible();
    // The spec's sections come first, unchanged; the product facts (find-medicine.spec.ts) follow them.
    await expect.poll(async () => (await page.getByRole('heading', { level: 2 }).allTextContents()).slice(0, SECTIONS.length)).toEqual(SECTIONS);
    await expect(page.getByText(metformin.salt)).toBeVisible();
    await expect(page.getByText(metformin.marketer_address!)).toBeVisible();
    const [alcohol, pregnancy] = metformin.precautions;
    await expect(page.getByText(new RegExp(`^${escapeRegExp(`${alcohol!.name}: ${alcohol!.description} ${pregnancy!.name}: `)}`))).toBeVisible();
    await expect(page.getByText(metformin.storage)).toBeVisible();
    await expect(page.getByText('null')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${metformin.slug}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', new RegExp(`/og/products/${metformin.id}-[0-9a-f]{12}\\.jpg$`));

    const productData = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(productData.offers).toMatchObject({ priceCurrency: 'INR', price: sellingPrice(metformin).toFixed(2), availability: 'https://schema.org/InStock' });
  });

  test('gallery thumbnails switch the main image', async ({ page }) => {
    await page.goto(`/products/${metformin.slug}`);
    const main = page.getByRole('img', { name: metformin.name, exact: true });
    await expect(main).toHaveAttribute('src', new RegExp(`${escapeRegExp(metformin.images[0]!)}$`));
    await page.getByRole('button', { name: `Show image 2 of ${metformin.name}` }).click();
    await expect(main).toHaveAttribute('src', new RegExp(`${escapeRegExp(metformin.images[1]!)}$`));
    await expect(page.getByRole('button', { name: `Show image 2 of ${metformin.name}` })).toHaveAttribute('aria-pressed', 'true');
  });

  test('an over-the-counter product from text-shaped data shows every section', async ({ page }) => {
    await page.goto(`/products/${nicotine.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: nicotine.name })).toBeVisible();
    await expect(page.getByText('Rx Required')).toHaveCount(0);
    await expect(page.getByText('A valid prescription is required at checkout for this medicine.')).toHaveCount(0);
    // The spec's sections come first, unchanged; the product facts (find-medicine.spec.ts) follow them.
    await expect.poll(async () => (await page.getByRole('heading', { level: 2 }).allTextContents()).slice(0, SECTIONS.length)).toEqual(SECTIONS);
    // Uses arrive as text in this record; each is its own list item.
    const secondaryUse = nicotine.uses.find((use) => !nicotine.primary_uses.includes(use))!;
    await expect(page.getByRole('listitem').filter({ hasText: secondaryUse })).toBeVisible();
    const alcohol = nicotine.precautions[0]!;
    await expect(page.getByText(new RegExp(`^${escapeRegExp(`${alcohol.name}: ${alcohol.description}`)}`))).toBeVisible();
    await expect(page.getByText(rupees(nicotine.mrp_paise / 100))).toBeVisible();
  });

  test('a numeric id shows the same product with the slug URL as canonical', async ({ page, request }) => {
    const answer = await request.get('/products/1', { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    await page.goto('/products/1');
    await expect(page).toHaveURL(new RegExp(`/products/${metformin.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: metformin.name })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${metformin.slug}$`));
  });

  test('sold out and discontinued products cannot be added', async ({ page }) => {
    await page.goto(`/products/${ondansetron.slug}`);
    await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    await expect(page.getByText('This product is currently sold out.')).toBeVisible();
    await page.goto(`/products/${glimepiride.slug}`);
    await expect(page.getByRole('button', { name: 'Discontinued' })).toBeDisabled();
  });

  test('an unknown product says so and links back', async ({ page }) => {
    expect((await page.goto('/products/987654'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    expect((await page.goto('/products/this-does-not-exist'))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('adding to the cart', () => {
  test('from cards: add, plus, minus, minus at 1 removes; the badge counts distinct lines', async ({ page }) => {
    await page.goto('/products');
    await expect(headerCart(page)).toHaveAccessibleName('Cart');

    const cetirizineCard = card(page, cetirizine.name);
    await (await whenHydrated(cetirizineCard.getByRole('button', { name: 'Add', exact: true }))).click();
    await expect(cetirizineCard.getByRole('status')).toHaveText('1');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');

    await cetirizineCard.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` }).click();
    await expect(cetirizineCard.getByRole('status')).toHaveText('2');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');

    const nicotineCard = card(page, nicotine.name);
    await (await whenHydrated(nicotineCard.getByRole('button', { name: 'Add', exact: true }))).click();
    await expect(headerCart(page)).toHaveAccessibleName('Cart 2');
    await expect(page.getByRole('main').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart 2');

    await cetirizineCard.getByRole('button', { name: `Decrease quantity of ${cetirizine.name}` }).click();
    await expect(cetirizineCard.getByRole('status')).toHaveText('1');
    await cetirizineCard.getByRole('button', { name: `Decrease quantity of ${cetirizine.name}` }).click();
    await expect(cetirizineCard.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');

    await page.goto('/');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');
  });

  test('from the detail page, with a Go to Cart link', async ({ page }) => {
    await page.goto(`/products/${diclofenac.slug}`);
    await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
    await expect(page.getByRole('status')).toHaveText('1');
    await page.getByRole('button', { name: `Increase quantity of ${diclofenac.name}` }).click();
    await expect(page.getByRole('status')).toHaveText('2');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');
    await page.getByRole('button', { name: `Decrease quantity of ${diclofenac.name}` }).click();
    await page.getByRole('button', { name: `Decrease quantity of ${diclofenac.name}` }).click();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName('Cart');
    await expect(page.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
  });

  test('the control keeps its size when it hydrates', async ({ page }) => {
    await page.goto(`/products/${diclofenac.slug}`);
    const add = page.getByRole('button', { name: 'Add to Cart' });
    const before = await add.boundingBox();
    await whenHydrated(add);
    await add.click();
    const stepper = page.getByRole('status').locator('..');
    expect(await stepper.boundingBox()).toEqual(before);
  });
});
