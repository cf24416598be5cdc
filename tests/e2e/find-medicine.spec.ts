import { expect, test, type Page } from '@playwright/test';
import { discountLabel, sellingPricePaise } from '../../src/domain/selling-price';
import { expectOrders, fillDeliveryDetails, FIRST_CALL_TIMEOUT, proceedButton } from './checkout-support.ts';
import { openCartPage, orderSummary } from './support/cart';
import { serviceClient } from './support/accounts';
import { NOTIFY_SAVED } from '../../src/features/catalogue/catalogue-strings';
import { fixtureNames, fixtureProduct, rupees, sellingPrice } from './support/fixture-catalogue';

/** Finding the right medicine (issue 14): full product facts and the selling price. */

const metformin = fixtureProduct(1);
const nicotine = fixtureProduct(9);
const cetirizine = fixtureProduct(14);
const metforminCr = fixtureProduct(2);
const glycomet = fixtureProduct(19);
const metformin500Cr = fixtureProduct(20);

const card = (page: Page, name: string) => page.locator('[data-product-card]').filter({ has: page.getByRole('link', { name, exact: true }) });
const section = (page: Page, heading: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });

const searchBox = (page: Page) => page.getByPlaceholder('Search medicines, brands, categories, or marketers...');
const shownNames = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('article').getByRole('heading').allInnerTexts();
const withSalt = (word: string) => fixtureNames((product) => product.salt.toLowerCase().includes(word));

test.describe('search', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/products');
  });

  test('finds a medicine by its salt, names first', async ({ page }) => {
    const cetirizineSalt = cetirizine.salt.split(' ')[0]!.toLowerCase();
    await searchBox(page).fill(cetirizineSalt);
    await expect.poll(() => shownNames(page)).toEqual(withSalt(cetirizineSalt));
    // Glycomet has metformin only in its salt: it comes after the products named metformin.
    await searchBox(page).fill('metformin');
    await expect.poll(async () => (await shownNames(page)).at(-1)).toBe(glycomet.name);
    await expect.poll(async () => (await shownNames(page)).sort()).toEqual(withSalt('metformin').sort());
  });

  test('finds a medicine by the condition it treats', async ({ page }) => {
    await searchBox(page).fill('diabetes');
    await expect.poll(async () => (await shownNames(page)).sort()).toEqual(
      fixtureNames((product) => [...product.primary_uses, ...product.uses].some((use) => /diabetes/i.test(use))).sort(),
    );
    expect((await shownNames(page)).length).toBeGreaterThan(1);
  });

  test('matches inside a word and forgives one typo', async ({ page }) => {
    await searchBox(page).fill('formin');
    await expect.poll(async () => (await shownNames(page)).sort()).toEqual(withSalt('metformin').sort());
    await searchBox(page).fill('metfromin');
    await expect.poll(async () => (await shownNames(page)).sort()).toEqual(withSalt('metformin').sort());
    await expect(page).toHaveURL(/\?q=metfromin$/);
  });
});

test('the header search on a policy page suggests names and lists the matches on /products', async ({ page }) => {
  await page.goto('/privacy-policy');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search medicines' });
  await box.focus();
  await box.fill('formin');
  const suggestions = () =>
    page.locator('#header-search-suggestions option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  await expect.poll(async () => (await suggestions()).sort()).toEqual(withSalt('metformin').slice(0, 8).sort());
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=formin$/);
  await expect.poll(async () => (await shownNames(page)).sort()).toEqual(withSalt('metformin').sort());
});

test.describe('product facts', () => {
  test('a product page shows side effects, a missed dose, interactions, FAQ and the fact box', async ({ page }) => {
    await page.goto(`/products/${metformin.slug}`);
    await expect(section(page, 'Side Effects')).toContainText(metformin.side_effects!);
    await expect(section(page, 'If You Miss a Dose')).toContainText(metformin.missed_dosage!);

    const interactions = section(page, 'Interactions').getByRole('table');
    await expect(interactions.getByRole('rowheader')).toHaveText(metformin.interactions.map((rating) => rating.topic));
    // Each rating is printed in words, not only coloured.
    const alcohol = interactions.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Alcohol' }) });
    await expect(alcohol.getByText('Unsafe', { exact: true })).toHaveAttribute('data-severity', 'danger');

    const faq = section(page, 'Frequently Asked Questions');
    for (const { question, answer } of metformin.faq) {
      await expect(faq.getByText(question)).toBeVisible();
      await expect(faq.getByText(answer)).toBeVisible();
    }
    const faqPage = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) =>
      scripts.map((script) => JSON.parse(script.textContent ?? '{}') as { '@type': string; mainEntity?: unknown[] }).find((data) => data['@type'] === 'FAQPage'),
    );
    expect(faqPage?.mainEntity).toHaveLength(metformin.faq.length);

    const facts = section(page, 'Product Facts');
    await expect(facts).toContainText(`Therapeutic class${metformin.therapeutic_class}`);
    await expect(facts).toContainText(`Chemical class${metformin.chemical_class}`);
    await expect(facts).toContainText('Habit formingNo');
    // The marketer and their address are under the spec's 'Manufactured by'.
    await expect(section(page, 'Manufactured by')).toContainText(metformin.marketer_address!);
    await expect(facts).toContainText(`Country of origin${metformin.country_of_origin}`);
    await expect(page.locator('main')).not.toContainText('null');
  });

  test('a section the record has no data for is left out', async ({ page }) => {
    expect(nicotine.missed_dosage).toBeNull();
    await page.goto(`/products/${nicotine.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: nicotine.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'If You Miss a Dose' })).toHaveCount(0);
    await expect(section(page, 'Product Facts')).toContainText('Habit formingYes');
    await expect(page.locator('main')).not.toContainText('null');
  });
});

test.describe('substitutes', () => {
  test('a product page offers the same salt and strength in the same form, with its price per unit and saving', async ({ page }) => {
    const perTablet = (product: typeof metformin) => sellingPrice(product) / product.pack_size!.amount;
    const save = Math.floor((1 - perTablet(glycomet) / perTablet(metformin)) * 100);
    expect(save).toBeGreaterThan(0);
    await page.goto(`/products/${metformin.slug}`);
    const substitutes = section(page, 'Substitutes');
    const offer = substitutes.getByRole('listitem').filter({ has: page.getByRole('link', { name: glycomet.name }) });
    await expect(offer).toContainText(`${rupees(perTablet(glycomet))} per tablet`);
    await expect(offer).toContainText(`Save ${save}%`);
    // Same salt and strength, but a controlled-release tablet is not interchangeable with a plain one.
    await expect(substitutes.getByRole('link', { name: metformin500Cr.name })).toHaveCount(0);
    await expect(section(page, 'Other strengths').getByRole('link', { name: metforminCr.name })).toBeVisible();

    await offer.getByRole('link', { name: glycomet.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: glycomet.name })).toBeVisible();
  });

  test('a product with no substitute shows no substitutes section', async ({ page }) => {
    await page.goto(`/products/${nicotine.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: nicotine.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Substitutes' })).toHaveCount(0);
  });
});

