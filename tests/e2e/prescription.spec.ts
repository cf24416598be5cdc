import { expect, test, type Page } from '@playwright/test';
import { fillLogin, serviceClient } from './support/accounts';
import { metformin, ONE_PIXEL_PNG, openCartWithRxLine, orderSummary, prescriptionDialog as dialog, storedCart } from './support/cart';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const fileInput = (page: Page) => dialog(page).getByLabel('Choose prescription files');
const proceed = (page: Page) => orderSummary(page).getByRole('button', { name: /Upload Prescription|Proceed to Pay/ });

/** The cart's lines as the browser holds them now. */
async function storedLines(page: Page) {
  return (await storedCart(page)).items;
}

async function objectsIn(folder: string): Promise<string[]> {
  const { data, error } = await serviceClient.storage.from('prescriptions').list(folder);
  if (error) throw error;
  return data.map((object) => object.name);
}

test('a prescription-only line forces Upload Prescription and hides the payment choice', async ({ page }) => {
  await openCartWithRxLine(page);
  await expect(proceed(page)).toHaveText('Upload Prescription');
  await expect(page.getByRole('group', { name: 'Payment Method' })).toHaveCount(0);

  await proceed(page).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText('Items whose prescription is not accepted by our pharmacist will be removed from the order.')).toBeVisible();
  await expect(dialog(page).getByRole('listitem').filter({ hasText: metformin.name })).toBeVisible();
  await expect(dialog(page).getByRole('button', { name: 'Save Prescription' })).toBeDisabled();

  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(proceed(page)).toBeFocused();
  await expect(page.getByText('Please upload a prescription before proceeding with your order.')).toBeVisible();
});

