import { expect, test, type Page } from '@playwright/test';
import {
  deliveryDetails,
  expectOrders,
  fillDeliveryDetails,
  FIRST_CALL_TIMEOUT,
  ordersOf,
  proceedButton,
} from './checkout-support.ts';
import { cetirizine, openCartPage, orderSummary, storeCart, storedLine } from './support/cart';
import { fixtureCartProduct, fixtureProducts, totalOf } from './support/fixture-catalogue';
import { deliveryStrings } from '../../src/domain/delivery-strings';
import { noCodPinCode, undeliverablePinCode } from './support/fixture-delivery';

const razorpayCheckout = (page: Page) => page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });
const cashOnDelivery = (page: Page) => orderSummary(page).getByRole('radio', { name: /Cash on delivery/ });

async function openCartWith(page: Page, lines: Parameters<typeof storedLine>[]): Promise<string> {
  const sessionId = await storeCart(page, lines.map(([product, quantity]) => storedLine(product, quantity)));
  await openCartPage(page);
  return sessionId;
}

test('a guest pays with Razorpay to a Bengaluru address and lands on the order page', async ({ page }) => {
  test.slow();
  const sessionId = await openCartWith(page, [[cetirizine, 2]]);
  await fillDeliveryDetails(page);
  await expect(deliveryDetails(page).getByRole('status')).toHaveText(/^Delivery by \w+day, \d{1,2} \w+$/);
  await expect(orderSummary(page).getByRole('radio', { name: 'Razorpay' })).toBeChecked();

  await proceedButton(page).click();
  await razorpayCheckout(page).getByRole('button', { name: 'Pay' }).click({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText('Payment received & order placed!', { exact: true })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });

  await expect.poll(async () => (await ordersOf(sessionId))[0]?.status).toBe('confirmed');
  const [order] = await ordersOf(sessionId);
  await expect(page).toHaveURL(new RegExp(`/orders/${order!.order_number}\\?key=[A-Za-z0-9_-]{43}$`), { timeout: FIRST_CALL_TIMEOUT });
  expect(order).toMatchObject({ provider: 'razorpay', payment_status: 'paid', amount_paise: Math.round(totalOf([[cetirizine, 2]]) * 100) });
});

test('cash on delivery places the order without an online payment', async ({ page }) => {
  test.slow();
  const sessionId = await openCartWith(page, [[cetirizine, 1]]);
  await expect(cashOnDelivery(page)).toBeDisabled();
  await fillDeliveryDetails(page);
  await expect(cashOnDelivery(page)).toBeEnabled();
  await cashOnDelivery(page).check();
  await proceedButton(page).click();

  await expect(page.getByText('Order placed! Pay in cash when it arrives.').first()).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expectOrders(sessionId, [{ provider: 'cod', status: 'confirmed', payment_status: 'pending' }]);
  const [order] = await ordersOf(sessionId);
  await expect(page).toHaveURL(new RegExp(`/orders/${order!.order_number}\\?key=`), { timeout: FIRST_CALL_TIMEOUT });
});

test('cash on delivery is shown disabled with the reason where the zone does not offer it', async ({ page }) => {
  await openCartWith(page, [[cetirizine, 1]]);
  await fillDeliveryDetails(page, { 'PIN code': noCodPinCode });
  await expect(deliveryDetails(page).getByRole('status')).toHaveText(/^Delivery by /);
  await expect(cashOnDelivery(page)).toBeDisabled();
  await expect(cashOnDelivery(page)).toHaveAccessibleDescription(deliveryStrings.codNotInArea);
  await expect(proceedButton(page)).toBeEnabled();
});

test('a cart line of a product without cash on delivery does not offer it, naming the product', async ({ page }) => {
  test.slow();
  const withoutCod = fixtureProducts((product) => !product.cod_available && product.sale_state === 'ADD TO CART')[0]!;
  // Its prescription is already attached, so the payment methods are on screen.
  const line = { ...storedLine(fixtureCartProduct(withoutCod.id)), prescriptionAccepted: true };
  await storeCart(page, [storedLine(cetirizine), line]);
  await openCartPage(page);
  await fillDeliveryDetails(page);
  await expect(deliveryDetails(page).getByRole('status')).toHaveText(/^Delivery by /);
  await expect(cashOnDelivery(page)).toBeDisabled();
  await expect(cashOnDelivery(page)).toHaveAccessibleDescription(deliveryStrings.codNotForProduct(withoutCod.name));
});

test("an unserviceable PIN code blocks payment with the message and keeps the cart", async ({ page }) => {
  const sessionId = await openCartWith(page, [[cetirizine, 1]]);
  await fillDeliveryDetails(page, { 'PIN code': undeliverablePinCode });
  await expect(deliveryDetails(page).getByRole('status')).toHaveText(deliveryStrings.notServiceable(undeliverablePinCode));
  await expect(proceedButton(page)).toBeDisabled();
  await expect(page.getByRole('link', { name: cetirizine.name }).first()).toBeVisible();
  expect(await ordersOf(sessionId)).toEqual([]);
});

test('each missing field shows its message beside it when the customer tries to pay', async ({ page }) => {
  await openCartWith(page, [[cetirizine, 1]]);
  await proceedButton(page).click();
  await expect(deliveryDetails(page).getByLabel('Mobile number (+91)')).toHaveAccessibleDescription('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.');
  await expect(deliveryDetails(page).getByLabel('Email for order updates')).toHaveAccessibleDescription('Enter an email address for order updates.');
  await expect(razorpayCheckout(page)).toBeHidden();
});
