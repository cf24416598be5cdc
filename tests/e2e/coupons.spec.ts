import { expect, test } from '@playwright/test';
import { formatRupees } from '../../src/domain/money';
import { lineTax } from '../../src/domain/gst';
import { serviceClient } from './support/accounts';
import { fillDeliveryDetails, FIRST_CALL_TIMEOUT, ordersOf, proceedButton } from './checkout-support.ts';
import { cetirizine, openCartPage, orderSummary, storeCart, storedLine } from './support/cart';
import { signInToDesk, signOutOfDesk, STAFF } from './support/desk';

/**
 * Issue 41: marketing makes a one-per-customer code at /desk/coupons; a guest applies it in the
 * cart, sees the saving and the new total, pays with Razorpay; support dispatches; the tax invoice
 * shows MRP, the discount and the taxable value worked back from the discounted price; the same
 * customer (by mobile) is refused the code a second time with its sentence.
 */

const DESK_STEP = 30_000;
const razorpayCheckout = (page: import('@playwright/test').Page) => page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });

test('a customer saves with a code, pays with Razorpay, the invoice carries the discount, and a second use is refused', async ({ browser }) => {
  test.slow();
  test.setTimeout(240_000);
  const code = `SAVE${Date.now().toString(36).toUpperCase().slice(-6)}`;

  // Marketing makes the code: 10% off, orders of ₹100 or more, once per customer.
  const desk = await (await browser.newContext()).newPage();
  await signInToDesk(desk, STAFF.marketing, { path: '/desk/coupons', landsOn: 'Coupons' });
  await desk.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await desk.getByLabel('Description').fill('10% off for the e2e');
  await desk.getByLabel('Percent off').fill('10');
  await desk.getByLabel('Minimum order (₹)').fill('100');
  await desk.getByLabel('Uses per customer').fill('1');
  await desk.getByRole('button', { name: 'Save coupon' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${code} saved.` })).toBeVisible({ timeout: DESK_STEP });
  await expect(desk.getByRole('row', { name: new RegExp(code) })).toContainText('10% off');

  // 10 strips at ₹18.90 = ₹189.00; 10% = ₹18.90 off: ₹170.10.
  const page = await (await browser.newContext()).newPage();
  const sessionId = await storeCart(page, [storedLine(cetirizine, 10)]);
  await openCartPage(page);
  const summary = orderSummary(page);
  await summary.getByLabel('Coupon code').fill(code.toLowerCase());
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(`${code} applied: you save ₹18.90.`)).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(summary.getByTestId('summary-coupon')).toHaveText(`Coupon ${code}−₹18.90`);
  await expect(summary.getByRole('definition').last()).toHaveText('₹170.10');

  await fillDeliveryDetails(page);
  await proceedButton(page).click();
  await razorpayCheckout(page).getByRole('button', { name: 'Pay' }).click({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText('Payment received & order placed!', { exact: true })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect.poll(async () => (await ordersOf(sessionId))[0]?.status, { timeout: FIRST_CALL_TIMEOUT }).toBe('confirmed');
  const [order] = await ordersOf(sessionId);
  expect(order!.amount_paise).toBe(17010);
  const { data: stored } = await serviceClient.from('orders').select('id, coupon_code, discount_paise').eq('order_number', order!.order_number).single();
  expect(stored).toMatchObject({ coupon_code: code, discount_paise: 1890 });
  await expect(page).toHaveURL(new RegExp(`/orders/${order!.order_number}\\?key=`), { timeout: FIRST_CALL_TIMEOUT });
  const orderUrl = page.url();
  // The order page shows the line at its discounted charge, and why.
  await expect(page.getByText('(₹18.90 each, ₹18.90 off with your coupon)')).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByTestId('order-total')).toHaveText('₹170.10');

  // Support dispatches it, which issues the tax invoice.
  await signOutOfDesk(desk);
  await signInToDesk(desk, STAFF.support, { landsOn: 'Order queue' });
  await desk.goto(`/desk/order?id=${stored!.id}`);
  await desk.getByRole('button', { name: 'Mark packed' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Packed', { timeout: DESK_STEP });
  await desk.getByLabel('Courier name').fill('Blue Dart');
  await desk.getByLabel('Tracking number').fill('BD112233445IN');
  await desk.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Shipped', { timeout: DESK_STEP });

  // The invoice: MRP, the discount and the taxable value per line; GST from the discounted ₹170.10 at 5%.
  await page.goto(orderUrl);
  await page.getByRole('link', { name: 'View your tax invoice' }).click();
  const sheet = page.getByRole('region', { name: /^Tax invoice .*, page 1 of 1$/ });
  const tax = lineTax({ amountPaise: 17010, ratePercent: 5 }, 'intra_state');
  const row = sheet.getByRole('row', { name: new RegExp(cetirizine.name) });
  await expect(row).toContainText(formatRupees(2100));
  await expect(row.getByTestId('invoice-row-discount')).toHaveText(formatRupees(1890));
  await expect(row).toContainText(formatRupees(tax.taxablePaise));
  await expect(row).toContainText(formatRupees(tax.cgstPaise));
  await expect(sheet.getByTestId('invoice-discount')).toHaveText(formatRupees(1890));
  await expect(sheet.getByTestId('invoice-taxable')).toHaveText(formatRupees(tax.taxablePaise));
  await expect(sheet.getByTestId('invoice-total')).toHaveText(formatRupees(17010));
  expect(tax.taxablePaise + tax.cgstPaise + tax.sgstPaise).toBe(17010);

  // The same customer (a guest, counted by mobile) comes back: the code is refused with its sentence.
  const again = await (await browser.newContext()).newPage();
  await storeCart(again, [storedLine(cetirizine, 10)]);
  await openCartPage(again);
  await fillDeliveryDetails(again);
  await orderSummary(again).getByLabel('Coupon code').fill(code);
  await orderSummary(again).getByRole('button', { name: 'Apply' }).click();
  await expect(orderSummary(again).getByText('You have already used this code.')).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(orderSummary(again).getByTestId('summary-coupon')).toBeHidden();
});
