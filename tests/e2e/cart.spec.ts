import { expect, test, type Page } from '@playwright/test';
import { cetirizine, niacinamide, openCartPage, orderSummary, storeCart, storedCart, storedLine } from './support/cart';
import { whenHydrated } from './support/page-types';

const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const card = (page: Page, name: string) => page.getByRole('article', { name });
const cartLine = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Cart items' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

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
    await storeCart(page, [storedLine(niacinamide, 2), storedLine(cetirizine)]);
    await openCartPage(page);
    await expect(cartLine(page, 'Niacinamide 10% Face Serum').getByText('₹998.00')).toBeVisible();
    await expect(orderSummary(page).getByText('Subtotal (3 items)')).toBeVisible();
    await expect(orderSummary(page).getByRole('definition')).toHaveText(['₹1,019.00', 'Free', '₹1,019.00']);
    await expect(orderSummary(page).getByText('Estimated delivery: 2-3 business days')).toBeVisible();

    await page.getByRole('button', { name: 'Increase quantity of Cetirizine 10mg Tablet' }).click();
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByText('₹42.00')).toBeVisible();
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText('₹1,040.00');

    await page.getByRole('button', { name: 'Decrease quantity of Niacinamide 10% Face Serum' }).click();
    await page.getByRole('button', { name: 'Decrease quantity of Niacinamide 10% Face Serum' }).click();
    await expect(cartLine(page, 'Niacinamide 10% Face Serum')).toHaveCount(0);
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText('₹42.00');

    await page.getByRole('button', { name: 'Remove Cetirizine 10mg Tablet' }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await page.getByRole('link', { name: 'Browse Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('Razorpay is the default payment method, PhonePe can be chosen', async ({ page }) => {
    await storeCart(page, [storedLine(cetirizine)]);
    await openCartPage(page);
    const methods = page.getByRole('group', { name: 'Payment Method' });
    await expect(methods.getByRole('radio', { name: 'Razorpay' })).toBeChecked();
    await methods.getByRole('radio', { name: 'PhonePe' }).check();
    await expect(methods.getByRole('radio', { name: 'PhonePe' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
  });

  test('survives a reload and shows in a second tab, which stays in step', async ({ page, context }) => {
    await storeCart(page, [storedLine(cetirizine, 2)]);
    await openCartPage(page);
    await page.reload();
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByRole('status')).toHaveText('2');

    const secondTab = await context.newPage();
    await openCartPage(secondTab);
    await expect(cartLine(secondTab, 'Cetirizine 10mg Tablet').getByRole('status')).toHaveText('2');
    await secondTab.getByRole('button', { name: 'Increase quantity of Cetirizine 10mg Tablet' }).click();
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByRole('status')).toHaveText('3');

    await page.getByRole('button', { name: 'Remove Cetirizine 10mg Tablet' }).click();
    await expect(secondTab.getByText('Your cart is empty')).toBeVisible();
    await expect(headerCart(secondTab)).toHaveAccessibleName('Cart');
  });

  test('Clear Cart empties it and starts a new session id', async ({ page }) => {
    await storeCart(page, [storedLine(cetirizine), storedLine(niacinamide)]);
    await openCartPage(page);
    const before = (await storedCart(page)).sessionId;
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    const after = (await storedCart(page)).sessionId;
    expect(after).toMatch(/^[0-9a-f-]{36}$/);
    expect(after).not.toBe(before);
  });

  test("shows today's price and marks products gone, sold out or discontinued", async ({ page }) => {
    const gone = { ...cetirizine, id: 9999, name: 'Withdrawn Syrup', slug: 'withdrawn-syrup' };
    const ondansetron = { ...cetirizine, id: 5, name: 'Ondansetron 4mg Tablet', slug: 'ondansetron-4mg-tablet', mrp: 52.4, requires_prescription: true };
    await storeCart(page, [storedLine({ ...cetirizine, mrp: 10 }), storedLine(gone), { ...storedLine(ondansetron), prescriptionAccepted: true }]);
    await openCartPage(page);
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByText('₹21.00').first()).toBeVisible();
    await expect(cartLine(page, 'Withdrawn Syrup').getByText('No longer available')).toBeVisible();
    await expect(cartLine(page, 'Ondansetron 4mg Tablet').getByText('Sold out')).toBeVisible();
    await expect(orderSummary(page).getByText('Remove the items that are no longer available to continue.')).toBeVisible();
    await expect(orderSummary(page).getByRole('button', { name: 'Proceed to Pay' })).toBeDisabled();

    await page.getByRole('button', { name: 'Remove Withdrawn Syrup' }).click();
    await page.getByRole('button', { name: 'Remove Ondansetron 4mg Tablet' }).click();
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText('₹21.00');
    await expect(page.getByText('Remove the items that are no longer available to continue.')).toHaveCount(0);
  });

  test('an offline cart keeps the stored prices', async ({ page }) => {
    await storeCart(page, [storedLine({ ...cetirizine, mrp: 10 })]);
    await page.route('**/catalogue/*.json', (route) => route.abort('internetdisconnected'));
    await openCartPage(page);
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText('₹10.00');
    await expect(cartLine(page, 'Cetirizine 10mg Tablet').getByText('No longer available')).toHaveCount(0);
  });

  test('images fall back to the stock images', async ({ page }) => {
    const broken = { ...cetirizine, thumbnail_image: '/images/products/missing/none.webp' };
    const potassium = { ...cetirizine, id: 15, name: 'Potassium Citrate 1100mg/5ml Liquid', slug: 'potassium-citrate-1100mg-5ml-liquid', thumbnail_image: null };
    await storeCart(page, [storedLine(broken), storedLine(potassium)]);
    await page.route('**/catalogue/*.json', (route) => route.abort());
    await openCartPage(page);
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
    await openCartPage(page);
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  }
  await page.goto('/products/cetirizine-10mg-tablet');
  await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
  await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
  expect(errors).toEqual([]);
});
