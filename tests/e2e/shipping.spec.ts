import { expect, test, type Browser, type Page } from '@playwright/test';
import { localEnv } from '../../emulators/local-env.ts';
import { deliveryStrings } from '../../src/domain/delivery-strings';
import { deliveryDetails, fillDeliveryDetails, FIRST_CALL_TIMEOUT, ordersOf, proceedButton } from './checkout-support.ts';
import { serviceClient } from './support/accounts';
import { cetirizine, openCartPage, orderSummary, storeCart, storedLine } from './support/cart';
import { signInToDesk, STAFF } from './support/desk';
import { codPinCode, courierPinCode, undeliverablePinCode } from './support/fixture-delivery';

// Issue 39: delivery anywhere in India through the courier provider (Shiprocket's emulator). A guest
// in Pune pays with Razorpay; the desk dispatches with one action and prints the label; the courier's
// scans walk the parcel to the door and the order page shows each one and "Delivered" without anyone
// touching the order. Bengaluru stays with the pharmacy's own riders; a PIN code nobody serves is
// refused before payment with today's sentence.

const SHIPROCKET = new URL(localEnv().SHIPROCKET_API_BASE!).origin;
const PUNE = { 'Town / city': 'Pune', 'Flat / house no. and street': '12 FC Road', 'Area / locality': 'Shivajinagar', 'PIN code': courierPinCode };

/** The courier's scan, as the provider's webhook delivers it to the shop. */
async function courierScans(awb: string, step: 'picked_up' | 'out_for_delivery' | 'delivered' | 'undelivered' | 'rto_initiated' | 'rto_delivered', reason?: string): Promise<void> {
  const answer = await fetch(`${SHIPROCKET}/_emulator/shipments/${awb}/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ step, ...(reason ? { reason } : {}) }) });
  expect(await answer.json()).toEqual({ webhookStatus: 200 });
}

async function cartTo(page: Page, address: Record<string, string>): Promise<string> {
  const sessionId = await storeCart(page, [storedLine(cetirizine, 2)]);
  await openCartPage(page);
  await fillDeliveryDetails(page, address);
  return sessionId;
}

test('a guest in Pune pays with Razorpay; one dispatch at the desk; the courier walks the parcel and the order page shows each scan and Delivered', async ({ page, browser }) => {
  test.slow();
  const sessionId = await cartTo(page, PUNE);
  await deliveryDetails(page).getByLabel('State', { exact: true }).selectOption('Maharashtra');
  // The courier's promise, asked in the background: packing time plus the courier's days.
  await expect(deliveryDetails(page).getByRole('status')).toHaveText(/^Delivery by \w+day, \d{1,2} \w+$/, { timeout: FIRST_CALL_TIMEOUT });

  await proceedButton(page).click();
  const razorpay = page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });
  await razorpay.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: /^Order MK-/ })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  const orderPage = page.url();
  await expect.poll(async () => (await ordersOf(sessionId))[0]?.payment_status).toBe('paid');
  const { order_number } = (await ordersOf(sessionId))[0]!;
  const { data: order } = await serviceClient.from('orders').select('id, delivery_zone_id, promised_delivery_date').eq('order_number', order_number).single();
  expect(order).toMatchObject({ delivery_zone_id: 'shiprocket' });
  expect(order!.promised_delivery_date).not.toBeNull();

  // The desk: pack, then dispatch by courier in one action, and print the label.
  const desk = await (await browser.newContext()).newPage();
  await signInToDesk(desk, STAFF.support, { landsOn: 'Order queue' });
  await desk.goto(`/desk/order?id=${order!.id}`);
  await desk.getByRole('button', { name: 'Mark packed' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Packed');
  await expect(desk.getByLabel('Courier name')).toHaveCount(0);
  await desk.getByLabel('Parcel weight (grams)').fill('450');
  await desk.getByRole('button', { name: 'Dispatch by courier' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Shipped', { timeout: FIRST_CALL_TIMEOUT });
  await expect(desk.getByRole('status').filter({ hasText: /^Dispatched with Delhivery Surface, AWB \d+/ })).toBeVisible();
  const awb = (await desk.getByTestId('desk-awb').textContent())!;
  const label = desk.getByRole('link', { name: 'Print the label (PDF)' });
  const labelFile = await desk.request.get((await label.getAttribute('href'))!);
  expect(labelFile.headers()['content-type']).toBe('application/pdf');
  await desk.getByRole('button', { name: "Request today's pickup" }).click();
  await expect(desk.getByRole('link', { name: 'Print the manifest (PDF)' })).toBeVisible();

  // The courier's scans reach the shop by webhook; nobody touches the order.
  for (const step of ['picked_up', 'out_for_delivery', 'delivered'] as const) await courierScans(awb, step);

  await page.goto(orderPage);
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  const parcel = page.getByRole('region', { name: 'Your parcel' });
  await expect(parcel).toContainText(`Sent with Delhivery Surface, AWB ${awb}`);
  await expect(parcel.getByTestId('parcel-status')).toHaveText('Delivered');
  await expect(parcel.getByRole('link', { name: "Track it on the courier's site" })).toHaveAttribute('href', `https://shiprocket.co/tracking/${awb}`);
  await expect(parcel.getByRole('list', { name: 'Latest scans' }).getByRole('listitem')).toHaveText([/Delivered to consignee/, /Out for delivery/, /Shipment picked up/]);
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Shipped');
  await desk.reload();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Delivered');
});

