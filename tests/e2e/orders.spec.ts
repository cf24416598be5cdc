import { randomUUID } from 'node:crypto';
import { codPinCode } from './support/fixture-delivery';
import { createClient } from '@supabase/supabase-js';
import { expect, test } from '@playwright/test';
import { sellingPricePaise } from '../../src/domain/selling-price';
import { localEnv } from '../../emulators/local-env.ts';
import { anonKey } from '../../emulators/supabase/jwt';
import { guestOrderToken } from '../../src/domain/guest-order-link';
import { orderStrings } from '../../src/domain/order-strings';
import { fillLogin, serviceClient, signInAsDemo } from './support/accounts';
import { paidRazorpayOrder } from './support/paid-order';
import { cetirizine, openCartPage, orderSummary, storeCart, storedLine } from './support/cart';
import { deliveryDetails, FIRST_CALL_TIMEOUT, proceedButton } from './checkout-support.ts';
import { rupees } from './support/fixture-catalogue';
import { createConfirmedCustomer, INBOX_URL, latestMessageTo, uniqueEmail } from './support/inbox';

const env = localEnv();
const DELIVERY = { full_name: 'Asha Rao', mobile: '98450 12345', line1: '12, 4th Cross, Indiranagar', area: 'HAL 2nd Stage', city: 'Bengaluru', state: 'Karnataka', pin_code: codPinCode };
const SITE = `http://localhost:${process.env.PORT ?? 8888}`;

// On a busy machine the server's first calls wait for the functions' start-up build.
test.describe.configure({ timeout: 180_000 });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  for (const path of ['/api/razorpay/create-order', '/api/orders/get', '/api/orders/cancel', '/api/razorpay/verify-payment']) {
    await fetch(`${SITE}${path}`, { method: 'POST', body: '{}', signal: AbortSignal.timeout(170_000) });
  }
});

/** Two strips of cetirizine, paid and verified; signed in when given a token. */
const paidOrder = (accessToken?: string, email = uniqueEmail('order')) =>
  paidRazorpayOrder({ lines: [[cetirizine, 2]], delivery: { ...DELIVERY, email }, accessToken });

