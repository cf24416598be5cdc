import { expect, test } from '@playwright/test';
import { serviceClient } from './support/accounts';
import { cetirizine, storeCart, storedCart, storedLine } from './support/cart';
import { fixtureProduct } from './support/fixture-catalogue';
import { messageWithSubject } from './support/inbox';
import { proposedGuestRequest } from './support/prescription-request';
import { FIRST_CALL_TIMEOUT } from './checkout-support';
import { PHONEPE_VERIFIED } from '../../src/features/checkout/checkout-strings';
import { sellingPricePaise } from '../../src/domain/selling-price';

const metformin = fixtureProduct(1);

test('a guest approves a proposal and pays with PhonePe: back on the request page, then the order, sent straight to packing, and the shopping cart untouched', async ({ page, request }) => {
  // The first PhonePe calls on a fresh server bundle the functions.
  test.slow();
  const email = `rx.phonepe.${Date.now()}@example.test`;
  const { requestNumber, filePath } = await proposedGuestRequest({ email, name: 'Farah Khan', product: metformin });
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
