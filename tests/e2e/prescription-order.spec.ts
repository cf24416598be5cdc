import { expect, test, type Page } from '@playwright/test';
import { codPinCode } from './support/fixture-delivery';
import { serviceClient } from './support/accounts';
import { ONE_PIXEL_PNG } from './support/cart';
import { fillDeliveryDetails, FIRST_CALL_TIMEOUT, ORDER_EMAIL } from './checkout-support';
import { messageWithSubject } from './support/inbox';
import { fixtureProduct } from './support/fixture-catalogue';
import { proposedGuestRequest } from './support/prescription-request';

const fileInput = (page: Page) => page.getByLabel('Add prescription files');
const chosenFiles = (page: Page) => page.getByRole('list', { name: 'Prescription files' });
const problems = (page: Page) => page.getByRole('alert');

async function requestRow(requestNumber: string) {
  const request = await serviceClient.from('prescription_requests').select('id, status, note, user_id, delivery_pin_code').eq('request_number', requestNumber).single();
  if (request.error) throw request.error;
  const { id, ...row } = request.data;
  const files = await serviceClient.from('prescription_request_files').select('file_name, file_type').eq('request_id', id);
  if (files.error) throw files.error;
  return { ...row, files: files.data };
}

test('a guest orders with a prescription photo from the landing page and sees the request\'s state', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Order with prescription' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order with prescription' })).toBeVisible();

  // A 6 MB photo and a text file are refused with a sentence each; nothing else is lost.
  await fileInput(page).setInputFiles([
    { name: 'huge-scan.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('paracetamol') },
  ]);
  await expect(problems(page)).toContainText('huge-scan.png: Some files are too large. Max 5MB per file.');
  await expect(problems(page)).toContainText('notes.txt: Only images (JPG, PNG, WEBP, HEIC) and PDF files are accepted.');
  await expect(chosenFiles(page)).toHaveCount(0);

  await fileInput(page).setInputFiles({ name: 'prescription.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(chosenFiles(page).getByRole('listitem')).toHaveText([/prescription\.png/]);

  // Sending before the delivery details asks for them and keeps the chosen photo.
  await page.getByRole('button', { name: 'Send to pharmacist' }).click();
  await expect(problems(page)).toHaveText('Fill in the delivery details above.');
  await expect(chosenFiles(page).getByRole('listitem')).toHaveText([/prescription\.png/]);

  await fillDeliveryDetails(page);
  await page.getByLabel('Note for the pharmacist (optional)').fill('All medicines for 30 days');
  await page.getByRole('button', { name: 'Send to pharmacist' }).click();

  const heading = page.getByRole('heading', { level: 1, name: /We have your prescription: request RX-\d{4}-\d{6}/ });
  await expect(heading).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText('Status: Received: waiting for a pharmacist')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'prescription.png' })).toBeVisible();
  const requestNumber = (await heading.textContent())!.match(/RX-\d{4}-\d{6}/)![0];
  expect(new URL(page.url()).searchParams.get('key')).toMatch(/^[A-Za-z0-9_-]{43}$/);

  expect(await requestRow(requestNumber)).toEqual({
    status: 'submitted',
    note: 'All medicines for 30 days',
    user_id: null,
    delivery_pin_code: codPinCode,
    files: [{ file_name: 'prescription.png', file_type: 'image/png' }],
  });

  // The mail says so and its link opens the request without signing in.
  const mail = await messageWithSubject(ORDER_EMAIL, `We have your prescription: request ${requestNumber}`);
  const link = new URL(mail.Text.match(/See your request: (\S+)/)![1]!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Status: Received: waiting for a pharmacist')).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });

  // Someone else's key (or none) never opens the request.
  await page.goto(`/prescription-request?number=${requestNumber}&key=${'A'.repeat(43)}`);
  await expect(page.getByRole('alert')).toHaveText('This request cannot be shown. Sign in to the account it was made from, or open the link in your mail.');
  await page.goto('/prescription-request?number=RX-2611-999999');
  await expect(page.getByRole('alert')).toHaveText('We could not find this prescription request. Check the link in your mail.');
});

test('the header and the cart link to ordering with a prescription', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Order with prescription' })).toHaveAttribute('href', '/prescription-order');
  await page.goto('/cart');
  await page.getByRole('main').getByRole('link', { name: 'Order with prescription' }).click();
  await expect(page).toHaveURL(/\/prescription-order$/);
});

test('a PIN code we do not deliver to is refused before anything is sent', async ({ page }) => {
  await page.goto('/prescription-order');
  await fileInput(page).setInputFiles({ name: 'prescription.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  // A request goes wherever an order can (the own zones, else the courier): 744101 (Port Blair) no courier of the emulator serves.
  await fillDeliveryDetails(page, { 'PIN code': '744101' });
  await page.getByRole('button', { name: 'Send to pharmacist' }).click();
  await expect(problems(page)).toContainText("We don't deliver to 744101 yet");
  await expect(page).toHaveURL(/\/prescription-order$/);
  await expect(chosenFiles(page).getByRole('listitem')).toHaveText([/prescription\.png/]);
});

test('a proposal not approved within 7 days expires with a mail, and its link says so', async ({ page, request }) => {
  const email = `expiry.${Date.now()}@example.test`;
  const { id, requestNumber } = await proposedGuestRequest({ email, name: 'Ravi Kumar', product: fixtureProduct(1) });
  // Eight days pass: the proposal's 7 days end yesterday.
  const { error } = await serviceClient.from('prescription_requests').update({ expires_at: new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString() }).eq('id', id);
  if (error) throw error;

  expect((await request.post('/.netlify/functions/prescription-requests-expire')).status()).toBe(204);
  const mail = await messageWithSubject(email, `Request ${requestNumber} has expired`);
  expect(mail.Text).toContain('Your request was not approved within 7 days, so it has expired.');
  const link = new URL(mail.Text.match(/See your request: (\S+)/)![1]!);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByText('Status: Expired')).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText('This request was not approved within 7 days, so it has expired. Upload your prescription again to order.')).toBeVisible();
});
