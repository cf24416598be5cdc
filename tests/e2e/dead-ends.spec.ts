import type { Page } from '@playwright/test';
import { expect, test } from './support/worker-data';
import { failurePanel, fillDeliveryDetails, FIRST_CALL_TIMEOUT, openCart, proceedButton, uploadPrescription } from './checkout-support';
import { serviceClient, signIn } from './support/accounts';
import { cetirizine, ONE_PIXEL_PNG, openCartPage, openCartWithRxLine, orderSummary, prescriptionDialog, storeCart, storedCart, storedLine } from './support/cart';
import { whenHydrated } from './support/page-types';

const MAX_HINT = 'Maximum 20 per order';
const cartLine = (page: Page, name: string) =>
  page.getByRole('region', { name: 'Cart items' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('quantity stops at 20 per line', () => {
  test('on a cart line: plus is disabled at 20 with the hint, and a stored 25 is clamped on load', async ({ page }) => {
    await storeCart(page, [storedLine(cetirizine, 25)]);
    await openCartPage(page);
    const line = cartLine(page, cetirizine.name);
    await expect(line.getByRole('status', { name: `Quantity of ${cetirizine.name}` })).toHaveText('20');
    const increase = line.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` });
    await expect(increase).toBeDisabled();
    await expect(increase).toHaveAccessibleDescription(MAX_HINT);
    expect((await storedCart(page)).items[0]?.quantity).toBe(20);

    await line.getByRole('button', { name: `Decrease quantity of ${cetirizine.name}` }).click();
    await expect(increase).toBeEnabled();
    await expect(increase).not.toHaveAccessibleDescription(MAX_HINT);
    await increase.click();
    await expect(increase).toBeDisabled();
  });

  test('on a product page: 20 clicks reach 20 and plus stops there', async ({ page }) => {
    await page.goto(`/products/${cetirizine.slug}`);
    await (await whenHydrated(page.getByRole('button', { name: 'Add to Cart' }))).click();
    const increase = page.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` });
    for (let count = 1; count < 20; count += 1) await increase.click();
    await expect(page.getByRole('status', { name: `Quantity of ${cetirizine.name}: 20` })).toBeVisible();
    await expect(increase).toBeDisabled();
    await expect(increase).toHaveAccessibleDescription(MAX_HINT);
    expect((await storedCart(page)).items[0]?.quantity).toBe(20);
  });

  test('on a product card', async ({ page }) => {
    await storeCart(page, [storedLine(cetirizine, 19)]);
    await page.goto('/products');
    const card = page.getByRole('article', { name: cetirizine.name });
    // The card's control shows the stored quantity before React loads, and its plus works at once.
    await card.scrollIntoViewIfNeeded();
    const increase = card.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` });
    await increase.click();
    await expect(card.getByRole('status', { name: `Quantity of ${cetirizine.name}: 20` })).toBeVisible();
    await expect(increase).toBeDisabled();
    await expect(increase).toHaveAccessibleDescription(MAX_HINT);
  });
});

test('the prescription dialog refuses a .txt file the moment it is chosen, keeping the good one', async ({ page }) => {
  await openCartWithRxLine(page);
  await orderSummary(page).getByRole('button', { name: 'Upload Prescription' }).click();
  const dialog = prescriptionDialog(page);
  await dialog.getByLabel('Choose prescription files').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a prescription') },
    { name: 'scan.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
  ]);
  await expect(dialog.getByRole('alert')).toContainText('Only images (JPG, PNG, WEBP, HEIC) and PDF files are accepted.');
  const chosen = dialog.getByRole('list', { name: 'Chosen files' });
  await expect(chosen.getByRole('listitem')).toHaveCount(1);
  await expect(chosen).toContainText('scan.png');
  await expect(chosen).not.toContainText('notes.txt');
  await expect(dialog.getByRole('button', { name: 'Save Prescription' })).toBeEnabled();
});

test('a gallery thumbnail whose image fails shows the image icon, like the main image', async ({ page }) => {
  await page.route('**/images/products/metformin-500mg-tablet/2-690x700.webp', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/products/metformin-500mg-tablet');
  const thumbnail = page.getByRole('button', { name: 'Show image 2 of Metformin 500mg Tablet' });
  await thumbnail.scrollIntoViewIfNeeded();
  await expect(thumbnail.locator('img')).toBeHidden();
  await expect(thumbnail.locator('[data-image-fallback]')).toBeVisible();
  const working = page.getByRole('button', { name: 'Show image 1 of Metformin 500mg Tablet' });
  await expect(working.locator('img')).toBeVisible();
  await expect(working.locator('[data-image-fallback]')).toBeHidden();
  const broken = await page.locator('[data-gallery] img').evaluateAll((images) =>
    (images as HTMLImageElement[]).filter((image) => !image.hidden && image.complete && image.naturalWidth === 0).length,
  );
  expect(broken).toBe(0);
});

const razorpayCheckout = (page: Page) => page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });

test("a guest's prescription follows the customer into the account on sign-in, and the order can be paid", async ({ page, customer }) => {
  test.slow();
  const { sessionId } = await openCart(page, { rx: true });
  await uploadPrescription(page);
  const [, guestLine] = (await storedCart(page)).items;
  expect(guestLine!.prescriptionFileUrl).toMatch(new RegExp(`^guest-${sessionId}/`));
  const fileName = guestLine!.prescriptionFileUrl!.split('/')[1]!;

  await signIn(page, customer);
  await expect
    .poll(async () => (await storedCart(page)).items.find((line) => line.product.requires_prescription)?.prescriptionFileUrl, {
      timeout: FIRST_CALL_TIMEOUT,
    })
    .toBe(`${customer.id}/${fileName}`);
  const { data: objects } = await serviceClient.storage.from('prescriptions').list(customer.id);
  expect(objects!.map((object) => object.name)).toContain(fileName);
  const { data: records } = await serviceClient.from('prescription_files').select('request_id, file_url, uploaded_by').eq('file_url', `${customer.id}/${fileName}`);
  expect(records).toEqual([{ request_id: customer.id, file_url: `${customer.id}/${fileName}`, uploaded_by: customer.id }]);

  await openCartPage(page);
  await expect(proceedButton(page)).toHaveText('Proceed to Pay');
  await fillDeliveryDetails(page);
  await proceedButton(page).click();
  await razorpayCheckout(page).getByRole('button', { name: 'Pay' }).click({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText('Payment received & order placed!', { exact: true })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
});

test.describe('the failure panel', () => {
  const refuse = (page: Page, status: number, error: string) =>
    page.route('**/api/razorpay/create-order', (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error }) }));

  test("shows the server's sentence after the spec's prefix, never its JSON", async ({ page }) => {
    await refuse(page, 422, 'The minimum order amount is ₹1.00.');
    await openCart(page);
    await proceedButton(page).click();
    await expect(failurePanel(page).getByRole('paragraph')).toHaveText('Failed to create order: 422 The minimum order amount is ₹1.00.');
    await expect(failurePanel(page)).not.toContainText('{');
    await expect(failurePanel(page)).not.toContainText('"');
    await expect(page.getByRole('button', { name: 'Retry Payment' })).toBeVisible();
  });

  test('a sold-out line: the panel offers to remove it instead of Retry Payment', async ({ page }) => {
    await refuse(page, 409, 'Cetirizine 10mg Tablet is sold out. Please remove it from your cart.');
    await openCart(page, { rx: true });
    await uploadPrescription(page);
    await proceedButton(page).click();
    await expect(failurePanel(page)).toContainText('Failed to create order: 409 Cetirizine 10mg Tablet is sold out. Please remove it from your cart.');
    await expect(page.getByRole('button', { name: 'Retry Payment' })).toHaveCount(0);
    await failurePanel(page).getByRole('button', { name: 'Remove from cart: Cetirizine 10mg Tablet' }).click();
    await expect(failurePanel(page)).toHaveCount(0);
    expect((await storedCart(page)).items.map((line) => line.product.name)).toEqual(['Metformin 500mg Tablet']);
  });

  test('a changed total: the panel offers to refresh it, and the refreshed price is the catalogue one', async ({ page }) => {
    await refuse(page, 409, 'Your cart total has changed: the current total is ₹42.00. Please review your cart and try again.');
    // The cart's own refresh on load cannot reach the catalogue, so the stale price stays until asked.
    await page.route('**/catalogue/cards/*.json', (route) => route.abort());
    await storeCart(page, [storedLine({ ...cetirizine, mrp_paise: 1900 }, 2)]);
    await openCartPage(page);
    await fillDeliveryDetails(page);
    await proceedButton(page).click();
    await expect(failurePanel(page)).toContainText('Your cart total has changed');
    expect((await storedCart(page)).items[0]?.product.mrp_paise).toBe(1900);
    await page.unroute('**/catalogue/cards/*.json');
    await expect(page.getByRole('button', { name: 'Retry Payment' })).toHaveCount(0);
    await failurePanel(page).getByRole('button', { name: 'Refresh total' }).click();
    await expect(failurePanel(page)).toHaveCount(0);
    await expect.poll(async () => (await storedCart(page)).items[0]?.product.mrp_paise).toBe(2100);
  });

  test('a refused prescription: the cart asks for it again, on the line and in the panel', async ({ page }) => {
    await openCart(page, { rx: true });
    await uploadPrescription(page);
    await refuse(page, 422, 'Prescription file guest-x/a.png was not found. Please upload a prescription before proceeding with your order.');
    await proceedButton(page).click();
    await expect(page.getByRole('button', { name: 'Retry Payment' })).toHaveCount(0);
    await expect(proceedButton(page)).toHaveText('Upload Prescription');
    await expect(cartLine(page, 'Metformin 500mg Tablet').getByRole('button', { name: 'Upload Prescription for Metformin 500mg Tablet' })).toBeVisible();
    await expect(cartLine(page, 'Metformin 500mg Tablet').getByText('Prescription attached')).toHaveCount(0);
    await failurePanel(page).getByRole('button', { name: 'Upload Prescription' }).click();
    await expect(prescriptionDialog(page)).toBeVisible();
  });
});
