import { expect, test, type Locator, type Page } from '@playwright/test';

const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const card = (page: Page, name: string) => page.getByRole('article', { name });
const cartLine = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Cart items' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

/** Islands hydrate on visibility or load; a click before that would land on the prebuilt markup. */
async function whenHydrated(control: Locator): Promise<Locator> {
  await control.scrollIntoViewIfNeeded();
  await expect(control.locator('xpath=ancestor::astro-island[1]')).not.toHaveAttribute('ssr', /.*/);
  return control;
}

async function openCart(page: Page): Promise<void> {
  await page.goto('/cart');
  await expect(page.locator('astro-island').first()).not.toHaveAttribute('ssr', /.*/);
}

interface StoredLine {
  product: Record<string, unknown>;
  quantity: number;
  prescriptionAccepted: boolean;
  prescriptionFileUrl: string | null;
}

function line(product: Record<string, unknown>, quantity = 1): StoredLine {
  return { product, quantity, prescriptionAccepted: product.requires_prescription !== true, prescriptionFileUrl: null };
}

const cetirizine = {
  id: 14,
  name: 'Cetirizine 10mg Tablet',
  slug: 'cetirizine-10mg-tablet',
  mrp: 21,
  thumbnail_image: '/images/products/cetirizine-10mg-tablet/1-690x700.webp',
  category: 'allopathy',
  requires_prescription: false,
  sale_state: 'ADD TO CART',
};
const niacinamide = {
  id: 11,
  name: 'Niacinamide 10% Face Serum',
  slug: 'niacinamide-10-face-serum',
  mrp: 499,
  thumbnail_image: '/images/products/niacinamide-10-face-serum/thumb-200x240.webp',
  category: 'allopathy',
  requires_prescription: false,
  sale_state: 'ADD TO CART',
};

/** Puts a cart into localStorage as an earlier visit would have left it. */
async function storeCart(page: Page, items: StoredLine[] | string): Promise<void> {
  await page.goto('/');
  const value = typeof items === 'string' ? items : JSON.stringify({ items, sessionId: '1f0c5c1e-0000-4000-8000-000000000001' });
  await page.evaluate((stored) => localStorage.setItem('cart', stored), value);
}

async function storedSessionId(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}').sessionId as string);
}

