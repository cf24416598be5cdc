import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import sellerFile from '../../content/pharmacy/seller.json' with { type: 'json' };
import { indiaDay } from '../../src/domain/gst-returns';
import { buildInvoice, sellerSchema } from '../../src/domain/tax-invoice';
import { serviceClient } from './support/accounts';
import { signInToDesk, STAFF } from './support/desk';

const OWNER = { email: 'owner@pharmacy.test', password: 'Owner@12345' };
const seller = sellerSchema.parse(sellerFile);
// An HSN code no fixture product carries, so this spec finds its own line among other specs' invoices.
const HSN = '30039011';

/** A delivered cash-on-delivery order to Maharashtra with its tax invoice, issued as shipping issues it. */
async function invoicedOrder(): Promise<string> {
  const { data: order, error } = await serviceClient
    .from('orders')
    .insert({
      // A guest's order: the demo customer's order list, which other specs read, stays as it is.
      guest_session_id: randomUUID(),
      provider: 'cod',
      provider_order_id: `cod_reports_e2e_${Date.now()}`,
      amount_paise: 2 * 11_933,
      lines: [{ product_id: 101, name: 'Reports Test Syrup', unit_mrp_paise: 11_933, unit_price_paise: 11_933, quantity: 2 }],
      delivery_name: 'Asha Rao',
      delivery_mobile: '+919822233333',
      delivery_email: 'asha.reports.e2e@example.test',
      delivery_line1: '12 FC Road',
      delivery_city: 'Pune',
      delivery_state: 'Maharashtra',
      delivery_pin_code: '411004',
      delivery_zone_id: 'bengaluru-central',
      promised_delivery_date: '2026-12-01',
    })
    .select('id, order_number')
    .single();
  if (error) throw error;
  const document = buildInvoice({
    seller,
    buyer: { name: 'Asha Rao', addressLines: ['12 FC Road', 'Pune'], state: 'Maharashtra', pinCode: '411004' },
    orderNumber: order.order_number as string,
    lines: [{ name: 'Reports Test Syrup', hsnCode: HSN, gstRate: 12, schedule: 'OTC', unitPricePaise: 11_933, batches: [{ batchNumber: 'RT-1', expiryDate: '2028-03-31', quantity: 2, mrpPaise: 11_933 }] }],
    pharmacist: { name: 'Asha Rao', registrationNumber: 'KA-PH-004512' },
    paidPaise: 2 * 11_933,
  });
  const issued = await serviceClient.rpc('issue_tax_document', { p_order_id: order.id, p_kind: 'invoice', p_document: document });
  if (issued.error) throw issued.error;
  return (issued.data as { number: string }).number;
}

test('the owner signs in at /desk/reports and downloads the month’s GSTR-1 JSON', async ({ page }) => {
  test.slow();
  const invoiceNumber = await invoicedOrder();
  const month = indiaDay(new Date().toISOString()).slice(0, 7);

  await signInToDesk(page, OWNER, { path: '/desk/reports', landsOn: 'Reports' });
  // The desk's header lists the owner's one page, as the current one.
  const deskPages = page.getByRole('navigation', { name: 'Desk' }).getByRole('list');
  await expect(page.getByRole('banner').getByText('Signed in as Vikram Shah (owner)')).toBeVisible();
  await expect(deskPages.getByRole('link')).toHaveText(['Reports']);
  await expect(deskPages.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
  await page.getByLabel('Month', { exact: true }).fill(month);
  await page.getByRole('button', { name: 'Show the month' }).click();
  await expect(page.getByText(new RegExp(`^${month}: \\d+ invoices`))).toBeVisible({ timeout: 15_000 });
  // GSTR-3B's 3.2 names the place of supply of the inter-state invoice.
  await expect(page.getByRole('rowheader', { name: '27-Maharashtra' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download GSTR-1 JSON' }).click()]);
  expect(download.suggestedFilename()).toBe(`GSTR1_${seller.gstin}_${month.slice(5)}${month.slice(0, 4)}.json`);
  const gstr1 = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(gstr1).toMatchObject({ gstin: seller.gstin, fp: `${month.slice(5)}${month.slice(0, 4)}`, version: 'GST3.2.1' });
  const ours = gstr1.hsn.hsn_b2c.find((row: { hsn_sc: string }) => row.hsn_sc === HSN);
  expect(ours).toMatchObject({ rt: 12, uqc: 'NOS', qty: 2, txval: 213.09, iamt: 25.57, camt: 0, samt: 0 });
  const invoices = gstr1.doc_issue.doc_det.find((entry: { doc_num: number }) => entry.doc_num === 1).docs[0];
  expect(invoiceNumber >= invoices.from && invoiceNumber <= invoices.to).toBe(true);
  expect(gstr1.b2cs).toContainEqual(expect.objectContaining({ sply_ty: 'INTER', pos: '27', rt: 12, typ: 'OE' }));
});

test('the other desk roles get a sentence and their own page at /desk/reports', async ({ page }) => {
  await signInToDesk(page, STAFF.marketing, { path: '/desk/reports' });
  await expect(page.getByText('Reports are for the pharmacy’s owner or accountant.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Campaign sales' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show the month' })).toHaveCount(0);
});