test('a guest opens the order link in a fresh browser, cancels the paid order and sees it refunded and the mail', async ({ browser }) => {
  test.slow();
  const email = uniqueEmail('guest.cancel');
  const order = await paidOrder(undefined, email);
  const key = await guestOrderToken(order.id, env.ORDER_LINK_SECRET!);

  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(`/orders/${order.order_number}`);
  await expect(strangerPage.getByRole('heading', { name: orderStrings.cannotShow })).toBeVisible();
  await expect(strangerPage.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/orders/${order.order_number}`)}`);
  await strangerPage.goto('/orders/MK-0000-999999999');
  await expect(strangerPage.getByRole('heading', { name: orderStrings.notFound })).toBeVisible();
  await stranger.close();

  const placedMail = await latestMessageTo(email);
  expect(placedMail.Subject).toBe(`Your MediKart order ${order.order_number} is placed`);
  const mailedLink = placedMail.Text.match(/https?:\/\/\S+\/orders\/\S+/)![0];
  expect(new URL(mailedLink).search).toBe(`?key=${key}`);
  const guest = await browser.newContext();
  const page = await guest.newPage();
  await page.goto(mailedLink);
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
  await expect(page.getByText(`2 × ${cetirizine.name}`)).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(rupees(order.totalPaise / 100));
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');

  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByLabel('Other').check();
  await dialog.getByLabel('Your reason').fill('Bought it at the shop downstairs');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();

  await expect(page.getByTestId('order-status')).toHaveText('Cancelled');
  await expect(page.getByTestId('payment-status')).toHaveText('Refunded');
  await expect(page.getByText('Other: Bought it at the shop downstairs').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await expect
    .poll(async () => {
      const found = await fetch(`${INBOX_URL}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`).then((response) => response.json() as Promise<{ messages: { Subject: string }[] }>);
      return found.messages.map((message) => message.Subject).sort();
    })
    .toEqual([`Your MediKart order ${order.order_number} is cancelled`, `Your MediKart order ${order.order_number} is placed`, `Your refund for MediKart order ${order.order_number}`]);
  const mail = await latestMessageTo(email);
  expect(mail.Text).toContain(`/orders/${order.order_number}?key=${key}`);
  await guest.close();
});

test('a shipped order cannot be cancelled and points to the returns policy', async ({ page }) => {
  const order = await paidOrder();
  for (const status of ['confirmed', 'packed', 'shipped']) {
    const { error } = await serviceClient.rpc('set_order_status', { p_order_id: order.id, p_status: status, p_actor_role: 'staff', p_actor_id: null, p_note: null });
    expect(error).toBeNull();
  }
  await page.goto(`/orders/${order.order_number}?key=${await guestOrderToken(order.id, env.ORDER_LINK_SECRET!)}`);
  await expect(page.getByTestId('order-status')).toHaveText('Shipped');
  await expect(page.getByText(orderStrings.shippedCannotCancel)).toBeVisible();
  await expect(page.getByText(orderStrings.shippedCannotCancel).getByRole('link', { name: 'Returns policy' })).toHaveAttribute('href', '/returns-policy');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

test('My Orders lists the signed-in customer’s order and opens its page', async ({ page }) => {
  const supabase = createClient(env.SUPABASE_URL!, anonKey(), { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await supabase.auth.signInWithPassword({ email: 'demo@pharmacy.test', password: 'Demo@12345' });
  if (error) throw new Error(error.message);
  const order = await paidOrder(data.session.access_token);

  await page.goto('/account/orders');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Forders/);
  await signInAsDemo(page);
  await page.goto('/account/orders');
  const row = page.getByRole('link', { name: new RegExp(order.order_number) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('2 items');
  await expect(row).toContainText(rupees(order.totalPaise / 100));
  await row.click();
  await expect(page.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All my orders' })).toBeVisible();
});

test('a signed-in customer pays with PhonePe to their saved address and finds the order in My Orders', async ({ page }) => {
  test.slow();
  const customer = await createConfirmedCustomer('Meera Iyer');
  const supabase = createClient(env.SUPABASE_URL!, anonKey(), { auth: { persistSession: false, autoRefreshToken: false } });
  const signedIn = await supabase.auth.signInWithPassword(customer);
  if (signedIn.error) throw new Error(signedIn.error.message);
  const saved = await supabase.from('addresses').insert({
    full_name: 'Meera Iyer',
    mobile: '+919845067890',
    line1: '7, 2nd Main Road',
    area: 'Jayanagar 4th Block',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin_code: codPinCode,
    label: 'Home',
    is_default: true,
  });
  expect(saved.error).toBeNull();

  // The cart is filled before signing in, which merges it into the account: written behind a
  // signed-in page's back, it could race the sign-in's own merge and be written over.
  await storeCart(page, [storedLine(cetirizine, 2)]);
  await fillLogin(page, customer.email, customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await openCartPage(page);
  await expect(deliveryDetails(page).getByRole('radio', { name: /^Meera Iyer, 7, 2nd Main Road/ })).toBeChecked({ timeout: FIRST_CALL_TIMEOUT });
  await orderSummary(page).getByRole('radio', { name: 'PhonePe' }).check();
  await proceedButton(page).click();
  await page.getByRole('button', { name: 'Success' }).click({ timeout: FIRST_CALL_TIMEOUT });

  // PhonePe's callback page, back to the cart to verify, then the order's own page.
  await expect(page).toHaveURL(/\/orders\/MK-\d{4}-\d{6,}$/, { timeout: 60_000 });
  const orderNumber = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('7, 2nd Main Road');
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText(`Bengaluru, Karnataka ${codPinCode}`);
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('PhonePe');
  await expect(page.getByTestId('payment-status')).toHaveText('Paid');

  await page.goto('/account/orders');
  const row = page.getByRole('link', { name: new RegExp(orderNumber) });
  await expect(row).toContainText('2 items');
  await expect(row).toContainText(rupees((sellingPricePaise(cetirizine) * 2) / 100));
  await row.click();
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
});

test('My Orders shows a first-time customer where to start, and pages through orders 20 at a time, newest first', async ({ page }) => {
  const customer = await createConfirmedCustomer('Ravi Kumar');
  const supabase = createClient(env.SUPABASE_URL!, anonKey(), { auth: { persistSession: false, autoRefreshToken: false } });
  const { data, error } = await supabase.auth.signInWithPassword(customer);
  if (error) throw new Error(error.message);

  await fillLogin(page, customer.email, customer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await page.goto('/account/orders');
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse medicines' })).toHaveAttribute('href', '/products');

  const line = { product_id: cetirizine.id, name: cetirizine.name, unit_mrp_paise: cetirizine.mrp_paise, unit_price_paise: cetirizine.mrp_paise, quantity: 1 };
  // Cash on delivery, so the reconciliation job has no provider to ask about these made-up orders.
  const rows = Array.from({ length: 21 }, (_, index) => ({
    user_id: data.user.id,
    provider: 'cod',
    provider_order_id: `cod_paging_${randomUUID()}`,
    amount_paise: 1000 + index,
    lines: [line],
    created_at: new Date(Date.UTC(2026, 10, 1 + index)).toISOString(),
  }));
  const inserted = await serviceClient.from('orders').insert(rows).select('order_number, created_at');
  if (inserted.error) throw new Error(inserted.error.message);
  const newestFirst = [...inserted.data].sort((a, b) => b.created_at.localeCompare(a.created_at)).map((row) => row.order_number as string);

  await page.reload();
  const orders = page.getByRole('listitem').getByRole('link', { name: /^MK-/ });
  await expect(orders).toHaveCount(20);
  await expect(orders.first()).toContainText(newestFirst[0]!);
  await expect(orders.last()).toContainText(newestFirst[19]!);
  await page.getByRole('navigation', { name: 'Order pages' }).getByRole('link', { name: 'Older orders' }).click();
  await expect(orders).toHaveCount(1);
  await expect(orders.first()).toContainText(newestFirst[20]!);
  await expect(page.getByRole('link', { name: 'Newer orders' })).toBeVisible();
});