test("Bengaluru stays with the pharmacy's own zone", async ({ page }) => {
  const sessionId = await cartTo(page, {});
  await expect(deliveryDetails(page).getByRole('status')).toHaveText(/^Delivery by /);
  await orderSummary(page).getByRole('radio', { name: /Cash on delivery/ }).check();
  await proceedButton(page).click();
  await expect.poll(async () => (await ordersOf(sessionId)).length, { timeout: FIRST_CALL_TIMEOUT }).toBe(1);
  const { data } = await serviceClient.from('orders').select('delivery_pin_code, delivery_zone_id').eq('guest_session_id', sessionId).single();
  expect(data).toEqual({ delivery_pin_code: codPinCode, delivery_zone_id: 'bengaluru-central' });
});

test("a PIN code nobody serves is refused before payment with today's sentence", async ({ page }) => {
  const sessionId = await cartTo(page, { 'PIN code': undeliverablePinCode });
  await expect(deliveryDetails(page).getByRole('status')).toHaveText(deliveryStrings.notServiceable(undeliverablePinCode), { timeout: FIRST_CALL_TIMEOUT });
  await expect(proceedButton(page)).toBeDisabled();
  expect(await ordersOf(sessionId)).toEqual([]);
});

/** A guest's order to Pune, placed (cash on delivery) or paid (Razorpay); its page's address and its id. */
async function puneOrder(page: Page, method: 'cod' | 'razorpay'): Promise<{ orderPage: string; id: string }> {
  const sessionId = await cartTo(page, PUNE);
  await deliveryDetails(page).getByLabel('State', { exact: true }).selectOption('Maharashtra');
  await expect(deliveryDetails(page).getByRole('status')).toHaveText(/^Delivery by /, { timeout: FIRST_CALL_TIMEOUT });
  if (method === 'cod') {
    await orderSummary(page).getByRole('radio', { name: /Cash on delivery/ }).check();
    await proceedButton(page).click();
  } else {
    await proceedButton(page).click();
    await page.getByRole('dialog', { name: 'Razorpay Checkout (test)' }).getByRole('button', { name: 'Pay' }).click();
  }
  await expect(page.getByRole('heading', { name: /^Order MK-/ })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect.poll(async () => (await ordersOf(sessionId))[0]?.status).toBe('confirmed');
  const { data } = await serviceClient.from('orders').select('id').eq('guest_session_id', sessionId).single();
  return { orderPage: page.url(), id: data!.id as string };
}

/** The desk packs and dispatches the order by courier; answers the desk's page and the AWB. */
async function dispatchAtDesk(browser: Browser, orderId: string): Promise<{ desk: Page; awb: string }> {
  const desk = await (await browser.newContext()).newPage();
  await signInToDesk(desk, STAFF.support, { landsOn: 'Order queue' });
  await desk.goto(`/desk/order?id=${orderId}`);
  await desk.getByRole('button', { name: 'Mark packed' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Packed');
  await desk.getByRole('button', { name: 'Dispatch by courier' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Shipped', { timeout: FIRST_CALL_TIMEOUT });
  return { desk, awb: (await desk.getByTestId('desk-awb').textContent())! };
}

test('a failed delivery: the customer asks for another attempt on the order page, and the next attempt delivers (cash collected)', async ({ page, browser }) => {
  test.slow();
  const { orderPage, id } = await puneOrder(page, 'cod');
  const { awb } = await dispatchAtDesk(browser, id);
  await courierScans(awb, 'picked_up');
  await courierScans(awb, 'out_for_delivery');
  await courierScans(awb, 'undelivered', 'Consignee not available');

  await page.goto(orderPage);
  const parcel = page.getByRole('region', { name: 'Your parcel' });
  await expect(parcel.getByTestId('parcel-status')).toHaveText('Delivery attempt failed');
  await expect(parcel).toContainText('The courier could not deliver it: Consignee not available');
  await parcel.getByRole('button', { name: 'Ask for another attempt' }).click();
  await expect(parcel.getByRole('status')).toHaveText('We have asked the courier to try again.');
  const shipments = (await (await fetch(`${SHIPROCKET}/_emulator/shipments`)).json()) as Array<{ awb: string; ndrActions: Array<{ action: string }> }>;
  expect(shipments.find((shipment) => shipment.awb === awb)!.ndrActions).toEqual([{ action: 're-attempt', comments: 'The customer asked for another attempt on the order page' }]);
  await page.reload();
  await expect(parcel.getByRole('status')).toHaveText('We have asked the courier to try again.');
  await expect(parcel.getByRole('button', { name: 'Ask for another attempt' })).toHaveCount(0);

  await courierScans(awb, 'out_for_delivery');
  await courierScans(awb, 'delivered');
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Delivered');
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');
});

test('returned to origin: the desk receives the parcel back unopened, the invoice is credited and the payment refunded', async ({ page, browser }) => {
  test.slow();
  const { orderPage, id } = await puneOrder(page, 'razorpay');
  const { desk, awb } = await dispatchAtDesk(browser, id);
  for (const step of ['picked_up', 'out_for_delivery', 'undelivered', 'rto_initiated', 'rto_delivered'] as const) await courierScans(awb, step);

  await page.goto(orderPage);
  await expect(page.getByRole('region', { name: 'Your parcel' }).getByTestId('parcel-status')).toHaveText('Returned to us undelivered');

  await desk.reload();
  await expect(desk.getByTestId('desk-parcel-status')).toHaveText('Returned to the pharmacy');
  await desk.getByRole('button', { name: 'Came back unopened: restock and refund' }).click();
  await expect(desk.getByRole('status').filter({ hasText: /^Received unopened: stock restocked, credit note / })).toBeVisible();
  await expect(desk.getByText('Received back unopened: its stock is back on the shelf.')).toBeVisible();
  await expect.poll(async () => (await serviceClient.from('orders').select('payment_status').eq('id', id).single()).data!.payment_status, { timeout: FIRST_CALL_TIMEOUT }).toMatch(/^refund(ed|_pending)$/);
  const { data: credit } = await serviceClient.from('tax_documents').select('kind').eq('order_id', id).eq('kind', 'credit_note');
  expect(credit).toHaveLength(1);
  await expect(desk.getByRole('button', { name: 'Came back unopened: restock and refund' })).toHaveCount(0);
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Returned undelivered');

  // The customer's page says what happened and where the money goes.
  await page.reload();
  await expect(page.getByTestId('order-status')).toHaveText('Returned undelivered');
  await expect(page.getByTestId('payment-status')).toHaveText(/^(Refunded|Refund in progress)$/);
  await expect(page.getByTestId('order-returned')).toHaveText(
    'The courier could not deliver this order and brought it back to us, so it is closed. Everything you paid goes back to your original payment method (see Refunds below); your bank takes 2 to 3 business days to show it.',
  );
  const total = (await page.getByTestId('order-total').textContent())!;
  const refund = page.getByRole('region', { name: 'Refunds' }).getByRole('listitem');
  await expect(refund).toHaveText(`${total}: ${/Refunded|In progress/.exec((await refund.textContent())!)?.[0]} (Returned undelivered by the courier (AWB ${awb}), unopened)`);
  await expect(page.getByText('Delivery by ')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('returned to origin, cash on delivery: received opened, the order ends returned and the customer owes nothing', async ({ page, browser }) => {
  test.slow();
  const { orderPage, id } = await puneOrder(page, 'cod');
  const { desk, awb } = await dispatchAtDesk(browser, id);
  for (const step of ['picked_up', 'out_for_delivery', 'undelivered', 'rto_initiated', 'rto_delivered'] as const) await courierScans(awb, step);

  await desk.reload();
  await desk.getByRole('button', { name: 'Came back opened: refund without restocking' }).click();
  await expect(desk.getByText('Received back opened: its stock was not put back.')).toBeVisible();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Returned undelivered');

  await page.goto(orderPage);
  await expect(page.getByTestId('order-status')).toHaveText('Returned undelivered');
  await expect(page.getByTestId('payment-status')).toHaveText('Payment failed');
  await expect(page.getByTestId('order-returned')).toHaveText(
    'The courier could not deliver this order and brought it back to us, so it is closed. It was cash on delivery and nothing was collected, so you owe nothing.',
  );
  await expect(page.getByRole('region', { name: 'Refunds' })).toHaveCount(0);
  const { data: refunds } = await serviceClient.from('refunds').select('id').eq('order_id', id);
  expect(refunds).toEqual([]);
});
