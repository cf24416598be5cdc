import { expect, test, type Page } from '@playwright/test';
import { DEMO, hydrated, serviceClient, signInAsDemo } from './support/accounts';

const clotrimazole = { id: 10, name: 'Clotrimazole 1% Dusting Powder', path: '/products/clotrimazole-1-dusting-powder', mrp: '142.00' };
const niacinamide = { id: 11, name: 'Niacinamide 10% Face Serum', path: '/products/niacinamide-10-face-serum', mrp: '499.00' };
const metformin = { id: 1, name: 'Metformin 500mg Tablet', mrp: '34.50' };
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

async function addOnProductPage(page: Page, product: { name: string; path: string }, quantity = 1): Promise<void> {
  await page.goto(product.path);
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
    [10, 2],
    [11, 1],
  ]);
  const row = await cartRow();
  expect(row!.items[0]).toMatchObject({
    product_id: 10,
    name: clotrimazole.name,
    quantity: 2,
    mrp: clotrimazole.mrp,
    thumbnail_image: '/images/products/clotrimazole-1-dusting-powder/thumb-200x240.webp',
    prescription_url: null,
  });
  expect(row!.cart_total).toBe(2 * 142 + 499);
});

test("a guest's cart and the account cart are merged on sign-in: no line lost, the larger quantity kept", async ({ page }) => {
  const { error } = await serviceClient.from('cart').insert({
    user_id: DEMO.id,
    items: [
      { product_id: 10, name: clotrimazole.name, quantity: 3, mrp: clotrimazole.mrp, thumbnail_image: '/images/placeholder/product-default.webp', prescription_url: null },
      { product_id: 1, name: metformin.name, quantity: 1, mrp: metformin.mrp, thumbnail_image: '/images/placeholder/product-default.webp', prescription_url: null },
    ],
    cart_total: 3 * 142 + 34.5,
  });
  expect(error).toBeNull();

  await addOnProductPage(page, clotrimazole, 2);
  await addOnProductPage(page, niacinamide);
  expect(await rowLines()).toEqual([
    [10, 3],
    [1, 1],
  ]);

  await signInAsDemo(page);
  const merged: Array<[number, number]> = [
    [10, 3],
    [11, 1],
    [1, 1],
  ];
  await expect.poll(rowLines).toEqual(merged);
  expect((await cartRow())!.cart_total).toBe(3 * 142 + 499 + 34.5);
  expect(await localLines(page)).toEqual(merged);
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: metformin.name, exact: true })).toBeVisible();
});

test('clearing the cart deletes the account cart row', async ({ page }) => {
  await signInAsDemo(page, true);
  await addOnProductPage(page, niacinamide);
  await expect.poll(rowLines).toEqual([[11, 1]]);
  await page.goto('/cart');
  await (await hydrated(page.getByRole('button', { name: 'Clear Cart' }))).click();
  await expect.poll(cartRow).toBeNull();
});

test('a failing sync keeps the local cart, tells the customer after three failures and catches up on reload', async ({ page }) => {
  await signInAsDemo(page, true);
  await addOnProductPage(page, clotrimazole);
  await expect.poll(rowLines).toEqual([[10, 1]]);

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
  expect(await localLines(page)).toEqual([[10, 4]]);
  expect(await rowLines()).toEqual([[10, 1]]);

  await page.unroute('**/rest/v1/cart**');
  await page.reload();
  await expect.poll(rowLines).toEqual([[10, 4]]);
  expect(await localLines(page)).toEqual([[10, 4]]);
});

test("a guest's cart never reaches the server", async ({ page }) => {
  let synced = 0;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/cart')) synced += 1;
  });
  await addOnProductPage(page, niacinamide, 2);
  expect(await localLines(page)).toEqual([[11, 2]]);
  expect(synced).toBe(0);
});
