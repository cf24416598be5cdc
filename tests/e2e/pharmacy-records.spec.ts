import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { formatRupees } from '../../src/domain/money';
import { serviceClient } from './support/accounts';
import { packAndShip, signInToDesk, signOutOfDesk, STAFF } from './support/desk';
import { paidRazorpayOrder } from './support/paid-order';
import { ONE_PIXEL_PNG } from './support/cart';
import { fixtureCartProduct, fixtureProduct } from './support/fixture-catalogue';
import { INBOX_URL, messageWithSubject, uniqueEmail } from './support/inbox';
import { NOTIFY_SAVED, UNAVAILABLE_NOTICE } from '../../src/features/catalogue/catalogue-strings';
import { productPath } from '../../src/domain/product';

/**
 * Issue 23 at the desk: a pharmacist imports the ERP's stock (a file with bad lines applies
 * nothing), reviews a Schedule H1 order with the prescriber's details, support dispatches it from
 * the first-expiring sellable batch, the customer opens the tax invoice, and the inspector's
 * register export lists the line. Azithromycin is the fixture's Schedule H1 product.
 */

// Every step here waits on a desk function; on a shared, loaded machine one answer can take tens of seconds.
const expect = baseExpect.configure({ timeout: 60_000 });
const SITE = `http://localhost:${process.env.PORT ?? 8888}`;
const azithromycin = fixtureCartProduct(16);
const EMAIL = `h1.guest.${Date.now()}@example.test`;
const DELIVERY = { full_name: 'Ravi Kumar', mobile: '98450 67890', line1: '7, 2nd Main, Jayanagar', area: '4th Block', city: 'Bengaluru', state: 'Karnataka', pin_code: '560011', email: EMAIL };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/** Today in India: the register's dates are days in India. */
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const mrp = (azithromycin.mrp_paise / 100).toFixed(2);


async function upload(page: Page, name: string, csv: string): Promise<void> {
  await page.getByLabel('Stock file (CSV)').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Import stock' }).click();
}

/** A guest's paid order for two strips of azithromycin with its prescription, through the checkout's own calls. */
const guestH1Order = () => guestOrder(azithromycin, 2, true);

/** A guest's paid order through the checkout's own calls (with an uploaded prescription when asked). */
const guestOrder = (product: ReturnType<typeof fixtureCartProduct>, quantity: number, withPrescription: boolean, delivery = DELIVERY) =>
  paidRazorpayOrder({ lines: [[product, quantity]], delivery, prescription: withPrescription ? { file: ONE_PIXEL_PNG, type: 'image/png' } : undefined });

