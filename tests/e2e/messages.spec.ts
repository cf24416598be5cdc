import { expect, test, type Page } from '@playwright/test';
import { localEnv } from '../../emulators/local-env';
import { deliveryDetails, fillDeliveryDetails, FIRST_CALL_TIMEOUT, ordersOf, proceedButton } from './checkout-support.ts';
import { cetirizine, openCartPage, orderSummary, storeCart, storedLine } from './support/cart';
import { serviceClient } from './support/accounts';
import { packAndShip, signInToDesk, STAFF } from './support/desk';
import { INBOX_URL, messageWithSubject } from './support/inbox';

// Issue 38: every order event reaches the customer's mobile, on WhatsApp where they opted in at
// checkout and by SMS otherwise, beside the mail; a STOP reply on WhatsApp sends the next by SMS.

type Summary = { ID: string; Subject: string; Tags: string[] };

/** Every SMS and WhatsApp message in the local inbox to a +91 mobile, newest first, with its text. */
async function phoneMessagesTo(mobile: string): Promise<Array<{ channel: 'sms' | 'whatsapp'; subject: string; text: string }>> {
  const found = (await (await fetch(`${INBOX_URL}/api/v1/search?query=${encodeURIComponent(`to:${mobile}`)}`)).json()) as { messages: Summary[] };
  return Promise.all(
    found.messages.map(async (summary) => {
      const message = (await (await fetch(`${INBOX_URL}/api/v1/message/${summary.ID}`)).json()) as { Text: string; Tags: string[] };
      return { channel: message.Tags.includes('whatsapp') ? ('whatsapp' as const) : ('sms' as const), subject: summary.Subject, text: message.Text };
    }),
  );
}

/** A unique Indian mobile as the form takes it, and as the inbox addresses it. */
function freshMobile(): { typed: string; e164: string } {
  const digits = `9${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 10)}`;
  return { typed: `${digits.slice(0, 5)} ${digits.slice(5)}`, e164: `+91${digits}` };
}

async function placeCodOrder(page: Page, mobile: string, email: string, { whatsapp }: { whatsapp: boolean }): Promise<{ id: string; order_number: string }> {
  const sessionId = await storeCart(page, [storedLine(cetirizine, 1)]);
  await openCartPage(page);
  await fillDeliveryDetails(page, { 'Mobile number (+91)': mobile });
  await deliveryDetails(page).getByLabel('Email for order updates').fill(email);
  if (whatsapp) await deliveryDetails(page).getByRole('checkbox', { name: /Order updates on WhatsApp/ }).check();
  await orderSummary(page).getByRole('radio', { name: /Cash on delivery/ }).check();
  await proceedButton(page).click();
  await expect(page.getByText('Order placed! Pay in cash when it arrives.').first()).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect.poll(async () => (await ordersOf(sessionId)).length).toBe(1);
  const { order_number } = (await ordersOf(sessionId))[0]!;
  const { data } = await serviceClient.from('orders').select('id').eq('order_number', order_number).single();
  return { id: data!.id as string, order_number };
}

test('a COD order opted in to WhatsApp is told on WhatsApp only; shipping reaches WhatsApp and the mail with the tracking link; after STOP the next goes by SMS', async ({ page, browser }) => {
  test.slow();
  const mobile = freshMobile();
  const email = `opted.in.${Date.now()}@example.test`;
  const order = await placeCodOrder(page, mobile.typed, email, { whatsapp: true });

  await expect.poll(async () => (await phoneMessagesTo(mobile.e164)).map((message) => message.channel)).toEqual(['whatsapp']);
  const [placed] = await phoneMessagesTo(mobile.e164);
  expect(placed!.text).toContain(`Thank you for your order ${order.order_number} at MediKart.`);
  await messageWithSubject(email, `Your MediKart order ${order.order_number} is placed`);

  // The message's button opens the order, without signing in.
  const link = placed!.text.match(/https?:\/\/\S+\/s\/o\/\S+/)![0];
  await page.goto(link);
  await expect(page).toHaveURL(new RegExp(`/orders/${order.order_number}\\?key=`));
  await expect(page.getByRole('heading', { name: new RegExp(order.order_number) })).toBeVisible();

  const desk = await (await browser.newContext()).newPage();
  await signInToDesk(desk, STAFF.support, { landsOn: 'Order queue' });
  await desk.goto(`/desk/order?id=${order.id}`);
  await packAndShip(desk, 'Blue Dart', 'BD998877665IN');

  await expect.poll(async () => (await phoneMessagesTo(mobile.e164)).length).toBe(2);
  const [shipped] = await phoneMessagesTo(mobile.e164);
  expect(shipped!.channel).toBe('whatsapp');
  expect(shipped!.text).toContain('has left our pharmacy with Blue Dart, tracking number BD998877665IN.');
  expect(shipped!.text).toMatch(new RegExp(`/s/o/${order.order_number}/`));
  const shippedMail = await messageWithSubject(email, `Your MediKart order ${order.order_number} is on its way`);
  expect(shippedMail.Text).toContain('Courier: Blue Dart, tracking BD998877665IN');
  expect(shippedMail.Text).toMatch(new RegExp(`Track your order: \\S+/orders/${order.order_number}\\?key=`));

  // The desk lists what the customer was sent, by channel, with what became of it.
  const messages = desk.getByRole('region', { name: 'Messages to the customer' });
  await desk.reload();
  await expect(messages.getByRole('row', { name: /^Shipped WhatsApp / })).toContainText(/Sent|Delivered|Read/);
  await expect(messages.getByRole('row', { name: /^Order placed Email / })).toContainText(email);
  await expect(messages.getByRole('row', { name: /^Order placed SMS / })).toHaveCount(0);

  // The customer replies STOP on WhatsApp: delivery is told by SMS.
  const stop = await fetch(`${localEnv().WHATSAPP_API_BASE!.replace(/\/v[\d.]+$/, '')}/__emulator/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: mobile.e164, text: 'STOP' }),
  });
  expect(stop.ok).toBe(true);
  await expect(desk.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  await expect
    .poll(async () => (await serviceClient.from('whatsapp_consents').select('opt_out_source').eq('mobile', mobile.e164).single()).data?.opt_out_source)
    .toBe('stop_reply');
  await desk.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Delivered');
  await expect.poll(async () => (await phoneMessagesTo(mobile.e164)).length).toBe(3);
  const [delivered] = await phoneMessagesTo(mobile.e164);
  expect(delivered).toMatchObject({ channel: 'sms' });
  expect(delivered!.text).toMatch(new RegExp(`^MediKart: order ${order.order_number} is delivered\\. Thank you! Your invoice and help: \\S+/s/o/${order.order_number}/\\S{12}$`));
});

test('a COD order without WhatsApp is told by SMS (and mail), never on WhatsApp', async ({ page }) => {
  test.slow();
  const mobile = freshMobile();
  const email = `sms.${Date.now()}@example.test`;
  const order = await placeCodOrder(page, mobile.typed, email, { whatsapp: false });

  await expect.poll(async () => (await phoneMessagesTo(mobile.e164)).map((message) => message.channel)).toEqual(['sms']);
  const [sms] = await phoneMessagesTo(mobile.e164);
  expect(sms!.text).toMatch(new RegExp(`^MediKart: order ${order.order_number} is placed\\. Total Rs [\\d,.]+\\. See your order: \\S+/s/o/${order.order_number}/\\S{12}$`));
  expect(sms!.text.length).toBeLessThanOrEqual(160);
  await messageWithSubject(email, `Your MediKart order ${order.order_number} is placed`);
});
