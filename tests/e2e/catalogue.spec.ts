import { expect, test, type Locator, type Page } from '@playwright/test';

const productList = (page: Page) => page.getByRole('list', { name: 'Products' });
const cards = (page: Page) => productList(page).getByRole('article');
const card = (page: Page, name: string) => page.getByRole('article', { name });
const search = (page: Page) => page.getByPlaceholder('Search medicines, brands, categories, or marketers...');
const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

async function shownNames(page: Page): Promise<string[]> {
  return cards(page).getByRole('heading').allInnerTexts();
}

async function shownPrices(page: Page): Promise<number[]> {
  const prices = await cards(page).getByText(/^₹[\d,]+\.\d{2}$/).allInnerTexts();
  return prices.map((price) => Number(price.replace(/[₹,]/g, '')));
}

/** Islands hydrate when visible; a click before that would land on the prebuilt button. */
async function whenHydrated(control: Locator): Promise<Locator> {
  await control.scrollIntoViewIfNeeded();
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
    const metformin = card(page, 'Metformin 500mg Tablet');
    await expect(metformin.getByRole('link', { name: 'Metformin 500mg Tablet' })).toHaveAttribute('href', '/products/metformin-500mg-tablet');
    await expect(metformin.getByText('Rx Required')).toBeVisible();
    await expect(metformin.getByRole('listitem')).toHaveText(['allopathy', 'Tablet', 'strip of 20 tablets']);
    await expect(metformin.getByText('MRP', { exact: true })).toBeVisible();
    await expect(metformin.getByText('₹34.50')).toBeVisible();
    await expect(metformin.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    await expect(card(page, 'Cetirizine 10mg Tablet').getByText('Rx Required')).toHaveCount(0);
    await expect(card(page, 'Ondansetron 4mg Tablet').getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    await expect(card(page, 'Glimepiride 1mg Tablet').getByRole('button', { name: 'Discontinued' })).toBeDisabled();
  });

  test('a product image that fails to load is replaced by an icon', async ({ page }) => {
    // The first card loads eagerly (it may fail before the page script runs); a later one lazily.
    for (const slug of ['amlodipine-5mg-tablet', 'escitalopram-10mg-tablet']) {
      await page.route(`**/images/products/${slug}/thumb-200x240.webp`, (route) => route.fulfill({ status: 404 }));
    }
    await page.goto('/products');
    for (const name of ['Amlodipine 5mg Tablet', 'Escitalopram 10mg Tablet']) {
      const failed = card(page, name);
      await failed.scrollIntoViewIfNeeded();
      await expect(failed.getByRole('img', { name })).toBeHidden();
      await expect(failed.getByText(`${name} (image unavailable)`)).toBeAttached();
    }
    await expect(card(page, 'Azithromycin 500mg Tablet').getByRole('img', { name: 'Azithromycin 500mg Tablet' })).toBeVisible();
  });

  test('searches by name, brand, category and marketer, ignoring case', async ({ page }) => {
    const total = await cards(page).count();

    await search(page).fill('PANTOPRAZOLE');
    await expect.poll(() => shownNames(page)).toEqual(['Pantoprazole 40mg Tablet']);
    await expect(page.getByText(`Showing 1 of ${total} products`)).toBeVisible();

    await search(page).fill('himgiri pharma');
    await expect.poll(() => shownNames(page)).toEqual(['Azithromycin 500mg Tablet', 'Diclofenac Diethylamine 1.16% Gel']);

    await search(page).fill('skin care');
    await expect.poll(() => shownNames(page)).toEqual(['Niacinamide 10% Face Serum']);

    await search(page).fill('Kaveri Remedies');
    await expect.poll(() => shownNames(page)).toEqual([
      'Nicotine 2mg Chewing Gum',
      'Ondansetron 4mg Tablet',
      'Pantoprazole 40mg Tablet',
    ]);

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
    expect(await shownNames(page)).toEqual(expect.arrayContaining(['Metformin 500mg Tablet', 'Pantoprazole 40mg Tablet']));
    expect(await shownNames(page)).not.toContain('Niacinamide 10% Face Serum');
  });

  test('a card found by search can be added to the cart', async ({ page }) => {
    await search(page).fill('nicotine');
    await expect.poll(() => shownNames(page)).toEqual(['Nicotine 2mg Chewing Gum']);
    const nicotine = card(page, 'Nicotine 2mg Chewing Gum');
    await expect(nicotine.getByRole('link', { name: 'Nicotine 2mg Chewing Gum' })).toHaveAttribute('href', '/products/nicotine-2mg-chewing-gum');
    await expect(nicotine.getByText('₹115.00')).toBeVisible();
    await nicotine.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(nicotine.getByRole('status')).toHaveText('1');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');
  });

  test('shows the spinner while the search index loads', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/pagefind/pagefind.js', async (route) => {
      await held;
      await route.continue();
    });
    await search(page).fill('metformin');
    await expect(page.getByRole('status').filter({ hasText: 'Loading products…' })).toBeVisible();
    release();
    await expect.poll(() => shownNames(page)).toEqual(['Metformin 500mg Tablet', 'Metformin 1000mg Tablet CR']);
    await expect(page.getByText('Loading products…')).toBeHidden();
  });

  test('says so when the search index cannot be loaded', async ({ page }) => {
    await page.route('**/pagefind/**', (route) => route.abort());
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
    await page.goto('/products/metformin-500mg-tablet');
    await expect(page).toHaveTitle(/Metformin 500mg Tablet/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link')).toHaveText(['Home', 'Products']);
    await expect(breadcrumb.getByText('Metformin 500mg Tablet')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Metformin 500mg Tablet' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['allopathy', 'Tablet', 'Strip', 'Rx Required']);
    await expect(page.getByText('MRP (Incl. of all taxes)')).toBeVisible();
    await expect(page.getByText('₹34.50')).toBeVisible();
    await expect(page.getByText('Pack size: strip of 20 tablets')).toBeVisible();
    await expect(page.getByText('A valid prescription is required at checkout for this medicine.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(SECTIONS);
    await expect(page.getByText('Metformin Hydrochloride (500mg)')).toBeVisible();
    await expect(page.getByText('Plot 14, MIDC Chakan Phase II, Pune, Maharashtra 410501')).toBeVisible();
    await expect(page.getByText(/^Alcohol: Heavy drinking with metformin raises the risk of lactic acidosis\. Avoid alcohol\. Pregnancy: /)).toBeVisible();
    await expect(page.getByText('Store below 30C')).toBeVisible();
    await expect(page.getByText('null')).toHaveCount(0);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/metformin-500mg-tablet$/);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/images\/products\/metformin-500mg-tablet\/1-690x700\.webp$/);

    const productData = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(productData.offers).toMatchObject({ priceCurrency: 'INR', price: '34.50', availability: 'https://schema.org/InStock' });
  });

  test('gallery thumbnails switch the main image', async ({ page }) => {
    await page.goto('/products/metformin-500mg-tablet');
    const main = page.getByRole('img', { name: 'Metformin 500mg Tablet', exact: true });
    await expect(main).toHaveAttribute('src', /1-690x700\.webp$/);
    await page.getByRole('button', { name: 'Show image 2 of Metformin 500mg Tablet' }).click();
    await expect(main).toHaveAttribute('src', /2-690x700\.webp$/);
    await expect(page.getByRole('button', { name: 'Show image 2 of Metformin 500mg Tablet' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('an over-the-counter product from text-shaped data shows every section', async ({ page }) => {
    await page.goto('/products/nicotine-2mg-chewing-gum');
    await expect(page.getByRole('heading', { level: 1, name: 'Nicotine 2mg Chewing Gum' })).toBeVisible();
    await expect(page.getByText('Rx Required')).toHaveCount(0);
    await expect(page.getByText('A valid prescription is required at checkout for this medicine.')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(SECTIONS);
    await expect(page.getByRole('listitem').filter({ hasText: 'Relief of nicotine cravings' })).toBeVisible();
    await expect(page.getByText(/^Alcohol: Alcohol can trigger cravings; limit it while quitting\./)).toBeVisible();
    await expect(page.getByText('₹115.00')).toBeVisible();
  });

  test('a numeric id shows the same product with the slug URL as canonical', async ({ page }) => {
    await page.goto('/products/1');
    await expect(page).toHaveURL(/\/products\/metformin-500mg-tablet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Metformin 500mg Tablet' })).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/products\/metformin-500mg-tablet$/);
  });

  test('sold out and discontinued products cannot be added', async ({ page }) => {
    await page.goto('/products/ondansetron-4mg-tablet');
    await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
    await expect(page.getByText('This product is currently sold out.')).toBeVisible();
    await page.goto('/products/glimepiride-1mg-tablet');
    await expect(page.getByRole('button', { name: 'Discontinued' })).toBeDisabled();
  });

  test('an unknown product says so and links back', async ({ page }) => {
    await page.goto('/products/this-does-not-exist');
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('adding to the cart', () => {
  test('from cards: add, plus, minus, minus at 1 removes; the badge counts distinct lines', async ({ page }) => {
    await page.goto('/products');
    await expect(headerCart(page)).toHaveAccessibleName('Cart');

    const cetirizine = card(page, 'Cetirizine 10mg Tablet');
    await (await whenHydrated(cetirizine.getByRole('button', { name: 'Add', exact: true }))).click();
    await expect(cetirizine.getByRole('status')).toHaveText('1');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');

    await cetirizine.getByRole('button', { name: 'Increase quantity of Cetirizine 10mg Tablet' }).click();
    await expect(cetirizine.getByRole('status')).toHaveText('2');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');

    const nicotine = card(page, 'Nicotine 2mg Chewing Gum');
    await (await whenHydrated(nicotine.getByRole('button', { name: 'Add', exact: true }))).click();
    await expect(headerCart(page)).toHaveAccessibleName('Cart 2');
    await expect(page.getByRole('main').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart 2');

    await cetirizine.getByRole('button', { name: 'Decrease quantity of Cetirizine 10mg Tablet' }).click();
    await expect(cetirizine.getByRole('status')).toHaveText('1');
    await cetirizine.getByRole('button', { name: 'Decrease quantity of Cetirizine 10mg Tablet' }).click();
    await expect(cetirizine.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');

    await page.goto('/');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');
  });

  test('from the detail page, with a Go to Cart link', async ({ page }) => {
    await page.goto('/products/diclofenac-diethylamine-1-16-gel');
    await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
    await expect(page.getByRole('status')).toHaveText('1');
    await page.getByRole('button', { name: 'Increase quantity of Diclofenac Diethylamine 1.16% Gel' }).click();
    await expect(page.getByRole('status')).toHaveText('2');
    await expect(headerCart(page)).toHaveAccessibleName('Cart 1');
    await page.getByRole('button', { name: 'Decrease quantity of Diclofenac Diethylamine 1.16% Gel' }).click();
    await page.getByRole('button', { name: 'Decrease quantity of Diclofenac Diethylamine 1.16% Gel' }).click();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName('Cart');
    await expect(page.getByRole('link', { name: 'Go to Cart' })).toHaveAttribute('href', '/cart');
  });

  test('the control keeps its size when it hydrates', async ({ page }) => {
    await page.goto('/products/diclofenac-diethylamine-1-16-gel');
    const add = page.getByRole('button', { name: 'Add to Cart' });
    const before = await add.boundingBox();
    await whenHydrated(add);
    await add.click();
    const stepper = page.getByRole('status').locator('..');
    expect(await stepper.boundingBox()).toEqual(before);
  });
});