test('stock import, an H1 order reviewed and dispatched by batch, its tax invoice and the register', async ({ browser }) => {
  test.setTimeout(900_000);
  // The first call to a function builds it (minutes on a loaded machine): warm them before the screens wait on them.
  const warmed = await Promise.all(
    ['desk/stock-import', 'desk/batches', 'desk/h1-prescription', 'desk/h1-register', 'desk/review', 'desk/fulfilment', 'orders/invoice', 'orders/get'].map(
      async (path) => (await fetch(`${SITE}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status,
    ),
  );
  expect(warmed.every((status) => status < 500)).toBe(true);
  const desk = await (await browser.newContext()).newPage();
  await signInToDesk(desk, STAFF.pharmacist, { landsOn: 'Order queue' });
  await desk.getByRole('link', { name: 'Stock and registers' }).click();
  await expect(desk.getByRole('heading', { name: 'Import stock' })).toBeVisible();

  // A file with two bad lines: nothing is applied and both are listed with their line numbers.
  await upload(desk, 'bad-stock.csv', `product,batch,expiry,quantity,mrp\n${azithromycin.id},AZ-E2E-BAD,${inDays(300)},10,${mrp}\n${azithromycin.id},AZ-E2E-BAD2,not-a-date,10,${mrp}\n99999,AZ-E2E-BAD3,${inDays(300)},10,${mrp}\n`);
  const refusal = desk.getByRole('alert').filter({ hasText: 'Nothing was imported' });
  await expect(refusal).toContainText('Nothing was imported: 2 line(s) need fixing.');
  await expect(refusal.getByRole('listitem')).toHaveCount(2);
  await expect(refusal.getByRole('listitem').nth(0)).toContainText('Line 3:');
  await expect(refusal.getByRole('listitem').nth(1)).toContainText('Line 4:');
  const batchesOf = async () => (await serviceClient.from('stock_batches').select('batch_number').eq('product_id', azithromycin.id).order('batch_number')).data;
  expect(await batchesOf()).toEqual([]);

  // The good file: a short-dated batch (never offered), the first-expiring sellable one, and a later one.
  await upload(
    desk,
    'stock.csv',
    `product,batch,expiry,quantity,mrp\n${azithromycin.id},AZ-E2E-SHORT,${inDays(30)},50,${mrp}\n${azithromycin.id},AZ-E2E-FIRST,${inDays(200)},5,${mrp}\n${azithromycin.id},AZ-E2E-LATER,${inDays(500)},500,${mrp}\n`,
  );
  await expect(desk.getByRole('status').filter({ hasText: /^Stock imported: 3 batches read, \d+ changed\.$/ })).toBeVisible();
  expect(await batchesOf()).toEqual([
    { batch_number: 'AZ-E2E-FIRST' },
    { batch_number: 'AZ-E2E-LATER' },
    { batch_number: 'AZ-E2E-SHORT' },
  ]);

  // The pharmacist reviews: Accept waits for the prescriber's details of the H1 line.
  const order = await guestH1Order();
  await desk.goto(`/desk/order?id=${order.id}`);
  await expect(desk.getByRole('heading', { name: `Order ${order.order_number}` })).toBeVisible();
  const line = desk.getByTestId('desk-line-0');
  await expect(line.getByRole('button', { name: 'Accept' })).toBeDisabled();
  await line.getByLabel('Patient name').fill('Ravi Kumar');
  await line.getByLabel('Prescriber name').fill('Dr. Meera Iyer');
  await line.getByLabel('Prescriber registration number').fill('KMC-45821');
  await line.getByRole('button', { name: 'Save prescriber details' }).click();
  await expect(line).toContainText('Schedule H1 · patient Ravi Kumar · prescribed by Dr. Meera Iyer, reg. KMC-45821');
  await line.getByRole('button', { name: 'Accept' }).click();
  await expect(line).toContainText('Accepted by Asha Rao');

  // Support dispatches: no shipping before the batch; the first-expiring sellable batch is suggested.
  await signOutOfDesk(desk);
  await signInToDesk(desk, STAFF.support, { landsOn: 'Order queue' });
  await desk.goto(`/desk/order?id=${order.id}`);
  await desk.getByRole('button', { name: 'Mark packed' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Packed');
  await desk.getByLabel('Courier name').fill('Blue Dart');
  await desk.getByLabel('Tracking number').fill('BD998877665IN');
  await desk.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(desk.getByRole('alert').filter({ hasText: `Pick the batches of line 1 (${azithromycin.name}) before the order ships.` })).toBeVisible();
  const batch = desk.getByLabel(`Batch for ${azithromycin.name}`);
  await expect(batch.locator('option:checked')).toContainText('AZ-E2E-FIRST');
  await expect(batch.locator('option')).toHaveText([/AZ-E2E-FIRST/, /AZ-E2E-LATER/]);
  await expect(desk.getByLabel('Quantity')).toHaveValue('2');
  await desk.getByRole('button', { name: 'Record batches' }).click();
  await expect(desk.getByText(`${azithromycin.name}: batch AZ-E2E-FIRST`)).toBeVisible();
  await desk.getByLabel('Courier name').fill('Blue Dart');
  await desk.getByLabel('Tracking number').fill('BD998877665IN');
  await desk.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Shipped');
  const invoiceLine = desk.getByText(/^Tax invoice MK\/\d{4}\/\d{6}$/);
  await expect(invoiceLine).toBeVisible();
  const invoiceNumber = (await invoiceLine.textContent())!.replace('Tax invoice ', '');
  expect((await serviceClient.from('stock_batches').select('quantity_on_hand').eq('batch_number', 'AZ-E2E-FIRST').single()).data).toEqual({ quantity_on_hand: 3 });

  // The customer (a guest with the order's link) opens the invoice from the order page and the dispatch mail.
  const mail = await messageWithSubject(EMAIL, `Your MediKart order ${order.order_number} is on its way`);
  expect(mail.Text).toContain(`/orders/invoice?number=${order.order_number}&key=${order.guestKey}`);
  const customer = await (await browser.newContext()).newPage();
  await customer.goto(`/orders/${order.order_number}?key=${order.guestKey}`);
  await customer.getByRole('link', { name: 'View your tax invoice' }).click();
  const sheet = customer.getByRole('region', { name: `Tax invoice ${invoiceNumber}, page 1 of 1` });
  await expect(sheet).toContainText('MediKart Pharmacy Private Limited');
  await expect(sheet).toContainText('GSTIN 29AAKCM4821Q1Z6');
  await expect(sheet).toContainText('Form 20 KA-B41-214512');
  await expect(sheet).toContainText('Place of supply: Karnataka');
  await expect(sheet).toContainText('Intra-state supply: CGST + SGST');
  const row = sheet.getByRole('row', { name: new RegExp(azithromycin.name) });
  await expect(row).toContainText('30042019');
  await expect(row).toContainText('AZ-E2E-FIRST');
  await expect(sheet.getByTestId('invoice-total')).toHaveText(formatRupees(order.totalPaise));
  await expect(sheet).toContainText('Dispensed by registered pharmacist Asha Rao, registration no. KA-PH-004512');

  // The inspector's export for today lists the line.
  await signOutOfDesk(desk);
  await signInToDesk(desk, STAFF.pharmacist, { landsOn: 'Order queue' });
  await desk.goto('/desk/records');
  await desk.getByLabel('From', { exact: true }).fill(today);
  await desk.getByLabel('To', { exact: true }).fill(today);
  const download = desk.waitForEvent('download');
  await desk.getByRole('button', { name: 'Download register (CSV)' }).click();
  const csv = await readFile((await (await download).path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toBe('Date of supply,Patient,Prescriber,Prescriber registration,Drug,Batch,Expiry,Quantity,Invoice,Order');
  expect(csv).toContain(`Ravi Kumar,Dr. Meera Iyer,KMC-45821,${azithromycin.name},AZ-E2E-FIRST,${inDays(200)},2,${invoiceNumber},${order.order_number}`);
});

/** A pharmacist's desk page on /desk/records, where the stock file is uploaded. */
async function pharmacistAtRecords(browser: Browser): Promise<Page> {
  const desk = await (await browser.newContext()).newPage();
  await signInToDesk(desk, STAFF.pharmacist, { landsOn: 'Order queue' });
  await desk.goto('/desk/records');
  return desk;
}

/** Uploads the stock with one batch set, as the pharmacist does (the desk then sends the back-in-stock mails). */
async function importAtDesk(desk: Page, productId: number, batchNumber: string, quantity: number, mrpPaise: number): Promise<void> {
  const imported = desk.waitForResponse((response) => response.url().endsWith('/api/desk/stock-import'));
  await upload(desk, 'stock.csv', await stockCsvWith(productId, batchNumber, quantity, mrpPaise));
  expect((await imported).status()).toBe(200);
}

/** The stock as the ERP would export it: every batch on hand now, with this one set (an import replaces the whole stock). */
async function stockCsvWith(productId: number, batchNumber: string, quantity: number, mrpPaise: number): Promise<string> {
  const { data, error } = await serviceClient.from('stock_batches').select('product_id, batch_number, expiry_date, quantity_on_hand, mrp_paise').gt('quantity_on_hand', 0);
  expect(error).toBeNull();
  const rows = (data as { product_id: number; batch_number: string; expiry_date: string; quantity_on_hand: number; mrp_paise: number }[])
    .filter((row) => !(row.product_id === productId && row.batch_number === batchNumber))
    .map((row) => [row.product_id, row.batch_number, row.expiry_date, row.quantity_on_hand, (row.mrp_paise / 100).toFixed(2)]);
  rows.push([productId, batchNumber, inDays(400), quantity, (mrpPaise / 100).toFixed(2)]);
  return ['product,batch,expiry,quantity,mrp', ...rows.map((row) => row.join(','))].join('\n') + '\n';
}

test('a "notify me" request gets one mail when the pharmacist\'s stock import brings the product back', async ({ page, browser }) => {
  test.setTimeout(600_000);
  // Sold out in the catalogue, so its page offers "Notify me".
  const ondansetron = fixtureProduct(5);
  const mrpPaise = ondansetron.mrp_paise;
  const email = uniqueEmail('back.in.stock');
  await page.goto(productPath(ondansetron));
  const form = page.locator('form[data-notify-me]');
  await form.getByRole('textbox', { name: /Email for a back-in-stock alert/ }).fill(email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText(NOTIFY_SAVED);

  const desk = await pharmacistAtRecords(browser);
  const importFile = (quantity: number) => importAtDesk(desk, ondansetron.id, 'OND-E2E-1', quantity, mrpPaise);
  await importFile(5);
  const mail = await messageWithSubject(email, `${ondansetron.name} is back in stock`);
  expect(mail.Text).toContain(`/products/${ondansetron.id}`);

  // The same file again, then sold out and back: the request was answered, once.
  await importFile(5);
  await importFile(0);
  await importFile(5);
  const inbox = await (await fetch(`${INBOX_URL}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json() as { messages: { Subject: string }[] };
  expect(inbox.messages.map((message) => message.Subject)).toEqual([`${ondansetron.name} is back in stock`]);
});

test('a product sold out only by its live stock offers "notify me" too, and the import that brings it back mails once', async ({ page, browser }) => {
  test.setTimeout(600_000);
  // On sale in the catalogue (its page is built with Add to Cart); no other spec buys it.
  const mometasone = fixtureProduct(12);
  const email = uniqueEmail('live.sold.out');
  const desk = await pharmacistAtRecords(browser);
  const importFile = (quantity: number) => importAtDesk(desk, mometasone.id, 'MOM-E2E-1', quantity, mometasone.mrp_paise);
  // Stock-tracked with nothing on hand: sold out, though the prebuilt page says Add to Cart.
  await importFile(0);

  const answer = page.waitForResponse((response) => response.url().includes('/api/stock/availability'));
  await page.goto(productPath(mometasone));
  expect(await (await answer).json()).toEqual({ [mometasone.id]: 0 });
  await expect(page.getByText(UNAVAILABLE_NOTICE['SOLD OUT'])).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sold Out' })).toBeDisabled();
  // The form and sentences of a product the catalogue marks sold out.
  const form = page.locator('form[data-notify-me]');
  await expect(form.getByText('Notify me when it is back in stock')).toBeVisible();
  await form.getByRole('textbox', { name: `Email for a back-in-stock alert about ${mometasone.name}` }).fill(email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText(NOTIFY_SAVED);
  const { data, error } = await serviceClient.from('stock_alerts').select('product_id, email').eq('email', email);
  expect(error).toBeNull();
  expect(data).toEqual([{ product_id: mometasone.id, email }]);

  await importFile(500);
  const mail = await messageWithSubject(email, `${mometasone.name} is back in stock`);
  expect(mail.Text).toContain(`/products/${mometasone.id}`);
  // The same file again changes nothing: the request was answered once.
  await importFile(500);
  const inbox = await (await fetch(`${INBOX_URL}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)).json() as { messages: { Subject: string }[] };
  expect(inbox.messages.map((message) => message.Subject)).toEqual([`${mometasone.name} is back in stock`]);
});

test('support takes back a delivered order, and the customer finds its credit note beside the invoice', async ({ browser }) => {
  test.setTimeout(600_000);
  // Over the counter and not stock-tracked: shipped without a batch.
  const cetirizine = fixtureCartProduct(14);
  const order = await guestOrder(cetirizine, 3, false, { ...DELIVERY, email: uniqueEmail('credit.note') });
  const desk = await (await browser.newContext()).newPage();
  await signInToDesk(desk, STAFF.support, { landsOn: 'Order queue' });
  await desk.goto(`/desk/order?id=${order.id}`);
  await packAndShip(desk, 'Blue Dart', 'BD-CN-4455');
  const invoiceNumber = (await desk.getByText(/^Tax invoice MK\/\d{4}\/\d{6}$/).textContent())!.replace('Tax invoice ', '');
  await desk.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(desk.getByTestId('desk-order-status')).toHaveText('Delivered');

  await desk.getByLabel('Reason for the return').fill('Strip damaged in transit');
  await desk.getByRole('button', { name: 'Accept return and refund' }).click();
  const creditLine = desk.getByText(/^Credit note CN\/\d{4}\/\d{6}$/);
  await expect(creditLine).toBeVisible();
  const creditNumber = (await creditLine.textContent())!.replace('Credit note ', '');
  await expect(desk.getByRole('button', { name: 'Accept return and refund' })).toHaveCount(0);

  const customer = await (await browser.newContext()).newPage();
  await customer.goto(`/orders/${order.order_number}?key=${order.guestKey}`);
  await customer.getByRole('link', { name: 'View your tax invoice' }).click();
  await expect(customer.getByRole('region', { name: `Tax invoice ${invoiceNumber}, page 1 of 1` })).toBeVisible();
  const note = customer.getByRole('region', { name: `Credit note ${creditNumber}, page 1 of 1` });
  await expect(note).toContainText(`Against invoice ${invoiceNumber}`);
  await expect(note).toContainText('Reason: Returned: Strip damaged in transit');
  await expect(note.getByRole('row', { name: new RegExp(cetirizine.name) })).toContainText('30049099');
  await expect(note.getByTestId('invoice-total')).toHaveText(formatRupees(order.totalPaise));
});
