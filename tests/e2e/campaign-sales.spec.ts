import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { fillDeliveryDetails, FIRST_CALL_TIMEOUT, proceedButton } from './checkout-support.ts';
import { cetirizine, orderSummary, waitForCartIsland } from './support/cart';
import { rupees, sellingPrice } from './support/fixture-catalogue';
import { whenHydrated } from './support/page-types';
import { signInToDesk, signOutOfDesk, STAFF } from './support/desk';

const salesRow = (page: Page, campaign: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: campaign, exact: true }) });

test('an order placed after landing from two campaigns shows on marketing’s campaign sales by last and by first touch', async ({ page }) => {
  test.slow();
  // Names of their own, so orders other specs place on the same server never mix in.
  const instagram = `insta-${randomUUID().slice(0, 8)}`;
  const whatsapp = `wa-${randomUUID().slice(0, 8)}`;

  // First an Instagram story's link to the medicines, then days later (here: at once) a WhatsApp message's to a product.
  await page.goto(`/products?utm_source=instagram&utm_medium=social&utm_campaign=${instagram}`);
  // The page's first inline script keeps the touch while the head is read (campaign-landing.spec.ts).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('utm')), { timeout: FIRST_CALL_TIMEOUT }).toContain(instagram);
  await page.goto(`/products/${cetirizine.slug}?utm_source=whatsapp&utm_medium=message&utm_campaign=${whatsapp}`);
  await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
  await expect(page.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` })).toBeVisible();

  await page.goto('/cart');
  await waitForCartIsland(page);
  await fillDeliveryDetails(page);
  await orderSummary(page).getByRole('radio', { name: /Cash on delivery/ }).check();
  await proceedButton(page).click();
  await expect(page.getByText('Order placed! Pay in cash when it arrives.').first()).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  // The cart goes on to the order page by itself: the customer is there before marketing looks.
  await expect(page).toHaveURL(/\/orders\/MK-[\d-]+\?key=/, { timeout: FIRST_CALL_TIMEOUT });

  await signInToDesk(page, STAFF.marketing, { path: '/desk/campaigns' });
  await expect(page.getByRole('heading', { name: 'Campaign sales', level: 1 })).toBeVisible();
  const price = rupees(sellingPrice(cetirizine));
  // Today in India is the range the page opens on; the last touch counts unless asked otherwise. No coupon: no discount.
  await expect(salesRow(page, whatsapp).getByRole('cell')).toHaveText(['whatsapp', '1', price, price, rupees(0)]);
  await expect(salesRow(page, instagram)).toHaveCount(0);
  // Aggregates only: the customer's name never reaches marketing.
  await expect(page.getByText('Asha Rao')).toHaveCount(0);

  await page.getByLabel('Count each order by').selectOption({ label: 'First touch' });
  await page.getByRole('button', { name: 'Show sales' }).click();
  await expect(salesRow(page, instagram).getByRole('cell')).toHaveText(['instagram', '1', price, price, rupees(0)]);
  await expect(salesRow(page, whatsapp)).toHaveCount(0);
});

test('a range that ends before it starts is refused with a sentence, and the figures shown stay', async ({ page }) => {
  await signInToDesk(page, STAFF.marketing, { path: '/desk/campaigns' });
  await expect(page.getByRole('table').or(page.getByText('No orders in this range.'))).toBeVisible();
  await page.getByLabel('From').fill('2026-11-20');
  await page.getByLabel('To').fill('2026-11-10');
  await page.getByRole('button', { name: 'Show sales' }).click();
  await expect(page.getByRole('alert')).toHaveText('The start date must be on or before the end date.');
  await expect(page.getByRole('table').or(page.getByText('No orders in this range.'))).toBeVisible();
});

test('each desk role gets a sentence and a link to its own page on the other’s', async ({ page }) => {
  await signInToDesk(page, STAFF.pharmacist, { path: '/desk/campaigns' });
  await expect(page.getByRole('status')).toContainText('Campaign sales are for marketing staff.');
  await expect(page.getByRole('heading', { name: 'Campaign sales' })).toHaveCount(0);
  await signOutOfDesk(page);

  await signInToDesk(page, STAFF.marketing);
  await expect(page.getByRole('status')).toContainText('The order queue is for pharmacists and support staff.');
  await expect(page.getByRole('heading', { name: 'Order queue' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Campaign sales' }).click();
  await expect(page.getByRole('heading', { name: 'Campaign sales', level: 1 })).toBeVisible();
});