test.describe('adding to the cart', () => {
  test('from a product card: Add, steppers, minus at 1 removes, badge counts distinct lines', async ({ page }) => {
    await page.goto('/products');
    const cetirizineCard = card(page, 'Cetirizine 10mg Tablet');
    await (await whenHydrated(cetirizineCard.getByRole('button', { name: 'Add', exact: true }))).click();
    await expect(cetirizineCard.getByRole('status', { name: 'Quantity of Cetirizine 10mg Tablet: 1' })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);

    const increase = cetirizineCard.getByRole('button', { name: 'Increase quantity of Cetirizine 10mg Tablet' });
    await increase.click();
    await increase.click();
    await expect(cetirizineCard.getByRole('status', { name: 'Quantity of Cetirizine 10mg Tablet: 3' })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);

    const serumCard = card(page, 'Niacinamide 10% Face Serum');
    await (await whenHydrated(serumCard.getByRole('button', { name: 'Add', exact: true }))).click();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*2$/);

    const decrease = cetirizineCard.getByRole('button', { name: 'Decrease quantity of Cetirizine 10mg Tablet' });
    await decrease.click();
    await decrease.click();
    await expect(cetirizineCard.getByRole('status', { name: 'Quantity of Cetirizine 10mg Tablet: 1' })).toBeVisible();
    await decrease.click();
    await expect(cetirizineCard.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
  });

  test('from a product page, then on to the cart', async ({ page }) => {
    await page.goto('/products/lactulose-10g-15ml-liquid');
    await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
    await expect(page.getByRole('status', { name: 'Quantity of Lactulose 10g/15ml Liquid: 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity of Lactulose 10g/15ml Liquid' }).click();
    await page.getByRole('link', { name: 'Go to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const lactulose = cartLine(page, 'Lactulose 10g/15ml Liquid');
    await expect(lactulose.getByRole('status', { name: 'Quantity of Lactulose 10g/15ml Liquid' })).toHaveText('2');
    await expect(lactulose.getByText('₹424.00')).toBeVisible();
    await expect(lactulose.getByRole('link', { name: 'Lactulose 10g/15ml Liquid' })).toHaveAttribute('href', '/products/lactulose-10g-15ml-liquid');
  });
});

test.describe('the cart page', () => {
  test('shows lines, steppers, rupee totals and a free delivery', async ({ page }) => {
    await storeCart(page, [line(niacinamide, 2), line(cetirizine)]);
    await openCart(page);
    await expect(cartLine(page, 'Niacinamide 10% Face Serum').getByText('₹998.00')).toBeVisible();
    await expect(summary(page).getByText('Subtotal (3 items)')).toBeVisible();
    await expect(summary(page).getByRole('definition')).toHaveText(['₹1,019.00', 'Free', '₹1,019.00']);
    await expect(summary(page).getByText('Estimated delivery: 2-3 business days')).toBeVisible();

    await page.getByRole('button', { name: 'Increase quantity of Cetirizine 10mg Tablet' }).click();
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByText('₹42.00')).toBeVisible();
    await expect(summary(page).getByRole('definition').last()).toHaveText('₹1,040.00');

    await page.getByRole('button', { name: 'Decrease quantity of Niacinamide 10% Face Serum' }).click();
    await page.getByRole('button', { name: 'Decrease quantity of Niacinamide 10% Face Serum' }).click();
    await expect(cartLine(page, 'Niacinamide 10% Face Serum')).toHaveCount(0);
    await expect(summary(page).getByRole('definition').last()).toHaveText('₹42.00');

    await page.getByRole('button', { name: 'Remove Cetirizine 10mg Tablet' }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.getByRole('link', { name: 'Browse Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('Razorpay is the default payment method, PhonePe can be chosen', async ({ page }) => {
    await storeCart(page, [line(cetirizine)]);
    await openCart(page);
    const methods = page.getByRole('group', { name: 'Payment Method' });
    await expect(methods.getByRole('radio', { name: 'Razorpay' })).toBeChecked();
    await methods.getByRole('radio', { name: 'PhonePe' }).check();
    await expect(methods.getByRole('radio', { name: 'PhonePe' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
  });

  test('survives a reload and shows in a second tab, which stays in step', async ({ page, context }) => {
    await storeCart(page, [line(cetirizine, 2)]);
    await openCart(page);
    await page.reload();
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByRole('status')).toHaveText('2');

    const secondTab = await context.newPage();
    await openCart(secondTab);
    await expect(cartLine(secondTab, 'Cetirizine 10mg Tablet').getByRole('status')).toHaveText('2');
    await secondTab.getByRole('button', { name: 'Increase quantity of Cetirizine 10mg Tablet' }).click();
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByRole('status')).toHaveText('3');

    await page.getByRole('button', { name: 'Remove Cetirizine 10mg Tablet' }).click();
    await expect(secondTab.getByText('Your cart is empty')).toBeVisible();
    await expect(headerCart(secondTab)).toHaveAccessibleName('Cart');
  });

  test('Clear Cart empties it and starts a new session id', async ({ page }) => {
    await storeCart(page, [line(cetirizine), line(niacinamide)]);
    await openCart(page);
    const before = await storedSessionId(page);
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    const after = await storedSessionId(page);
    expect(after).toMatch(/^[0-9a-f-]{36}$/);
    expect(after).not.toBe(before);
  });

  test("shows today's price and marks products gone, sold out or discontinued", async ({ page }) => {
    const gone = { ...cetirizine, id: 9999, name: 'Withdrawn Syrup', slug: 'withdrawn-syrup' };
    const ondansetron = { ...cetirizine, id: 5, name: 'Ondansetron 4mg Tablet', slug: 'ondansetron-4mg-tablet', mrp: 52.4, requires_prescription: true };
    await storeCart(page, [line({ ...cetirizine, mrp: 10 }), line(gone), { ...line(ondansetron), prescriptionAccepted: true }]);
    await openCart(page);
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByText('₹21.00').first()).toBeVisible();
    await expect(cartLine(page, 'Withdrawn Syrup').getByText('No longer available')).toBeVisible();
    await expect(cartLine(page, 'Ondansetron 4mg Tablet').getByText('Sold out')).toBeVisible();
    await expect(summary(page).getByText('Remove the items that are no longer available to continue.')).toBeVisible();
    await expect(summary(page).getByRole('button', { name: 'Proceed to Pay' })).toBeDisabled();

    await page.getByRole('button', { name: 'Remove Withdrawn Syrup' }).click();
    await page.getByRole('button', { name: 'Remove Ondansetron 4mg Tablet' }).click();
    await expect(summary(page).getByRole('definition').last()).toHaveText('₹21.00');
    await expect(page.getByText('Remove the items that are no longer available to continue.')).toHaveCount(0);
  });

  test('an offline cart keeps the stored prices', async ({ page }) => {
    await storeCart(page, [line({ ...cetirizine, mrp: 10 })]);
    await page.route('**/catalogue/*.json', (route) => route.abort('internetdisconnected'));
    await openCart(page);
    await expect(summary(page).getByRole('definition').last()).toHaveText('₹10.00');
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByText('No longer available')).toHaveCount(0);
  });

  test('images fall back to the stock images', async ({ page }) => {
    const broken = { ...cetirizine, thumbnail_image: '/images/products/missing/none.webp' };
    const potassium = { ...cetirizine, id: 15, name: 'Potassium Citrate 1100mg/5ml Liquid', slug: 'potassium-citrate-1100mg-5ml-liquid', thumbnail_image: null };
    await storeCart(page, [line(broken), line(potassium)]);
    await page.route('**/catalogue/*.json', (route) => route.abort());
    await openCart(page);
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByRole('img')).toHaveAttribute('src', '/images/stock/stock-7.webp');
    await expect(cartLine(page, 'Potassium Citrate 1100mg/5ml Liquid').getByRole('img')).toHaveAttribute('src', '/images/stock/stock-8.webp');
  });
});

test('a corrupted `cart` value breaks no page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const corrupted of ['{"items": [', '{"items": "lots", "sessionId": 7}', '[{"product": null}]']) {
    await storeCart(page, corrupted);
    for (const path of ['/', '/products', '/products/cetirizine-10mg-tablet']) {
      await page.goto(path);
      await expect(headerCart(page)).toHaveAccessibleName('Cart');
    }
    await openCart(page);
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  }
  await page.goto('/products/cetirizine-10mg-tablet');
  await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
  await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
  expect(errors).toEqual([]);
});