test.describe('choosing files', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
    await openCartWithRxLine(page);
    await proceed(page).click();
  });

  test('a file over 5 MB is refused, a good one is previewed and enables saving', async ({ page }) => {
    await fileInput(page).setInputFiles({ name: 'huge-scan.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await expect(dialog(page).getByText('Some files are too large. Max 5MB per file.')).toBeVisible();
    await expect(dialog(page).getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
    await expect(dialog(page).getByRole('button', { name: 'Save Prescription' })).toBeDisabled();

    await fileInput(page).setInputFiles([
      { name: 'scan.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
      { name: 'report.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    await expect(dialog(page).getByText('Files selected for upload')).toBeVisible();
    await expect(dialog(page).getByRole('img', { name: 'Preview of scan.png' })).toBeVisible();
    await expect(dialog(page).getByText('report.pdf')).toBeVisible();
    await expect(dialog(page).getByRole('button', { name: 'Save Prescription' })).toBeEnabled();

    await page.clock.fastForward(4000);
    await expect(dialog(page).getByText('Files selected for upload')).toHaveCount(0);

    await dialog(page).getByRole('button', { name: 'Remove scan.png' }).click();
    await dialog(page).getByRole('button', { name: 'Remove report.pdf' }).click();
    await expect(dialog(page).getByRole('button', { name: 'Save Prescription' })).toBeDisabled();
  });

  test('a file of an unknown type is refused the moment it is chosen and nothing is accepted', async ({ page }) => {
    await fileInput(page).setInputFiles({ name: 'notes.xyz', mimeType: '', buffer: Buffer.from('not a prescription') });
    const refusal = dialog(page).getByRole('alert');
    await expect(refusal).toContainText('Only images (JPG, PNG, WEBP, HEIC) and PDF files are accepted.');
    await expect(refusal).toContainText('notes.xyz');
    await expect(dialog(page).getByRole('list', { name: 'Chosen files' })).toHaveCount(0);
    await expect(dialog(page).getByRole('button', { name: 'Save Prescription' })).toBeDisabled();
    expect((await storedLines(page)).map((line) => line.prescriptionAccepted)).toEqual([false, true]);
  });
});

test('a guest upload lands in guest-<session id> and unlocks the payment choice', async ({ page }) => {
  const sessionId = await openCartWithRxLine(page);
  await proceed(page).click();
  await fileInput(page).setInputFiles([
    { name: 'scan.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG },
    { name: 'report.pdf', mimeType: '', buffer: PDF },
  ]);
  await dialog(page).getByRole('button', { name: 'Save Prescription' }).click();

  await expect(page.getByText('Prescription saved successfully for all items!')).toBeVisible();
  await expect(dialog(page)).toBeHidden();
  await expect(proceed(page)).toHaveText('Proceed to Pay');
  await expect(page.getByRole('radio', { name: 'Razorpay' })).toBeChecked();

  const folder = `guest-${sessionId}`;
  const names = await objectsIn(folder);
  expect(names).toHaveLength(2);
  expect(names.some((name) => /^[0-9a-f-]{36}\.png$/.test(name))).toBe(true);
  expect(names.some((name) => /^[0-9a-f-]{36}\.pdf$/.test(name))).toBe(true);
  const pdfName = names.find((name) => name.endsWith('.pdf'))!;
  const { data: pdf } = await serviceClient.storage.from('prescriptions').download(`${folder}/${pdfName}`);
  expect(Buffer.from(await pdf!.arrayBuffer()).equals(PDF)).toBe(true);

  const [rxLine, otcLine] = await storedLines(page);
  expect(rxLine).toMatchObject({ prescriptionAccepted: true });
  expect(rxLine!.prescriptionFileUrl).toMatch(new RegExp(`^${folder}/[0-9a-f-]{36}\\.(png|pdf)$`));
  expect(otcLine).toMatchObject({ prescriptionAccepted: true, prescriptionFileUrl: null });
});

test('a signed-in upload goes to the customer folder and is recorded on the account', async ({ page }) => {
  const userId = '22222222-2222-4222-8222-222222222222';
  await fillLogin(page, 'second@pharmacy.test', 'Second@12345');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await openCartWithRxLine(page);

  await proceed(page).click();
  await fileInput(page).setInputFiles({ name: 'Rx Scan.JPG', mimeType: '', buffer: ONE_PIXEL_PNG });
  await dialog(page).getByRole('button', { name: 'Save Prescription' }).click();
  await expect(page.getByText('Prescription saved successfully for all items!')).toBeVisible();

  const path = (await storedLines(page))[0]!.prescriptionFileUrl!;
  expect(path).toMatch(new RegExp(`^${userId}/[0-9a-f-]{36}\\.jpg$`));
  expect(await objectsIn(userId)).toContain(path.split('/')[1]);
  const { data: records } = await serviceClient.from('prescription_files').select('*').eq('file_url', path);
  expect(records).toEqual([
    expect.objectContaining({ request_id: userId, file_name: 'Rx Scan.JPG', file_type: 'image/jpeg', uploaded_by: userId }),
  ]);
  const { data: cartRow } = await serviceClient.from('cart').select('attachments').eq('user_id', userId).single();
  expect(cartRow!.attachments).toContainEqual(expect.objectContaining({ path, name: 'Rx Scan.JPG', type: 'image/jpeg' }));
  await expect(page.getByRole('link', { name: 'Prescription attached' })).toHaveAttribute('href', /\/storage\/v1\/object\/sign\/prescriptions\//);
});

test('a failed upload shows the error, keeps the files and accepts nothing; a retry succeeds', async ({ page }) => {
  await openCartWithRxLine(page);
  await page.route('**/storage/v1/object/**', (route) => route.abort('connectionrefused'));
  await proceed(page).click();
  await fileInput(page).setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await dialog(page).getByRole('button', { name: 'Save Prescription' }).click();

  await expect(dialog(page).getByRole('alert')).toContainText('Failed to save prescription');
  await expect(dialog(page).getByRole('img', { name: 'Preview of scan.png' })).toBeVisible();
  expect((await storedLines(page))[0]).toMatchObject({ prescriptionAccepted: false, prescriptionFileUrl: null });

  await page.unroute('**/storage/v1/object/**');
  await dialog(page).getByRole('button', { name: 'Save Prescription' }).click();
  await expect(page.getByText('Prescription saved successfully for all items!')).toBeVisible();
  await expect(proceed(page)).toHaveText('Proceed to Pay');
});
