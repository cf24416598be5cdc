import AxeBuilder from '@axe-core/playwright';
import { codPinCode } from './support/fixture-delivery';
import { expect, test, type Page } from '@playwright/test';
import { rejectionReasonLabels } from '../../src/domain/desk';
import { sellingPricePaise } from '../../src/domain/selling-price';
import { serviceClient } from './support/accounts';
import { packAndShip, signInToDesk, signOutOfDesk, STAFF } from './support/desk';
import { paidRazorpayOrder } from './support/paid-order';
import { metformin, ONE_PIXEL_PNG } from './support/cart';
import { fixtureCartProduct, rupees } from './support/fixture-catalogue';
import { messageWithSubject } from './support/inbox';

const DELIVERY = { full_name: 'Asha Rao', mobile: '98450 12345', line1: '12, 4th Cross, Indiranagar', area: 'HAL 2nd Stage', city: 'Bengaluru', state: 'Karnataka', pin_code: codPinCode, email: 'desk.guest@example.test' };

// A Schedule H prescription medicine: the Schedule H1 journey (prescriber details, batches) is pharmacy-records.spec.ts.
const montelukast = fixtureCartProduct(13);
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}


/**
 * A guest's paid Razorpay order for two prescription medicines with one prescription attached,
 * through the same calls the checkout makes (the checkout's own screens are covered by its specs).
 */
const ONE_PAGE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const guestRxOrder = (prescription: 'png' | 'pdf' = 'png') =>
  paidRazorpayOrder({
    lines: [[metformin, 1], [montelukast, 1]],
    delivery: DELIVERY,
    prescription: prescription === 'png' ? { file: ONE_PIXEL_PNG, type: 'image/png' } : { file: ONE_PAGE_PDF, type: 'application/pdf' },
  });

const orderRow = async (id: string) => (await serviceClient.from('orders').select('status, payment_status, tracking_number').eq('id', id).single()).data;

