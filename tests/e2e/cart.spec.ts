import { expect, test, type Page } from '@playwright/test';
import { cetirizine, niacinamide, openCartPage, orderSummary, storeCart, storedCart, storedLine } from './support/cart';
import { sellingPrice, fixtureCartProduct, fixtureProduct, rupees, totalOf } from './support/fixture-catalogue';
import { whenHydrated } from './support/page-types';

const lactulose = fixtureProduct(6);
/** Sold out in the fixture, and needs a prescription. */
const ondansetron = fixtureCartProduct(5);
const potassium = fixtureCartProduct(15);

const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const card = (page: Page, name: string) => page.getByRole('article', { name });
const cartLine = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Cart items' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('adding to the cart', () => {
  test('from a product card: Add, steppers, minus at 1 removes, badge counts distinct lines', async ({ page }) => {
    await page.goto('/products');
    const cetirizineCard = card(page, cetirizine.name);
    await (await whenHydrated(cetirizineCard.getByRole('button', { name: 'Add', exact: true }))).click();
    await expect(cetirizineCard.getByRole('status', { name: `Quantity of ${cetirizine.name}: 1` })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);

    const increase = cetirizineCard.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` });
    await increase.click();
    await increase.click();
    await expect(cetirizineCard.getByRole('status', { name: `Quantity of ${cetirizine.name}: 3` })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);

    const serumCard = card(page, niacinamide.name);
    await (await whenHydrated(serumCard.getByRole('button', { name: 'Add', exact: true }))).click();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*2$/);

    const decrease = cetirizineCard.getByRole('button', { name: `Decrease quantity of ${cetirizine.name}` });
    await decrease.click();
    await decrease.click();
    await expect(cetirizineCard.getByRole('status', { name: `Quantity of ${cetirizine.name}: 1` })).toBeVisible();
    await decrease.click();
    await expect(cetirizineCard.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
  });

  test('from a product page, then on to the cart', async ({ page }) => {
    await page.goto(`/products/${lactulose.slug}`);
    await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
    await expect(page.getByRole('status', { name: `Quantity of ${lactulose.name}: 1` })).toBeVisible();
    await page.getByRole('button', { name: `Increase quantity of ${lactulose.name}` }).click();
    await page.getByRole('link', { name: 'Go to Cart' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = cartLine(page, lactulose.name);
    await expect(line.getByRole('status', { name: `Quantity of ${lactulose.name}` })).toHaveText('2');
    await expect(line.getByText(rupees(totalOf([[lactulose, 2]])))).toBeVisible();
    await expect(line.getByRole('link', { name: lactulose.name })).toHaveAttribute('href', `/products/${lactulose.slug}`);
  });
});

test.describe('the cart page', () => {
  test('shows lines, steppers, rupee totals and a free delivery', async ({ page }) => {
    await storeCart(page, [storedLine(niacinamide, 2), storedLine(cetirizine)]);
    await openCartPage(page);
    await expect(cartLine(page, niacinamide.name).getByText(rupees(totalOf([[niacinamide, 2]])))).toBeVisible();
    await expect(orderSummary(page).getByText('Subtotal (3 items)')).toBeVisible();
    const threeItems = rupees(totalOf([[niacinamide, 2], [cetirizine, 1]]));
    await expect(orderSummary(page).getByRole('definition')).toHaveText([threeItems, 'Free', threeItems]);
    await expect(orderSummary(page).getByText('Estimated delivery: 2-3 business days')).toBeVisible();

    await page.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` }).click();
    await expect(cartLine(page, cetirizine.name).getByText(rupees(totalOf([[cetirizine, 2]])))).toBeVisible();
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText(rupees(totalOf([[niacinamide, 2], [cetirizine, 2]])));

    await page.getByRole('button', { name: `Decrease quantity of ${niacinamide.name}` }).click();
    await page.getByRole('button', { name: `Decrease quantity of ${niacinamide.name}` }).click();
    await expect(cartLine(page, niacinamide.name)).toHaveCount(0);
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText(rupees(totalOf([[cetirizine, 2]])));

    await page.getByRole('button', { name: `Remove ${cetirizine.name}` }).click();
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
    await expect(cartLine(page, cetirizine.name).getByRole('status')).toHaveText('2');

    const secondTab = await context.newPage();
    await openCartPage(secondTab);
    await expect(cartLine(secondTab, cetirizine.name).getByRole('status')).toHaveText('2');
    await secondTab.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` }).click();
    await expect(cartLine(page, cetirizine.name).getByRole('status')).toHaveText('3');

    await page.getByRole('button', { name: `Remove ${cetirizine.name}` }).click();
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
    // Gone with its whole card file (ids 9984 to 10015 are not in the fixture), and gone from a file that holds the others.
    const gone = { ...cetirizine, id: 9999, name: 'Withdrawn Syrup', slug: 'withdrawn-syrup' };
    const goneFromFile = { ...cetirizine, id: 31, name: 'Recalled Drops', slug: 'recalled-drops' };
    // Stored when it was still for sale.
    const ondansetronWhenAdded = { ...ondansetron, sale_state: 'ADD TO CART' as const };
    const cardFiles: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/catalogue/cards/')) cardFiles.push(pathname);
    });
    await storeCart(page, [storedLine({ ...cetirizine, mrp_paise: cetirizine.mrp_paise + 1000 }), storedLine(gone), storedLine(goneFromFile), { ...storedLine(ondansetronWhenAdded), prescriptionAccepted: true }]);
    await openCartPage(page);
    await expect(cartLine(page, cetirizine.name).getByText(rupees(cetirizine.mrp_paise / 100)).first()).toBeVisible();
    await expect(cartLine(page, 'Withdrawn Syrup').getByText('No longer available')).toBeVisible();
    await expect(cartLine(page, 'Recalled Drops').getByText('No longer available')).toBeVisible();
    // The three lines in the fixture's range share one request.
    expect([...cardFiles].sort()).toEqual(['/catalogue/cards/0.json', '/catalogue/cards/312.json']);
    await expect(cartLine(page, ondansetron.name).getByText('Sold out')).toBeVisible();
    await expect(orderSummary(page).getByText('Remove the items that are no longer available to continue.')).toBeVisible();
    await expect(orderSummary(page).getByRole('button', { name: 'Proceed to Pay' })).toBeDisabled();

    await page.getByRole('button', { name: 'Remove Withdrawn Syrup' }).click();
    await page.getByRole('button', { name: 'Remove Recalled Drops' }).click();
    await page.getByRole('button', { name: `Remove ${ondansetron.name}` }).click();
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText(rupees(sellingPrice(cetirizine)));
    await expect(page.getByText('Remove the items that are no longer available to continue.')).toHaveCount(0);
  });

  test('an offline cart keeps the stored prices', async ({ page }) => {
    const storedMrp = cetirizine.mrp_paise + 1000;
    await storeCart(page, [storedLine({ ...cetirizine, mrp_paise: storedMrp, current_price_paise: storedMrp })]);
    await page.route('**/catalogue/cards/*.json', (route) => route.abort('internetdisconnected'));
    await openCartPage(page);
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText(rupees(storedMrp / 100));
    await expect(cartLine(page, cetirizine.name).getByText('No longer available')).toHaveCount(0);
  });

  test('images fall back to the stock images', async ({ page }) => {
    // A line stored without a thumbnail (null) by an earlier version of the shop.
    const broken = { ...cetirizine, thumbnail_image: '/images/products/missing/none.webp' };
    await storeCart(page, [storedLine(broken), storedLine({ ...potassium, thumbnail_image: null as unknown as string })]);
    await page.route('**/catalogue/cards/*.json', (route) => route.abort());
    await openCartPage(page);
    await expect(cartLine(page, cetirizine.name).getByRole('img')).toHaveAttribute('src', '/images/stock/stock-7.webp');
    await expect(cartLine(page, potassium.name).getByRole('img')).toHaveAttribute('src', '/images/stock/stock-8.webp');
  });
});

test('a corrupted `cart` value breaks no page', async ({ page }) => {
  // Thirteen page loads.
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  for (const corrupted of ['{"items": [', '{"items": "lots", "sessionId": 7}', '[{"product": null}]']) {
    await storeCart(page, corrupted);
    for (const path of ['/', '/products', `/products/${cetirizine.slug}`]) {
      await page.goto(path);
      await expect(headerCart(page)).toHaveAccessibleName('Cart');
    }
    await openCartPage(page);
    await expect(page.getByText('Your cart is empty')).toBeVisible();
  }
  await page.goto(`/products/${cetirizine.slug}`);
  await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
  await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
  expect(errors).toEqual([]);
});
