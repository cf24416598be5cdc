import type { Locator, Page } from '@playwright/test';
import { hydrated } from './support/accounts';
import { expect, test } from './support/worker-data';
import { cetirizine, ONE_PIXEL_PNG, openCartWithRxLine, orderSummary, prescriptionDialog } from './support/cart';
import { PAGE_TYPES } from './support/page-types';

/** Presses Tab (or Shift+Tab) as a keyboard user does until the control has focus. */
async function tabTo(page: Page, control: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await control.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${control.toString()}`);
}

test('a customer searches and sorts the product list with the keyboard alone', async ({ page }) => {
  await page.goto(PAGE_TYPES.productList);
  const search = page.getByRole('searchbox');
  await tabTo(page, search);
  await page.keyboard.type(cetirizine.name.split(' ')[0]!.toLowerCase());
  const names = page.getByRole('list', { name: 'Products' }).getByRole('article').getByRole('heading');
  await expect(names).toHaveText([cetirizine.name]);
  await expect(page.getByText(/^Showing 1 of \d+ products$/)).toBeVisible();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await expect(names.nth(1)).toBeVisible();

  const sort = page.getByRole('combobox', { name: 'Sort products' });
  await tabTo(page, sort);
  await page.keyboard.press('ArrowDown');
  await expect(sort).toHaveValue('price-low');
  await page.keyboard.press('ArrowDown');
  await expect(sort).toHaveValue('price-high');
  // The list redraws a moment after the choice: wait for the order rather than read it at once.
  const prices = () =>
    page.getByRole('list', { name: 'Products' }).getByRole('article').evaluateAll((cards) =>
      // The price charged; a discounted card also shows its MRP, struck through.
      cards.map((card) => Number((card.querySelector('[data-price]')?.textContent ?? '').replace(/[₹,]/g, ''))),
    );
  await expect.poll(async () => {
    const shown = await prices();
    return shown.length > 1 && shown.every((price, index) => index === 0 || shown[index - 1]! >= price);
  }).toBe(true);
});

test('a customer adds a product and changes its quantity with the keyboard alone', async ({ page }) => {
  await page.goto(PAGE_TYPES.otcProduct);
  const add = await hydrated(page.getByRole('button', { name: 'Add to Cart' }));
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: `Quantity of ${cetirizine.name}: 1` })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` }));
  await page.keyboard.press('Enter');
  await page.keyboard.press(' ');
  await expect(page.getByRole('status', { name: `Quantity of ${cetirizine.name}: 3` })).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: `Decrease quantity of ${cetirizine.name}` }), 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: `Quantity of ${cetirizine.name}: 2` })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(/^Cart\s*1$/);
});

test('the prescription dialog keeps focus inside, gives it back to its opener and completes by keyboard', async ({ page }) => {
  await openCartWithRxLine(page);
  const opener = orderSummary(page).getByRole('button', { name: 'Upload Prescription' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = prescriptionDialog(page);
  await expect(dialog).toBeVisible();

  for (let presses = 0; presses < 12; presses += 1) {
    await page.keyboard.press('Tab');
    const outside = await dialog.evaluate((element) => {
      const focused = document.activeElement;
      return focused !== null && focused !== document.body && !element.contains(focused) ? focused.outerHTML.slice(0, 120) : null;
    });
    expect(outside).toBeNull();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await tabTo(page, dialog.getByLabel('Choose prescription files'));
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'prescription.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(dialog.getByRole('img', { name: 'Preview of prescription.png' })).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Save Prescription' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(orderSummary(page).getByRole('button', { name: 'Proceed to Pay' })).toBeVisible();
});

test('a customer signs in with the keyboard alone', async ({ page, customer }) => {
  await page.goto(PAGE_TYPES.login);
  const email = await hydrated(page.getByLabel('Email'));
  await tabTo(page, email);
  await page.keyboard.type(customer.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(customer.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a customer sends the contact form with the keyboard alone', async ({ page }) => {
  await page.goto(PAGE_TYPES.contact);
  const name = await hydrated(page.getByLabel('Full Name'));
  await tabTo(page, name);
  await page.keyboard.type('Asha Rao');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type('asha@example.test');
  const subject = page.getByLabel('Subject');
  await tabTo(page, subject);
  await subject.press('ArrowDown');
  await expect(subject).not.toHaveValue('');
  await tabTo(page, page.getByLabel('Message', { exact: true }));
  await page.keyboard.type('Is this available in Bengaluru?');
  await tabTo(page, page.getByRole('button', { name: 'Send Message' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText("Thank you for your message! We'll get back to you within 24 hours.")).toBeVisible();
});

test('the focused control shows a visible outline', async ({ page }) => {
  await page.goto(PAGE_TYPES.productList);
  const search = page.getByRole('searchbox');
  await tabTo(page, search);
  const outline = await search.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

test('with reduced motion asked for, animations and transitions are effectively off', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(PAGE_TYPES.otcProduct);
  const add = page.getByRole('button', { name: 'Add to Cart' });
  const durations = await add.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.transitionDuration, style.animationDuration].flatMap((value) => value.split(',')).map((value) => parseFloat(value) * (value.trim().endsWith('ms') ? 1 : 1000));
  });
  for (const milliseconds of durations) expect(milliseconds).toBeLessThanOrEqual(0.01);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('auto');
});