test('a pharmacist reviews a guest’s prescription order and support ships it', async ({ browser }) => {
  test.setTimeout(240_000);
  const order = await guestRxOrder();

  const desk = await (await browser.newContext()).newPage();
  await desk.goto('/desk');
  await expect(desk.getByText('This area is for pharmacy staff.')).toBeVisible();
  expect(await violations(desk)).toEqual([]);

  await signInToDesk(desk, STAFF.pharmacist, { landsOn: 'Order queue' });
  expect(await violations(desk)).toEqual([]);
  await desk.getByLabel('Search by order number, mobile or email').fill(order.order_number);
  await desk.getByRole('link', { name: order.order_number }).click();
  await expect(desk.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();

  await desk.getByRole('button', { name: 'Open prescription 1' }).click();
  await expect(desk.getByRole('img', { name: 'Prescription 1' })).toBeVisible();
  const { data: views } = await serviceClient.from('prescription_views').select('viewer_role').eq('order_id', order.id);
  expect(views).toEqual([{ viewer_role: 'pharmacist' }]);
  expect(await violations(desk)).toEqual([]);

  const first = desk.getByTestId('desk-line-0');
  await first.getByRole('button', { name: 'Reject' }).click();
  await first.getByLabel('Reason').selectOption({ label: 'Prescription expired' });
  await first.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(first).toContainText('Rejected: Prescription expired by Asha Rao, reg. KA-PH-004512');
  await desk.getByTestId('desk-line-1').getByRole('button', { name: 'Accept' }).click();
  await expect(desk.getByTestId('desk-line-1')).toContainText('Accepted by Asha Rao');
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Confirmed');
  await expect.poll(async () => (await orderRow(order.id))?.payment_status).toBe('partially_refunded');

  // The customer's order page shows each decision, the removed line and its refund; a mail tells them.
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(`/orders/${order.order_number}?key=${order.guestKey}`);
  await expect(customer.getByTestId('order-status')).toHaveText('Confirmed');
  await expect(customer.getByText('Removed from your order: Prescription expired')).toBeVisible();
  await expect(customer.getByText('Prescription accepted by pharmacist Asha Rao')).toBeVisible();
  await expect(customer.getByTestId('payment-status')).toHaveText('Partly refunded');
  await expect(customer.getByRole('region', { name: 'Refunds' })).toContainText(`${rupees(sellingPricePaise(metformin) / 100)}: Refunded`);
  const reviewMail = await messageWithSubject(DELIVERY.email, `Our pharmacist has checked the prescription for order ${order.order_number}`);
  expect(reviewMail.Text).toContain(`${metformin.name} (${rupees(sellingPricePaise(metformin) / 100)} each): Removed from your order: Prescription expired`);
  expect(reviewMail.Text).toContain(`${montelukast.name} (${rupees(sellingPricePaise(montelukast) / 100)} each): Prescription accepted by pharmacist Asha Rao`);

  await signOutOfDesk(desk);
  await signInToDesk(desk, STAFF.support, { landsOn: 'Order queue' });
  await desk.goto(`/desk/order?id=${order.id}`);
  await expect(desk.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await packAndShip(desk, 'Blue Dart', 'BD123456789IN');
  await expect(desk.getByText('Shipped with Blue Dart, tracking number BD123456789IN')).toBeVisible();
  await expect(desk.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(desk.getByRole('listitem').filter({ hasText: 'packed → shipped · by support' })).toBeVisible();
  expect(await orderRow(order.id)).toMatchObject({ status: 'shipped', tracking_number: 'BD123456789IN' });
  expect(await violations(desk)).toEqual([]);

  await customer.reload();
  await expect(customer.getByTestId('order-status')).toHaveText('Shipped');
  await expect(customer.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(customer.getByText('This order has been shipped, so it can no longer be cancelled.', { exact: false })).toBeVisible();
});

test('a pharmacist reads a PDF prescription in the browser’s own viewer, within the page’s security policy', async ({ page }) => {
  test.slow();
  const order = await guestRxOrder('pdf');
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to frame/i.test(message.text())) refused.push(message.text());
  });
  await signInToDesk(page, STAFF.pharmacist, { landsOn: 'Order queue' });
  await page.goto(`/desk/order?id=${order.id}`);
  const framed = page.waitForResponse((response) => response.url().includes('/storage/v1/object/sign/prescriptions/') && response.request().resourceType() === 'document');
  await page.getByRole('button', { name: 'Open prescription 1' }).click();
  await expect(page.locator('iframe[title="Prescription 1"]')).toBeVisible();
  const loaded = await framed;
  expect(loaded.status()).toBe(200);
  expect(loaded.headers()['content-type']).toContain('application/pdf');
  expect(refused).toEqual([]);
});

test('a signed-in customer sees that the desk is for staff only', async ({ page }) => {
  await page.goto('/desk');
  await page.getByLabel('Staff email').fill('demo@pharmacy.test');
  await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in to the desk' }).click();
  await expect(page.getByText('This area is for pharmacy staff.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out to use a staff account' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Order queue' })).toHaveCount(0);
});

test('every desk page wears the desk’s own header: the shop’s name, the desk’s pages, the staff member’s sign-in, and nothing of the shop’s', async ({ page }) => {
  const header = page.getByRole('banner');
  const deskPages = page.getByRole('navigation', { name: 'Desk' }).getByRole('list');
  /** The customer header's controls: none of them belongs on a desk page. */
  const nothingOfTheShop = async () => {
    for (const name of ['Products', 'Cart', 'Login', 'Account', 'Order with prescription']) await expect(header.getByRole('link', { name, exact: true })).toHaveCount(0);
    await expect(header.getByRole('searchbox').or(header.getByRole('combobox'))).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  };

  await page.goto('/desk');
  await expect(page.getByText('This area is for pharmacy staff.')).toBeVisible();
  await expect(header.getByRole('link', { name: /MediKart/ })).toHaveAttribute('href', '/desk');
  await expect(deskPages.getByRole('link')).toHaveText(['Order queue', 'Stock and registers', 'Campaign sales', 'Coupons', 'Reports']);
  await nothingOfTheShop();
  await expect(header.getByText(/Signed in as/)).toHaveCount(0);

  await signInToDesk(page, STAFF.pharmacist, { landsOn: 'Order queue' });
  // One sign-in state on the screen, in the header; the desk's pages for a pharmacist.
  await expect(header.getByText('Signed in as Asha Rao (pharmacist)')).toBeVisible();
  await expect(page.getByText(/Signed in as/)).toHaveCount(1);
  await expect(deskPages.getByRole('link')).toHaveText(['Order queue', 'Stock and registers']);
  await expect(deskPages.getByRole('link', { name: 'Order queue' })).toHaveAttribute('aria-current', 'page');
  await nothingOfTheShop();

  for (const [path, heading] of [['/desk', 'Order queue'], ['/desk/records', 'Stock and registers'], ['/desk/order?id=00000000-0000-4000-8000-000000000000', null], ['/desk/campaigns', null]] as const) {
    await page.goto(path);
    await expect(header.getByText('Signed in as Asha Rao (pharmacist)')).toBeVisible();
    await expect(page.getByText(/Signed in as/)).toHaveCount(1);
    await nothingOfTheShop();
    if (heading) await expect(deskPages.getByRole('link', { name: heading })).toHaveAttribute('aria-current', 'page');
  }
  await header.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Staff email')).toBeVisible();
  await expect(header.getByText(/Signed in as/)).toHaveCount(0);

  await signInToDesk(page, STAFF.marketing, { path: '/desk/campaigns', landsOn: 'Campaign sales' });
  await expect(header.getByText('Signed in as Meera Iyer (marketing)')).toBeVisible();
  await expect(deskPages.getByRole('link')).toHaveText(['Campaign sales', 'Coupons']);
  await signOutOfDesk(page);
});

test('a line rejected as Other without a note is marked beside the line with the sentence, and nothing is sent', async ({ page }) => {
  test.slow();
  const order = await guestRxOrder();
  const reviews: string[] = [];
  page.on('request', (call) => {
    if (new URL(call.url()).pathname === '/api/desk/review') reviews.push(call.postData() ?? '');
  });
  await signInToDesk(page, STAFF.pharmacist, { landsOn: 'Order queue' });
  await page.goto(`/desk/order?id=${order.id}`);
  const first = page.getByTestId('desk-line-0');
  await first.getByRole('button', { name: 'Reject' }).click();
  await first.getByLabel('Reason').selectOption({ label: rejectionReasonLabels.other });
  // Spaces are no note.
  await first.getByLabel('Note').fill('   ');
  await first.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(first.getByText('Write a note when the reason is Other.')).toBeVisible();
  await expect(first.getByLabel('Note')).toHaveAttribute('aria-invalid', 'true');
  await expect(first.getByLabel('Note')).toHaveAccessibleDescription('Write a note when the reason is Other.');
  await expect(first.getByLabel('Note')).toBeFocused();
  await expect(page.getByText(/Invalid request/)).toHaveCount(0);
  expect(reviews).toEqual([]);

  await first.getByLabel('Note').fill('Dose on the prescription does not match the strength ordered');
  await expect(first.getByText('Write a note when the reason is Other.')).toHaveCount(0);
  await first.getByRole('button', { name: 'Confirm rejection' }).click();
  await expect(first).toContainText('Rejected: Other (Dose on the prescription does not match the strength ordered) by Asha Rao');
  expect(reviews).toHaveLength(1);
});
