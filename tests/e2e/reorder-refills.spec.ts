import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, test, type Page } from '@playwright/test';
import { localEnv } from '../../emulators/local-env';
import { anonKey } from '../../emulators/supabase/jwt';
import { fillLogin, serviceClient } from './support/accounts';
import { fixtureProduct } from './support/fixture-catalogue';
import { storedCart } from './support/cart';
import { createConfirmedCustomer, messageWithSubject } from './support/inbox';
import { FIRST_CALL_TIMEOUT } from './checkout-support';
import { codPinCode } from './support/fixture-delivery';
import { proposedGuestRequest } from './support/prescription-request';
import { sellingPricePaise } from '../../src/domain/selling-price';

const metformin = fixtureProduct(1);
const cetirizine = fixtureProduct(14);
const glimepiride = fixtureProduct(3);
const line = (product: typeof metformin, quantity: number) => ({ product_id: product.id, name: product.name, unit_mrp_paise: product.mrp_paise, unit_price_paise: sellingPricePaise(product), quantity });

/** A signed-in customer with one past order (cash on delivery, so the reconciliation job leaves it alone). */
async function customerWithPastOrder(page: Page, name: string, lines: ReturnType<typeof line>[], createdAt: string) {
  const customer = await createConfirmedCustomer(name);
  const supabase = createClient(localEnv().SUPABASE_URL!, anonKey(), { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await supabase.auth.signInWithPassword(customer);
  if (error) throw new Error(error.message);
  const inserted = await serviceClient
    .from('orders')
    .insert({
      user_id: data.user.id,
      provider: 'cod',
      provider_order_id: `cod_reorder_${randomUUID()}`,
      amount_paise: 10000,
      lines,
      prescription_paths: [`${data.user.id}/earlier-prescription.png`],
      delivery_email: customer.email,
      delivery_name: name,
      delivery_mobile: '+919845012345',
      delivery_line1: '12, 4th Cross, Indiranagar',
      delivery_city: 'Bengaluru',
      delivery_state: 'Karnataka',
      delivery_pin_code: codPinCode,
      delivery_zone_id: 'bengaluru-central',
      promised_delivery_date: createdAt.slice(0, 10),
      created_at: createdAt,
    })
    .select('id, order_number')
    .single();
  if (inserted.error) throw new Error(inserted.error.message);
  // The sign-in form works before React (it hydrates on the first touch and holds the submit), so
  // it is filled at once; the first answer of a cold local server can take longer than one expect.
  await page.goto('/login');
  await fillLogin(page, customer.email, customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/products$/, { timeout: 3 * FIRST_CALL_TIMEOUT });
  return { ...customer, userId: data.user.id, orderId: inserted.data.id as string, orderNumber: inserted.data.order_number as string };
}

test('a customer reorders a past order with one discontinued line from My orders', async ({ page }) => {
  const tenDaysAgo = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString();
  const customer = await customerWithPastOrder(page, 'Meena Iyer', [line(metformin, 2), line(cetirizine, 1), line(glimepiride, 1)], tenDaysAgo);

  await page.goto('/account/orders');
  const reorder = page.getByRole('listitem').filter({ hasText: customer.orderNumber }).getByRole('link', { name: 'Reorder', exact: true });
  await expect(reorder).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await reorder.click();
  await expect(page.getByRole('status').filter({ hasText: "2 medicines are in your cart at today's price." })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText(`${glimepiride.name} is no longer sold, so it was not added.`)).toBeVisible();
  // Ten days after a Schedule H prescription it still counts (6 months), so the cart does not ask again.
  await expect(page.getByText(`${metformin.name}: your earlier prescription is still valid and is attached.`)).toBeVisible();

  const cart = await storedCart(page);
  expect(cart.items.map((item) => [item.product.id, item.quantity, item.prescriptionAccepted, item.prescriptionFileUrl])).toEqual([
    [metformin.id, 2, true, `${customer.userId}/earlier-prescription.png`],
    [cetirizine.id, 1, true, null],
  ]);
  // Today's price, not the order's.
  expect(cart.items[0]!.product.current_price_paise).toBe(metformin.current_price_paise);

  await page.getByRole('link', { name: 'Go to cart' }).click();
  await expect(page.getByRole('main').getByText(metformin.name).first()).toBeVisible();
  await expect(page.getByRole('main').getByText(glimepiride.name)).toHaveCount(0);
});

test('a refill reminder is sent by the daily job on the right day, its link fills the cart, and its stop link ends it', async ({ page, browser, request }) => {
  // Two strips of 20 at 2 a day last 20 days from 1 November: they run out on 21 November, the reminder goes on the 16th.
  const customer = await customerWithPastOrder(page, 'Vikram Shetty', [line(metformin, 2)], '2026-11-01T05:00:00.000Z');

  await page.goto(`/orders/${customer.orderNumber}`);
  const refills = page.getByRole('region', { name: 'Refill reminders' });
  await refills.getByLabel(`Doses a day of ${metformin.name}`).selectOption('2');
  await refills.getByRole('button', { name: 'Remind me' }).click();
  await expect(refills.getByText(`Reminder on for ${metformin.name}: we will remind you on Monday, 16 November.`)).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });

  const reminder = await serviceClient.from('refill_reminders').select('id, runs_out_on, remind_on').eq('order_id', customer.orderId).single();
  expect(reminder.data).toMatchObject({ runs_out_on: '2026-11-21', remind_on: '2026-11-16' });
  // Opened again, the order page shows the reminder that is on.
  await page.reload();
  await expect(refills.getByText(`Reminder on for ${metformin.name}: we will remind you on Monday, 16 November.`)).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  const outbox = () => serviceClient.from('message_outbox').select('channel, sent_at, body').eq('reminder_id', reminder.data!.id).order('channel');

  // The day before, nothing goes out; on the day, a mail and an SMS.
  expect((await request.post('/.netlify/functions/refill-reminders', { data: { today: '2026-11-15' } })).status()).toBe(204);
  expect((await outbox()).data).toEqual([]);
  expect((await request.post('/.netlify/functions/refill-reminders', { data: { today: '2026-11-16' } })).status()).toBe(204);
  const mail = await messageWithSubject(customer.email, `Time to reorder ${metformin.name}`);
  expect(mail.Text).toContain(`Your ${metformin.name} runs out on Saturday, 21 November.`);
  const sent = (await outbox()).data!;
  expect(sent.map((message) => message.channel)).toEqual(['mail', 'sms']);
  expect(sent[1]!.body).toMatch(new RegExp(`^MediKart: your ${metformin.name} runs out on 21 Nov\\. Reorder: http\\S+/s/f/[\\w-]{22}/[\\w-]{12}$`));
  // The SMS's short link opens the same reorder page as the mail's.
  const smsLink = new URL(sent[1]!.body!.split(' ').at(-1)!);
  const opened = await request.get(`${smsLink.pathname}`, { maxRedirects: 0 });
  expect(opened.status()).toBe(302);
  expect(opened.headers().location).toContain(`/reorder?reminder=${reminder.data!.id}&key=`);
  // Running the job again the same day sends nothing twice.
  expect((await request.post('/.netlify/functions/refill-reminders', { data: { today: '2026-11-16' } })).status()).toBe(204);
  expect((await outbox()).data).toHaveLength(2);

  // The mail's link fills the cart of a browser that is not signed in.
  const reorderLink = new URL(mail.Text.match(/Reorder: (\S+)/)![1]!);
  const guest = await browser.newPage();
  await guest.goto(`${reorderLink.pathname}${reorderLink.search}`);
  await expect(guest.getByRole('status').filter({ hasText: "1 medicine is in your cart at today's price." })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  expect((await storedCart(guest)).items.map((item) => [item.product.id, item.quantity])).toEqual([[metformin.id, 2]]);

  // A link with someone else's key fills nothing.
  await guest.goto(`/reorder?reminder=${reminder.data!.id}&key=${'A'.repeat(43)}`);
  await expect(guest.getByRole('alert')).toHaveText('This reminder link is not valid. Open the latest reminder mail, or reorder from My orders.');

  // Stop from the mail in one click, without signing in.
  const stopLink = new URL(mail.Text.match(/Stop these reminders: (\S+)/)![1]!);
  await guest.goto(`${stopLink.pathname}${stopLink.search}`);
  await expect(guest.getByRole('status')).toHaveText(`Your refill reminder for ${metformin.name} is stopped. You will get no more reminder mails or SMS for it.`);
  await guest.goto(`${stopLink.pathname}?reminder=${reminder.data!.id}&key=${'A'.repeat(43)}`);
  await expect(guest.getByRole('status')).toHaveText('This stop link is not valid. You can stop reminders from your account.');
  await guest.close();

  // The account shows it stopped and can restart it.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Refill reminders' });
  await expect(section.getByText(metformin.name)).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(section.getByText('Stopped')).toBeVisible();
  await section.getByRole('button', { name: `Restart the reminder for ${metformin.name}` }).click();
  await expect(section.getByRole('button', { name: `Stop the reminder for ${metformin.name}` })).toBeVisible();
  const restarted = await serviceClient.from('refill_reminders').select('stopped_at').eq('id', reminder.data!.id).single();
  expect(restarted.data!.stopped_at).toBeNull();
});

test('a proposal offers the same salt cheaper, with the saving, and the order takes the substitute pack for pack', async ({ page, request }) => {
  const glycomet = fixtureProduct(19);
  const email = `substitute.${Date.now()}@example.test`;
  const { requestNumber } = await proposedGuestRequest({ email, name: 'Lakshmi Nair', product: metformin });
  // The scheduled run sends the waiting proposal mail.
  expect((await request.post('/.netlify/functions/prescription-requests-expire')).status()).toBe(204);
  const mail = await messageWithSubject(email, `Your medicines for request ${requestNumber} are ready to approve`);
  const link = new URL(mail.Text.match(/See your request: (\S+)/)![1]!);
  await page.goto(`${link.pathname}${link.search}`);

  const proposal = page.getByRole('list', { name: 'Proposed medicines' });
  // Two packs at ₹31.05 against two at ₹24.00: ₹14.10 less.
  await expect(proposal.getByText(`Same salt, cheaper: ${glycomet.name} at ₹24.00 each (you save ₹14.10).`)).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText('Total: ₹62.10')).toBeVisible();
  await proposal.getByRole('button', { name: `Switch to ${glycomet.name}` }).click();
  await expect(proposal.getByText(`Switched to ${glycomet.name}, the same salt: you save ₹14.10.`)).toBeVisible();
  await expect(page.getByText('Total: ₹48.00')).toBeVisible();

  await page.getByRole('button', { name: 'Approve and pay cash on delivery' }).click();
  await expect(page).toHaveURL(/\/orders\/MK-\d{4}-\d{6,}\?key=/, { timeout: FIRST_CALL_TIMEOUT });
  const orderNumber = new URL(page.url()).pathname.split('/').pop()!;
  const order = await serviceClient.from('orders').select('status, lines, amount_paise').eq('order_number', orderNumber).single();
  expect(order.data).toMatchObject({ status: 'confirmed', amount_paise: 4800, lines: [expect.objectContaining({ product_id: glycomet.id, quantity: 2 })] });
});
