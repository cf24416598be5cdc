import { expect, test, type Page } from '@playwright/test';
import { codPinCode } from './support/fixture-delivery';
import { randomUUID } from 'node:crypto';
import { productPath } from '../../src/domain/product';
import { sellingPricePaise } from '../../src/domain/selling-price';
import { serviceClient } from './support/accounts';
import { fixtureProduct } from './support/fixture-catalogue';

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