test.describe('selling price', () => {
  test('a discounted card and page show the selling price, the MRP struck through and the saving', async ({ page }) => {
    const off = discountLabel(cetirizine)!;
    expect(off).toMatch(/^\d+% off$/);
    await page.goto('/products');
    const cetirizineCard = card(page, cetirizine.name);
    await expect(cetirizineCard.locator('[data-price]')).toHaveText(rupees(sellingPrice(cetirizine)));
    await expect(cetirizineCard.getByText('MRP', { exact: true })).toBeVisible();
    await expect(cetirizineCard.locator('s')).toHaveText(rupees(cetirizine.mrp_paise / 100));
    await expect(cetirizineCard.getByText(off)).toBeVisible();

    await page.goto(`/products/${cetirizine.slug}`);
    await expect(page.locator('main [data-price]')).toHaveText(rupees(sellingPrice(cetirizine)));
    await expect(page.locator('main s')).toHaveText(rupees(cetirizine.mrp_paise / 100));
    await expect(page.getByText(off)).toBeVisible();
  });

  test('a current price above MRP is ignored: the card shows MRP and no saving', async ({ page }) => {
    expect(metforminCr.current_price_paise).toBeGreaterThan(metforminCr.mrp_paise);
    await page.goto('/products');
    const crCard = card(page, metforminCr.name);
    await expect(crCard.locator('[data-price]')).toHaveText(rupees(metforminCr.mrp_paise / 100));
    await expect(crCard.getByText(/% off/)).toHaveCount(0);
  });

  test('the cart and the payment charge the selling price shown on the card', async ({ page }) => {
    test.slow();
    await page.goto('/products');
    const add = card(page, cetirizine.name).getByRole('button', { name: 'Add', exact: true });
    await add.click();
    await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(/^Cart\s*1$/);
    await openCartPage(page);
    const total = rupees(sellingPrice(cetirizine));
    await expect(orderSummary(page).getByRole('definition').last()).toHaveText(total);
    const sessionId = await page.evaluate(() => (JSON.parse(localStorage.getItem('cart') ?? '{}') as { sessionId: string }).sessionId);
    await fillDeliveryDetails(page);
    await proceedButton(page).click();
    const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });
    await expect(checkout).toContainText(total, { timeout: FIRST_CALL_TIMEOUT });
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByText('Payment received & order placed!', { exact: true })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
    await expectOrders(sessionId, [{ amount_paise: sellingPricePaise(cetirizine) }]);
  });
});

test('notify me on a sold-out product stores the email once', async ({ page }) => {
  const ondansetron = fixtureProduct(5);
  expect(ondansetron.sale_state).toBe('SOLD OUT');
  const email = `notify-${Date.now()}@example.com`;
  await page.goto(`/products/${ondansetron.slug}`);
  const form = page.locator('form[data-notify-me]');
  await form.getByRole('textbox', { name: /Email for a back-in-stock alert/ }).fill(email);
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText(NOTIFY_SAVED, { timeout: FIRST_CALL_TIMEOUT });
  // Asking again is not an error for the customer, and stores nothing more.
  await page.reload();
  await form.getByRole('textbox', { name: /Email for a back-in-stock alert/ }).fill(email.toUpperCase());
  await form.getByRole('button', { name: 'Notify me' }).click();
  await expect(form.getByRole('status')).toHaveText(NOTIFY_SAVED);
  const { data, error } = await serviceClient.from('stock_alerts').select('product_id,email').eq('product_id', ondansetron.id);
  expect(error).toBeNull();
  expect((data ?? []).filter((row) => row.email.toLowerCase() === email)).toEqual([{ product_id: ondansetron.id, email }]);
});

test('an available product offers no notify me', async ({ page }) => {
  await page.goto(`/products/${cetirizine.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: cetirizine.name })).toBeVisible();
  await expect(page.locator('form[data-notify-me]')).toHaveCount(0);
});
