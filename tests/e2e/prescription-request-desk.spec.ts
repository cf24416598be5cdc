import { expect, test, type Page } from '@playwright/test';
import { serviceClient } from './support/accounts';
import { signInToDesk, STAFF } from './support/desk';
import { ONE_PIXEL_PNG } from './support/cart';
import { fixtureProduct } from './support/fixture-catalogue';
import { messageWithSubject } from './support/inbox';
import { submittedGuestRequest } from './support/prescription-request';
import { fillDeliveryDetails, FIRST_CALL_TIMEOUT, ORDER_EMAIL } from './checkout-support';

const metformin = fixtureProduct(1);
const cetirizine = fixtureProduct(14);
const montelukast = fixtureProduct(13);
const razorpayCheckout = (page: Page) => page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });

/** Finds a product with the shop's search and puts it on the proposal. */
async function addFromCatalogue(desk: Page, name: string): Promise<void> {
  await desk.getByLabel('Search the catalogue').fill(name);
  await desk.getByRole('list', { name: 'Catalogue results' }).getByRole('button', { name: `Add ${name}`, exact: true }).click();
  await expect(desk.getByRole('list', { name: 'Proposed lines' }).getByText(name, { exact: false }).first()).toBeVisible();
}

test('a guest\'s prescription photo becomes the pharmacist\'s proposal, approved in part from the mailed link, paid with Razorpay and sent straight to packing', async ({ page, browser }) => {
  test.setTimeout(240_000);

  // The guest sends a prescription photo.
  await page.goto('/prescription-order');
  await page.getByLabel('Add prescription files').setInputFiles({ name: 'prescription.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await fillDeliveryDetails(page);
  await page.getByRole('button', { name: 'Send to pharmacist' }).click();
  const heading = page.getByRole('heading', { level: 1, name: /We have your prescription: request RX-\d{4}-\d{6}/ });
  await expect(heading).toBeVisible({ timeout: 3 * FIRST_CALL_TIMEOUT });
  const requestNumber = (await heading.textContent())!.match(/RX-\d{4}-\d{6}/)![0];

  // The pharmacist opens it from the queue, reads the photo (logged) and builds three lines.
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await signInToDesk(desk, STAFF.pharmacist, { landsOn: 'Prescription requests' });
  await desk.getByRole('link', { name: requestNumber }).click();
  await expect(desk.getByRole('heading', { name: `Prescription request ${requestNumber}` })).toBeVisible();
  await desk.getByRole('button', { name: 'View prescription.png' }).click();
  await expect(desk.getByRole('img', { name: 'Prescription prescription.png' })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  const request = await serviceClient.from('prescription_requests').select('id').eq('request_number', requestNumber).single();
  const views = await serviceClient.from('prescription_views').select('viewer_role, file_path').eq('request_id', request.data!.id);
  expect(views.data).toEqual([{ viewer_role: 'pharmacist', file_path: expect.stringMatching(/^guest-[0-9a-f-]{36}\/.+/) }]);

  await addFromCatalogue(desk, metformin.name);
  await desk.getByLabel(`Quantity of ${metformin.name}`).fill('2');
  await addFromCatalogue(desk, cetirizine.name);
  await addFromCatalogue(desk, montelukast.name);
  await desk.getByLabel(`Supply of ${montelukast.name}`).selectOption({ label: 'Not available' });
  await desk.getByLabel(`Reason for ${montelukast.name}`).fill('Out of stock with our supplier this week');
  await desk.getByRole('button', { name: 'Send proposal to the customer' }).click();
  await expect(desk.getByText('Status: Ready for you to approve')).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await deskContext.close();

  // The mail links to the request, where the guest keeps two lines, one of them lowered, and pays.
  const mail = await messageWithSubject(ORDER_EMAIL, `Your medicines for request ${requestNumber} are ready to approve`);
  const link = new URL(mail.Text.match(/See your request: (\S+)/)![1]!);
  await page.goto(`${link.pathname}${link.search}`);
  const proposal = page.getByRole('list', { name: 'Proposed medicines' });
  await expect(proposal.getByRole('listitem')).toHaveCount(2, { timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText(`${montelukast.name}: Out of stock with our supplier this week`)).toBeVisible();
  // Never more than proposed: the choice stops at the pharmacist's 2.
  await expect(page.getByLabel(`Quantity of ${metformin.name}`).getByRole('option')).toHaveText(['1', '2']);
  await page.getByLabel(`Quantity of ${metformin.name}`).selectOption('1');
  await page.getByRole('button', { name: 'Approve and pay', exact: true }).click();
  await razorpayCheckout(page).getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/orders\/MK-\d{4}-\d{6,}\?key=/, { timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByRole('heading', { name: /^Order MK-/ })).toBeVisible();

  // The order carries the reviewed prescription and skips the second review: it is confirmed for packing.
  const orderNumber = new URL(page.url()).pathname.split('/').pop()!;
  await expect
    .poll(async () => (await serviceClient.from('orders').select('status, payment_status, lines, prescription_paths').eq('order_number', orderNumber).single()).data)
    .toMatchObject({
      status: 'confirmed',
      payment_status: 'paid',
      lines: [expect.objectContaining({ product_id: metformin.id, quantity: 1 }), expect.objectContaining({ product_id: cetirizine.id, quantity: 1 })],
      prescription_paths: [views.data![0]!.file_path],
    });

  // The mailed link now says it is paid and leads to the order; paying again is refused.
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Status: Paid: your order is being packed')).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByRole('link', { name: orderNumber })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Approve and pay', exact: true })).toBeHidden();
});

test('a line the customer will not get, sent without a reason, is marked beside the line with the sentence and nothing is sent', async ({ page }) => {
  test.slow();
  const request = await submittedGuestRequest({ email: 'reasons.guest@example.test', name: 'Ravi Kumar' });
  const decisions: string[] = [];
  page.on('request', (call) => {
    if (new URL(call.url()).pathname === '/api/desk/request-decision') decisions.push(call.postData() ?? '');
  });
  await signInToDesk(page, STAFF.pharmacist, { path: `/desk/request?id=${request.id}`, landsOn: `Prescription request ${request.requestNumber}` });

  await addFromCatalogue(page, metformin.name);
  await page.getByLabel('A prescribed item not in the catalogue').fill('Glimepiride 2mg');
  await page.getByRole('button', { name: 'Add as not available' }).click();
  await page.getByLabel('A prescribed item not in the catalogue').fill('Vitamin B12 drops');
  await page.getByRole('button', { name: 'Add as not available' }).click();
  // Spaces are no reason either.
  await page.getByLabel('Reason for Vitamin B12 drops').fill('   ');
  await page.getByRole('button', { name: 'Send proposal to the customer' }).click();

  const lines = page.getByRole('list', { name: 'Proposed lines' }).getByRole('listitem');
  for (const name of ['Glimepiride 2mg', 'Vitamin B12 drops']) {
    const line = lines.filter({ hasText: name });
    await expect(line.getByText('Give a reason the customer will read.')).toBeVisible();
    await expect(page.getByLabel(`Reason for ${name}`)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(`Reason for ${name}`)).toHaveAccessibleDescription('Give a reason the customer will read.');
  }
  await expect(page.getByLabel('Reason for Glimepiride 2mg')).toBeFocused();
  await expect(lines.filter({ hasText: metformin.name }).getByText('Give a reason the customer will read.')).toHaveCount(0);
  await expect(page.getByText(/Invalid request|lines\.\d/)).toHaveCount(0);

  // A reason given clears its line's mark; the rest stay until they have one.
  await page.getByLabel('Reason for Glimepiride 2mg').fill('Not stocked by our pharmacy');
  await expect(lines.filter({ hasText: 'Glimepiride 2mg' }).getByText('Give a reason the customer will read.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Send proposal to the customer' }).click();
  await expect(lines.filter({ hasText: 'Vitamin B12 drops' }).getByText('Give a reason the customer will read.')).toBeVisible();

  // Rejecting the whole request without a reason is refused beside its box, also before sending.
  await page.getByRole('button', { name: 'Reject request' }).click();
  await expect(page.getByLabel('Reason the customer will read')).toHaveAccessibleDescription('Give the reason for rejecting the request.');
  await expect(page.getByText(/Invalid request/)).toHaveCount(0);
  expect(decisions).toEqual([]);

  await page.getByLabel('Reason for Vitamin B12 drops').fill('Not on the prescription we can read');
  await page.getByRole('button', { name: 'Send proposal to the customer' }).click();
  await expect(page.getByText('Status: Ready for you to approve')).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  expect(decisions).toHaveLength(1);
  const { data: saved } = await serviceClient.from('prescription_request_lines').select('name, line_status, reason').eq('request_id', request.id).order('position');
  expect(saved).toEqual([
    { name: metformin.name, line_status: 'proposed', reason: null },
    { name: 'Glimepiride 2mg', line_status: 'unavailable', reason: 'Not stocked by our pharmacy' },
    { name: 'Vitamin B12 drops', line_status: 'unavailable', reason: 'Not on the prescription we can read' },
  ]);
});
