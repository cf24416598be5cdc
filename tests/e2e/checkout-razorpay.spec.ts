import { expect, test, type Page } from '@playwright/test';
import { expectOrderPage, expectOrders, failurePanel, FIRST_CALL_TIMEOUT, openCart, ordersOf, pauseClock, proceedButton, uploadPrescription } from './checkout-support.ts';
import { cetirizine } from './support/cart';
import { rupees } from './support/fixture-catalogue';

const checkout = (page: Page) => page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });

/** The order page opens at once with the cart's news (a panel and a toast) and the order number; the cart is empty. */
async function expectPlaced(page: Page): Promise<void> {
  await expect(page.getByText('Payment received & order placed!', { exact: true })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expectOrderPage(page, 'Payment received & order placed successfully!');
}

test('a guest pays with Razorpay: the order is placed, paid and the cart emptied', async ({ page }) => {
  // The first Razorpay calls on a fresh server bundle the functions.
  test.slow();
  const { sessionId, totalPaise } = await openCart(page);
  await proceedButton(page).click();

  await expect(checkout(page)).toBeVisible();
  await expect(checkout(page)).toContainText('MediKart - Medicine Order Payment');
  await expect(checkout(page)).toContainText(rupees(totalPaise / 100));
  await expect(proceedButton(page)).toHaveText('Processing Razorpay Payment...');
  await expect(proceedButton(page)).toBeDisabled();
  // Not dismissible by Escape.
  await page.keyboard.press('Escape');
  await expect(checkout(page)).toBeVisible();

  // The verify reply carries the order: the order page draws it without asking for it again.
  const orderCalls: string[] = [];
  page.on('request', (request) => void (request.url().includes('/api/orders/') && orderCalls.push(request.url())));
  await checkout(page).getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: /^Order MK-/ })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText(cetirizine.name)).toBeVisible();
  expect(orderCalls).toEqual([]);
  await expectPlaced(page);
  await expectOrders(sessionId, [{ provider: 'razorpay', payment_status: 'paid', amount_paise: totalPaise }]);
});

test('a declined payment shows the reason for 5 s; paying again in the checkout succeeds', async ({ page }) => {
  await page.clock.install();
  const { sessionId, totalPaise } = await openCart(page);
  await proceedButton(page).click();
  await checkout(page).getByRole('button', { name: 'Fail' }).click();

  await expect(failurePanel(page)).toContainText('Payment declined by the test bank', { timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByRole('button', { name: 'Retry Payment' })).toBeVisible();
  await pauseClock(page);
  await page.clock.runFor(4000);
  await expect(failurePanel(page)).toBeVisible();
  await page.clock.runFor(1000);
  await expect(failurePanel(page)).toBeHidden();
  await expect(page.getByText(cetirizine.name)).toBeVisible();

  // Razorpay keeps its checkout open for a retry (max 3).
  await page.clock.resume();
  await checkout(page).getByRole('button', { name: 'Pay' }).click();
  await expectPlaced(page);
  await expectOrders(sessionId, [{ payment_status: 'paid', amount_paise: totalPaise }]);
});

test('closing the checkout cancels; Retry Payment opens a fresh order that can be paid', async ({ page }) => {
  const { sessionId, totalPaise } = await openCart(page);
  await proceedButton(page).click();
  await checkout(page).getByRole('button', { name: 'Cancel' }).click();

  await expect(checkout(page)).toBeHidden();
  await expect(failurePanel(page)).toContainText('Payment was cancelled');
  await expect(page.getByText('Payment cancelled', { exact: true })).toBeVisible();
  await expect(proceedButton(page)).toHaveText('Proceed to Pay');
  await expect(page.getByText(cetirizine.name)).toBeVisible();

  await page.getByRole('button', { name: 'Retry Payment' }).click();
  await checkout(page).getByRole('button', { name: 'Pay' }).click();
  await expectPlaced(page);
  // A fresh provider order for every attempt: the cancelled one stays unpaid.
  await expectOrders(sessionId, [
    { payment_status: 'pending', amount_paise: totalPaise },
    { payment_status: 'paid', amount_paise: totalPaise },
  ]);
});

test('a checkout script that cannot load is reported and nothing is charged', async ({ page }) => {
  await page.route('**/v1/checkout.js', (route) => route.abort());
  const { sessionId } = await openCart(page);
  await proceedButton(page).click();

  await expect(failurePanel(page)).toContainText('Razorpay SDK failed to load. Please check your internet connection.');
  await expect(proceedButton(page)).toHaveText('Proceed to Pay');
  await expect(page.getByText(cetirizine.name)).toBeVisible();
  expect(await ordersOf(sessionId)).toEqual([]);
});

test('a cart with a prescription-only medicine is paid only after the prescription is uploaded', async ({ page }) => {
  const { sessionId, totalPaise } = await openCart(page, { rx: true });
  await expect(page.getByRole('radio', { name: 'Razorpay' })).toBeHidden();
  await uploadPrescription(page);

  await proceedButton(page).click();
  await checkout(page).getByRole('button', { name: 'Pay' }).click();
  await expectPlaced(page);
  const [order] = await ordersOf(sessionId);
  expect(order).toMatchObject({ payment_status: 'paid', amount_paise: totalPaise });
  expect(order!.prescription_paths).toEqual([expect.stringMatching(new RegExp(`^guest-${sessionId}/[0-9a-f-]{36}\\.png$`))]);
});
