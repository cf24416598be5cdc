import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { serviceClient } from './support/accounts';
import { cetirizine, ONE_PIXEL_PNG, storeCart, storedCart, storedLine } from './support/cart';
import { fixtureProduct } from './support/fixture-catalogue';
import { codPinCode } from './support/fixture-delivery';
import { messageWithSubject } from './support/inbox';
import { FIRST_CALL_TIMEOUT } from './checkout-support';
import { PHONEPE_VERIFIED } from '../../src/features/checkout/checkout-strings';
import { sellingPricePaise } from '../../src/domain/selling-price';

const metformin = fixtureProduct(1);

/** A guest's request the pharmacist has proposed two packs of metformin for; returns its number and prescription file. */
async function proposedRequest(email: string) {
  const session = randomUUID();
  const filePath = `guest-${session}/prescription.png`;
  const upload = await serviceClient.storage.from('prescriptions').upload(filePath, new Blob([ONE_PIXEL_PNG], { type: 'image/png' }));
  if (upload.error) throw upload.error;
  const submitted = await serviceClient
    .from('prescription_requests')
    .insert({
      guest_session_id: session,
      delivery_name: 'Farah Khan',
      delivery_mobile: '+919845012345',
      delivery_email: email,
      delivery_line1: '12, 4th Cross, Indiranagar',
      delivery_city: 'Bengaluru',
      delivery_state: 'Karnataka',
      delivery_pin_code: codPinCode,
      delivery_zone_id: 'bengaluru-central',
    })
    .select('id, request_number')
    .single();
  if (submitted.error) throw submitted.error;
  const { id, request_number: requestNumber } = submitted.data;
  for (const change of [
    () => serviceClient.from('prescription_request_files').insert({ request_id: id, file_path: filePath, file_name: 'prescription.png', file_type: 'image/png', size_bytes: ONE_PIXEL_PNG.length }),
    () => serviceClient.from('prescription_requests').update({ status: 'in_review' }).eq('id', id),
    () => serviceClient.from('prescription_request_lines').insert({ request_id: id, position: 0, product_id: metformin.id, name: metformin.name, line_status: 'proposed', prescribed_quantity: 2, quantity: 2 }),
    () =>
      serviceClient
        .from('prescription_requests')
        .update({ status: 'proposed', pharmacist_id: '33333333-3333-4333-8333-333333333333', pharmacist_name: 'Asha Rao', registration_number: 'KA-PH-004512' })
        .eq('id', id),
  ]) {
    const { error } = await change();
    if (error) throw error;
  }
  return { requestNumber: requestNumber as string, filePath };
}

test('a guest approves a proposal and pays with PhonePe: back on the request page, then the order, sent straight to packing, and the shopping cart untouched', async ({ page, request }) => {
  // The first PhonePe calls on a fresh server bundle the functions.
  test.slow();
  const email = `rx.phonepe.${Date.now()}@example.test`;
  const { requestNumber, filePath } = await proposedRequest(email);
  // The guest's shopping cart holds something else, which paying for the request must not touch.
  const cartSession = await storeCart(page, [storedLine(cetirizine, 3)]);

  // The scheduled run sends the waiting proposal mail, whose link opens the request.
  expect((await request.post('/.netlify/functions/prescription-requests-expire')).status()).toBe(204);
  const mail = await messageWithSubject(email, `Your medicines for request ${requestNumber} are ready to approve`);
  const link = new URL(mail.Text.match(/See your request: (\S+)/)![1]!);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Approve and pay with PhonePe' }).click({ timeout: FIRST_CALL_TIMEOUT });

  // PhonePe's (emulated) page, paid; its callback page says where it goes next.
  await expect(page.getByRole('heading', { name: 'PhonePe (test)' })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  const transactionId = (await page.getByText(/^Order TXN_/).textContent())!.replace('Order ', '');
  await page.getByRole('button', { name: 'Success' }).click();
  await expect(page).toHaveURL(/\/payment\/phonepe\/callback\?merchantTransactionId=TXN_/);
  await expect(page.getByText(PHONEPE_VERIFIED)).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByText('Taking you back to your prescription request...')).toBeVisible();

  // Back on the request page it started on (not /cart), which checks the payment and opens the order.
  await expect(page).toHaveURL(`${link.pathname}${link.search}`);
  await expect(page.getByText('Verifying your payment...')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/MK-\d{4}-\d{6,}\?key=/, { timeout: FIRST_CALL_TIMEOUT });
  await expect(page.getByRole('heading', { name: /^Order MK-/ })).toBeVisible();
  const orderNumber = new URL(page.url()).pathname.split('/').pop()!;

  // The order is PhonePe's, paid, with the reviewed prescription: confirmed for packing, no second review.
  await expect
    .poll(async () => (await serviceClient.from('orders').select('provider, provider_order_id, status, payment_status, amount_paise, prescription_paths').eq('order_number', orderNumber).single()).data)
    .toMatchObject({
      provider: 'phonepe',
      provider_order_id: transactionId,
      status: 'confirmed',
      payment_status: 'paid',
      amount_paise: 2 * sellingPricePaise(metformin),
      prescription_paths: [filePath],
    });
  expect(await page.evaluate(() => sessionStorage.getItem('phonepe-merchant-transaction-id'))).toBeNull();

  // The shopping cart is as it was, and /cart has nothing to verify.
  const cart = await storedCart(page);
  expect(cart.sessionId).toBe(cartSession);
  expect(cart.items.map((item) => [item.product.id, item.quantity])).toEqual([[cetirizine.id, 3]]);
  await page.goto('/cart');
  await expect(page.getByRole('main').getByText(cetirizine.name).first()).toBeVisible();
  await expect(page.getByText('Verifying your payment...')).toBeHidden();
});
