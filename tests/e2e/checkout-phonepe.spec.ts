import { expect, test, type Page } from '@playwright/test';
import { expectOrderPage, expectOrders, failurePanel, FIRST_CALL_TIMEOUT, openCart, ordersOf, pauseClock, PHONEPE_EMULATOR, proceedButton, uploadPrescription } from './checkout-support.ts';
import { PHONEPE_VERIFIED } from '../../src/features/checkout/checkout-strings';
import { cetirizine } from './support/cart';

/** Chooses PhonePe on /cart and follows the redirect to PhonePe's (emulated) pay page; returns the transaction id. */
async function leaveForPhonePe(page: Page): Promise<string> {
  await page.getByRole('radio', { name: 'PhonePe' }).check();
  await proceedButton(page).click();
  await expect(page.getByRole('heading', { name: 'PhonePe (test)' })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  // PhonePe's page names the order: the transaction id the cart generated.
  const order = await page.getByText(/^Order TXN_/).textContent();
  const transactionId = order!.replace('Order ', '');
  expect(transactionId).toMatch(/^TXN_\d+_[A-Z0-9]{8}$/);
  return transactionId;
}

/** On the callback page: wait for the answer, then move the fake clock 3 s to go back to /cart. */
async function returnToCart(page: Page, answer: string): Promise<void> {
  await expect(page).toHaveURL(/\/payment\/phonepe\/callback\?merchantTransactionId=TXN_/);
  await expect(page.getByText(answer)).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await pauseClock(page);
  await expect(page).toHaveURL(/\/payment\/phonepe\/callback/);
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(/\/cart$/);
}

/** Back on /cart the payment is checked after 2 s. */
async function verifyOnCart(page: Page): Promise<void> {
  await expect(page.getByText('Verifying your payment...')).toBeVisible();
  await expect(proceedButton(page)).toHaveText('Processing PhonePe Payment...');
  await pauseClock(page);
  await page.clock.runFor(2000);
  await page.clock.resume();
}

test('a guest pays with PhonePe: callback page, back to the cart after 3 s, verified there', async ({ page }) => {
  // The first PhonePe calls on a fresh server bundle the functions.
  test.slow();
  await page.clock.install();
  const { sessionId, totalPaise } = await openCart(page);
  const transactionId = await leaveForPhonePe(page);
  await page.getByRole('button', { name: 'Success' }).click();

  await returnToCart(page, PHONEPE_VERIFIED);
  await verifyOnCart(page);
  await expectOrderPage(page, PHONEPE_VERIFIED);
  expect(await page.evaluate(() => sessionStorage.getItem('phonepe-merchant-transaction-id'))).toBeNull();
  await expectOrders(sessionId, [{ provider: 'phonepe', provider_order_id: transactionId, payment_status: 'paid', amount_paise: totalPaise }]);
});

test('a declined PhonePe payment keeps the cart and offers a retry', async ({ page }) => {
  await page.clock.install();
  const { sessionId, totalPaise } = await openCart(page);
  await leaveForPhonePe(page);
  await page.getByRole('button', { name: 'Failure' }).click();

  await returnToCart(page, 'Payment verification failed. State: FAILED, Response: PAYMENT_ERROR');
  await verifyOnCart(page);
  await expect(failurePanel(page)).toContainText('Payment verification failed. State: FAILED, Response: PAYMENT_ERROR');
  await expect(page.getByRole('button', { name: 'Retry Payment' })).toBeVisible();
  await expect(page.getByText(cetirizine.name)).toBeVisible();
  await expect(page.getByRole('radio', { name: 'PhonePe' })).toBeChecked();
  expect(await page.evaluate(() => sessionStorage.getItem('phonepe-merchant-transaction-id'))).toBeNull();
  await expectOrders(sessionId, [{ payment_status: 'failed', amount_paise: totalPaise }]);
});

test('a pending PhonePe payment can be checked again until PhonePe completes it', async ({ page, request }) => {
  await page.clock.install();
  const { sessionId } = await openCart(page);
  const transactionId = await leaveForPhonePe(page);
  await page.getByRole('button', { name: 'Pending' }).click();

  await returnToCart(page, 'Payment is still pending. Please wait...');
  await verifyOnCart(page);
  await expect(page.getByRole('button', { name: 'Check again' })).toBeVisible();
  await expect(page.getByText(cetirizine.name)).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('phonepe-merchant-transaction-id'))).toBe(transactionId);
  expect(await ordersOf(sessionId)).toMatchObject([{ payment_status: 'pending' }]);

  // PhonePe settles the payment later (the emulator's test hook stands in for the bank).
  const completed = await request.post(`${PHONEPE_EMULATOR}/__emulator/orders/${transactionId}/complete`);
  expect(completed.ok()).toBe(true);
  await page.getByRole('button', { name: 'Check again' }).click();

  await expectOrderPage(page, PHONEPE_VERIFIED);
  await expectOrders(sessionId, [{ payment_status: 'paid' }]);
});

test('the callback page without a transaction says so and returns to the cart', async ({ page }) => {
  await page.clock.install();
  await page.goto('/payment/phonepe/callback');
  await expect(page.getByText('Verifying your payment...').or(page.getByText('No transaction ID found'))).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('No transaction ID found');
  await pauseClock(page);
  await page.clock.runFor(3000);
  await expect(page).toHaveURL(/\/cart$/);
});

test('a prescription-only cart pays with PhonePe after the upload', async ({ page }) => {
  await page.clock.install();
  const { sessionId, totalPaise } = await openCart(page, { rx: true });
  await uploadPrescription(page);
  await leaveForPhonePe(page);
  await page.getByRole('button', { name: 'Success' }).click();

  await returnToCart(page, PHONEPE_VERIFIED);
  await verifyOnCart(page);
  await expectOrderPage(page, PHONEPE_VERIFIED);
  const [order] = await ordersOf(sessionId);
  expect(order).toMatchObject({ payment_status: 'paid', amount_paise: totalPaise });
  expect(order!.prescription_paths).toHaveLength(1);
});
