import { expect, test, type Page } from '@playwright/test';
import type { Product as DisplayProduct } from '../../src/domain/product';
import { DEMO, hydrated, serviceClient, signInAsDemo } from './support/accounts';
import { fixtureProduct, totalOf } from './support/fixture-catalogue';

const clotrimazole = fixtureProduct(10);
const niacinamide = fixtureProduct(11);
const metformin = fixtureProduct(1);
/** The account cart row keeps prices as text with two decimals. */
const storedMrp = (product: DisplayProduct) => (product.mrp_paise / 100).toFixed(2);
const SYNC_FAILED = "We couldn't save your cart to your account. It is kept on this device and we'll keep trying.";

interface StoredItem {
  product_id: number;
  name: string;
  quantity: number;
  mrp: string;
  thumbnail_image: string;
  prescription_url: string | null;
}

async function cartRow(): Promise<{ items: StoredItem[]; cart_total: number } | null> {
  const { data, error } = await serviceClient.from('cart').select('items, cart_total').eq('user_id', DEMO.id);
  if (error) throw new Error(error.message);
  const row = data[0];
  return row ? { items: row.items as StoredItem[], cart_total: Number(row.cart_total) } : null;
}

/** What the row holds, line by line, as [product id, quantity]. */
async function rowLines(): Promise<Array<[number, number]> | null> {
  const row = await cartRow();
  return row ? row.items.map((item) => [item.product_id, item.quantity]) : null;
}

async function localLines(page: Page): Promise<Array<[number, number]>> {
  return page.evaluate(() => {
    const cart = JSON.parse(localStorage.getItem('cart') ?? '{"items":[]}') as {
      items: Array<{ product: { id: number }; quantity: number }>;
    };
    return cart.items.map((line) => [line.product.id, line.quantity] as [number, number]);
  });
}

async function addOnProductPage(page: Page, product: DisplayProduct, quantity = 1): Promise<void> {
  await page.goto(`/products/${product.slug}`);
  await (await hydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
  for (let count = 1; count < quantity; count += 1) {
    await page.getByRole('button', { name: `Increase quantity of ${product.name}` }).click();
  }
  await expect(page.getByRole('status', { name: `Quantity of ${product.name}: ${quantity}` })).toBeVisible();
}

test.beforeEach(async () => {
  await serviceClient.from('cart').delete().eq('user_id', DEMO.id);
});

test("a signed-in customer's additions are saved to the account cart with the right total", async ({ page }) => {
  await signInAsDemo(page, true);
  await addOnProductPage(page, clotrimazole, 2);
  await addOnProductPage(page, niacinamide);
  await expect.poll(rowLines).toEqual([
    [clotrimazole.id, 2],
    [niacinamide.id, 1],
  ]);
  const row = await cartRow();
  expect(row!.items[0]).toMatchObject({
    product_id: clotrimazole.id,
    name: clotrimazole.name,
    quantity: 2,
    mrp: storedMrp(clotrimazole),
    thumbnail_image: clotrimazole.thumbnail_image,
    prescription_url: null,
  });
  expect(row!.cart_total).toBe(totalOf([[clotrimazole, 2], [niacinamide, 1]]));
});

test("a guest's cart and the account cart are merged on sign-in: no line lost, the larger quantity kept", async ({ page }) => {
  const { error } = await serviceClient.from('cart').insert({
    user_id: DEMO.id,
    items: [
      { product_id: clotrimazole.id, name: clotrimazole.name, quantity: 3, mrp: storedMrp(clotrimazole), thumbnail_image: '/images/placeholder/product-default.webp', prescription_url: null },
      { product_id: metformin.id, name: metformin.name, quantity: 1, mrp: storedMrp(metformin), thumbnail_image: '/images/placeholder/product-default.webp', prescription_url: null },
    ],
    cart_total: totalOf([[clotrimazole, 3], [metformin, 1]]),
  });
  expect(error).toBeNull();

  await addOnProductPage(page, clotrimazole, 2);
  await addOnProductPage(page, niacinamide);
  expect(await rowLines()).toEqual([
    [clotrimazole.id, 3],
    [metformin.id, 1],
  ]);

  await signInAsDemo(page);
  const merged: Array<[number, number]> = [
    [clotrimazole.id, 3],
    [niacinamide.id, 1],
    [metformin.id, 1],
  ];
  await expect.poll(rowLines).toEqual(merged);
  // A line that came only from the account row knows its stored MRP, not today's selling price,
  // until the cart page refreshes it from the catalogue (the server always charges today's price).
  expect((await cartRow())!.cart_total).toBeCloseTo(totalOf([[clotrimazole, 3], [niacinamide, 1]]) + metformin.mrp_paise / 100, 2);
  expect(await localLines(page)).toEqual(merged);
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: metformin.name, exact: true })).toBeVisible();
});

test('clearing the cart deletes the account cart row', async ({ page }) => {
  await signInAsDemo(page, true);
  await addOnProductPage(page, niacinamide);
  await expect.poll(rowLines).toEqual([[niacinamide.id, 1]]);
  await page.goto('/cart');
  await (await hydrated(page.getByRole('button', { name: 'Clear Cart' }))).click();
  await expect.poll(cartRow).toBeNull();
});

test('a failing sync keeps the local cart, tells the customer after three failures and catches up on reload', async ({ page }) => {
  await signInAsDemo(page, true);
  await addOnProductPage(page, clotrimazole);
  await expect.poll(rowLines).toEqual([[clotrimazole.id, 1]]);

  await page.goto('/cart');
  const increase = await hydrated(page.getByRole('button', { name: `Increase quantity of ${clotrimazole.name}` }));
  // The cart page may refresh its lines once on load; let that save finish before saves start failing.
  await page.waitForLoadState('networkidle');

  let refused = 0;
  // Only the saves fail; the cart page's own reads of the row go through.
  await page.route('**/rest/v1/cart**', (route) => {
    if (!['POST', 'DELETE'].includes(route.request().method())) return route.continue();
    refused += 1;
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
  });
  await increase.click();
  await expect.poll(() => refused).toBe(1);
  await increase.click();
  await expect.poll(() => refused).toBe(2);
  await expect(page.getByText(SYNC_FAILED)).toHaveCount(0);
  await increase.click();
  await expect(page.getByText(SYNC_FAILED)).toBeVisible();
  await expect(page.getByRole('status', { name: `Quantity of ${clotrimazole.name}`, exact: true })).toHaveText('4');
  expect(await localLines(page)).toEqual([[clotrimazole.id, 4]]);
  expect(await rowLines()).toEqual([[clotrimazole.id, 1]]);

  await page.unroute('**/rest/v1/cart**');
  await page.reload();
  await expect.poll(rowLines).toEqual([[clotrimazole.id, 4]]);
  expect(await localLines(page)).toEqual([[clotrimazole.id, 4]]);
});

test("a guest's cart never reaches the server", async ({ page }) => {
  const syncCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/cart')) syncCalls.push(`${request.method()} ${request.url()}`);
  });
  await addOnProductPage(page, niacinamide, 2);
  expect(await localLines(page)).toEqual([[niacinamide.id, 2]]);
  // A sync is debounced and retried: watch for a while after the last change, not just at once.
  await page.waitForTimeout(2_000);
  await page.reload();
  await page.waitForTimeout(2_000);
  expect(syncCalls).toEqual([]);
});
