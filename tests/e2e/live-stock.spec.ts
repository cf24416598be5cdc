import { expect, test, type Page } from '@playwright/test';
import { codPinCode } from './support/fixture-delivery';
import { notAvailableSentence } from '../../src/domain/stock';
import { openCartPage, storedCart } from './support/cart';
import { whenHydrated } from './support/page-types';
import { randomUUID } from 'node:crypto';
import { productPath } from '../../src/domain/product';
import { sellingPricePaise } from '../../src/domain/selling-price';
import { serviceClient } from './support/accounts';
import { fixtureCartProduct, fixtureProduct } from './support/fixture-catalogue';

const SITE = `http://localhost:${process.env.PORT ?? 8888}`;
// A product no other spec buys: once imported it stays stock-tracked for the rest of the run.
const eyeDrops = fixtureProduct(17);
const DELIVERY = { full_name: 'Asha Rao', mobile: '98450 12345', line1: '12, 4th Cross, Indiranagar', area: 'HAL 2nd Stage', city: 'Bengaluru', state: 'Karnataka', pin_code: codPinCode, email: 'stock.guest@example.test' };
const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

/** The page's one availability request after load. */
const availabilityAnswer = (page: Page) => page.waitForResponse((response) => response.url().includes('/api/stock/availability'));

const orderOneStrip = () =>
  fetch(`${SITE}/api/razorpay/create-order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: sellingPricePaise(eyeDrops), lines: [{ productId: eyeDrops.id, quantity: 1 }], prescriptionPaths: [], cartSessionId: randomUUID(), delivery: DELIVERY }),
  });

test('the last unit sells and the prebuilt product page says so after load', async ({ page }) => {
  // The first call builds the function (minutes on a loaded machine): warm it before timing the page.
  test.setTimeout(400_000);
  expect((await fetch(`${SITE}/api/stock/availability?ids=${eyeDrops.id}`)).status).toBe(200);
  const imported = await serviceClient.rpc('import_stock', {
    p_rows: [{ product_id: eyeDrops.id, batch_number: 'CMC-E2E-1', expiry_date: nextYear, quantity: 1, mrp_paise: eyeDrops.mrp_paise }],
    p_minimum_shelf_life_days: 90,
  });
  expect(imported.error).toBeNull();

  const firstAnswer = availabilityAnswer(page);
  await page.goto(productPath(eyeDrops));
  expect(await (await firstAnswer).json()).toEqual({ [eyeDrops.id]: 1 });
  await expect(page.getByRole('status').filter({ hasText: 'Only 1 left' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeEnabled();

  expect((await orderOneStrip()).status).toBe(200);
  const refused = await orderOneStrip();
  expect(refused.status).toBe(409);
  expect(await refused.json()).toEqual({ error: `Sorry, ${eyeDrops.name} is sold out.` });

  const secondAnswer = availabilityAnswer(page);
  await page.reload();
  expect(await (await secondAnswer).json()).toEqual({ [eyeDrops.id]: 0 });
  await expect(page.getByText('This product is currently sold out.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
});

// Not bought by any other spec; left with plenty of stock at the end.
const nicotine = fixtureCartProduct(9);

/**
 * Sets one batch's quantity and keeps every other batch as it is (an import replaces the whole
 * stock, as the ERP's full export does).
 */
async function setStock(productId: number, batchNumber: string, quantity: number, mrpPaise: number): Promise<void> {
  const { data, error } = await serviceClient.from('stock_batches').select('product_id, batch_number, expiry_date, quantity_on_hand, mrp_paise').gt('quantity_on_hand', 0);
  expect(error).toBeNull();
  const others = (data as { product_id: number; batch_number: string; expiry_date: string; quantity_on_hand: number; mrp_paise: number }[])
    .filter((row) => !(row.product_id === productId && row.batch_number === batchNumber))
    .map((row) => ({ product_id: row.product_id, batch_number: row.batch_number, expiry_date: row.expiry_date, quantity: row.quantity_on_hand, mrp_paise: row.mrp_paise }));
  const imported = await serviceClient.rpc('import_stock', {
    p_rows: [...others, { product_id: productId, batch_number: batchNumber, expiry_date: nextYear, quantity, mrp_paise: mrpPaise }],
    p_minimum_shelf_life_days: 90,
  });
  expect(imported.error).toBeNull();
}

test('product cards and the cart learn the stock after load, and refuse what is not there in the server\'s words', async ({ page }) => {
  test.setTimeout(400_000);
  expect((await fetch(`${SITE}/api/stock/availability?ids=${nicotine.id}`)).status).toBe(200);
  const mrpPaise = nicotine.mrp_paise;
  await setStock(nicotine.id, 'NIC-E2E-1', 2, mrpPaise);

  const answer = availabilityAnswer(page);
  await page.goto('/products');
  expect(await (await answer).json()).toMatchObject({ [nicotine.id]: 2 });
  const card = page.getByRole('article', { name: nicotine.name });
  await expect(card.getByRole('status').filter({ hasText: 'Only 2 left' })).toBeVisible();
  await (await whenHydrated(card.getByRole('button', { name: 'Add', exact: true }))).click();
  const increase = card.getByRole('button', { name: `Increase quantity of ${nicotine.name}` });
  await increase.click();
  await expect(card.getByRole('status', { name: `Quantity of ${nicotine.name}: 2` })).toBeVisible();
  // A third strip is not there: refused with the sentence the payment functions give.
  await increase.click();
  await expect(card.getByRole('status').filter({ hasText: notAvailableSentence(nicotine.name, 2) })).toBeVisible();
  await expect(card.getByRole('status', { name: `Quantity of ${nicotine.name}: 2` })).toBeVisible();
  expect((await storedCart(page)).items.map((line) => [line.product.id, line.quantity])).toEqual([[nicotine.id, 2]]);

  // Someone buys one: the cart, opened again, asks once and says what is left.
  await setStock(nicotine.id, 'NIC-E2E-1', 1, mrpPaise);
  const cartAnswer = availabilityAnswer(page);
  await openCartPage(page);
  expect(new URL((await cartAnswer).url()).searchParams.get('ids')).toBe(String(nicotine.id));
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(page.getByText(notAvailableSentence(nicotine.name, 1))).toBeVisible();
  await expect(summary.getByRole('button', { name: 'Proceed to Pay' })).toBeDisabled();
  await page.getByRole('button', { name: `Decrease quantity of ${nicotine.name}` }).click();
  await expect(page.getByText(notAvailableSentence(nicotine.name, 1))).toHaveCount(0);
  await expect(summary.getByText('Remove the items that are no longer available to continue.')).toHaveCount(0);

  // Sold out: the card offers nothing to add, the cart line says so.
  await setStock(nicotine.id, 'NIC-E2E-1', 0, mrpPaise);
  await page.reload();
  await expect(page.getByText(notAvailableSentence(nicotine.name, 0))).toBeVisible();
  await page.goto('/products');
  await expect(card.getByText('This product is currently sold out.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  await expect(card.getByRole('button', { name: /^(Add|Increase quantity)/ })).toHaveCount(0);

  await setStock(nicotine.id, 'NIC-E2E-1', 500, mrpPaise);
});
