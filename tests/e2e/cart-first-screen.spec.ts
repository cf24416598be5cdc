import { expect, test, type Page } from '@playwright/test';
import { holdScripts } from './support/hold-scripts';
import { cetirizine, metformin, niacinamide, orderSummary, prescriptionDialog, storeCart, storedCart, storedLine } from './support/cart';
import { rupees, totalOf } from './support/fixture-catalogue';

/** A line's total as the screen prints it, priced from the fixture catalogue. */
const lineTotal = (product: typeof cetirizine, quantity: number) => rupees(totalOf([[product, quantity]]));

/*
 * Issue 16 item 11 and issue 15 item 3: /cart draws the stored cart as the page opens, without
 * React (its first paint is final), loads React only on the customer's first sign, and React then
 * takes the first screen's place with the same DOM: no flash, no shift, no lost tap, the focus kept.
 */

const linesRegion = (page: Page) => page.getByRole('region', { name: 'Cart items' });
const firstScreen = (page: Page) => page.locator('#cart-first-screen');

/** Holds back the cart island's code (its component, React and the renderer) until released. */
const holdCartIsland = (page: Page) => holdScripts(page, /\/_astro\/(CheckoutCart|client|react)\.[\w-]+\.js$/);

/** The screen's DOM as tags, sorted attributes and own text, one line per element: what the customer and assistive technology get. */
function describeScreen(page: Page, inside: 'first screen' | 'island'): Promise<string> {
  const selector = inside === 'first screen' ? '#cart-first-screen [data-cart-screen]' : 'astro-island [data-cart-screen]';
  return page.locator(selector).evaluate((root) => {
    const lines: string[] = [];
    const walk = (element: Element, depth: number) => {
      const attributes = [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`).sort();
      const text = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join('');
      const checked = element instanceof HTMLInputElement && element.checked ? ' (checked)' : '';
      lines.push(`${'  '.repeat(depth)}<${element.tagName.toLowerCase()} ${attributes.join(' ')}>${text}${checked}`);
      for (const child of element.children) walk(child, depth + 1);
    };
    walk(root, 0);
    return lines.join('\n');
  });
}

async function boxesOf(page: Page, names: string[]) {
  return Promise.all(names.map(async (name) => page.getByRole('button', { name, exact: true }).boundingBox()));
}

test('the stored lines are on the first screen before any script but its own, and no React is asked for', async ({ page }) => {
  await storeCart(page, [storedLine(niacinamide, 2), storedLine(metformin)]);
  const island = await holdCartIsland(page);
  await page.goto('/cart');
  await expect(linesRegion(page).getByRole('link', { name: niacinamide.name })).toBeVisible();
  await expect(page.getByLabel(`Total for ${niacinamide.name}`)).toHaveText(lineTotal(niacinamide, 2));
  await expect(orderSummary(page).getByText('Subtotal (3 items)')).toBeVisible();
  await expect(orderSummary(page).getByRole('button', { name: 'Upload Prescription' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(island.requested()).toEqual([]);
  await expect(page.locator('astro-island')).toHaveAttribute('ssr', '');
});

test('with every script file held back, the inline first paint has drawn the lines; a tap on plus made then counts once they arrive', async ({ page }) => {
  await storeCart(page, [storedLine(niacinamide), storedLine(cetirizine)]);
  const scripts = await holdScripts(page, /\/_astro\/.+\.js$/);
  await page.goto('/cart', { waitUntil: 'commit' });
  await expect(page.getByLabel(`Total for ${niacinamide.name}`)).toHaveText(lineTotal(niacinamide, 1));
  await expect(orderSummary(page).getByRole('button', { name: 'Proceed to Pay' })).toBeEnabled();
  await page.getByRole('button', { name: `Increase quantity of ${niacinamide.name}` }).click();
  expect((await storedCart(page)).items.map((line) => line.quantity)).toEqual([1, 1]);

  scripts.release();
  await expect(page.getByLabel(`Total for ${niacinamide.name}`)).toHaveText(lineTotal(niacinamide, 2));
  expect((await storedCart(page)).items.map((line) => line.quantity)).toEqual([2, 1]);
});

for (const [what, lines] of [
  ['two lines, one awaiting its prescription, one at the limit', [storedLine(niacinamide, 20), storedLine(metformin)]],
  ['lines ready to pay', [storedLine(niacinamide, 2), storedLine(cetirizine)]],
  ['an empty cart', []],
] as const) {
  test(`React takes over ${what} with the same DOM, nothing moved`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    await storeCart(page, [...lines]);
    // The delivery form loads after React has drawn the cart (its own chunk): held until the two drawings are compared.
    const deliveryForm = await holdScripts(page, /\/_astro\/DeliveryStep\.[\w-]+\.js$/);
    await page.goto('/cart');
    await expect(firstScreen(page).locator('[data-cart-screen]')).toBeVisible();
    // The catalogue refresh settles first, so both drawings show the same prices.
    await page.waitForLoadState('networkidle');
    const before = await describeScreen(page, 'first screen');
    const buttons = lines.length > 0 ? ['Clear Cart', `Remove ${lines[0]!.product.name}`] : [];
    const boxesBefore = await boxesOf(page, buttons);
    const headingBefore = await page.getByRole('heading', { name: lines.length ? 'Order Summary' : 'Shopping Cart' }).boundingBox();

    // Hydrated without any input, so nothing but the hand-over itself could change the page.
    await page.evaluate(() => document.dispatchEvent(new Event('islands:hydrate-now')));
    await expect(firstScreen(page)).toHaveCount(0);
    expect(await describeScreen(page, 'island')).toBe(before);
    expect(await boxesOf(page, buttons)).toEqual(boxesBefore);
    expect(await page.getByRole('heading', { name: lines.length ? 'Order Summary' : 'Shopping Cart' }).boundingBox()).toEqual(headingBefore);
    expect(errors).toEqual([]);
    deliveryForm.release();
  });
}

test('taps before React: plus and Remove count at once, Upload Prescription opens the dialog when React arrives', async ({ page }) => {
  await storeCart(page, [storedLine(niacinamide), storedLine(cetirizine), storedLine(metformin)]);
  const island = await holdCartIsland(page);
  await page.goto('/cart');
  await page.getByRole('button', { name: `Increase quantity of ${niacinamide.name}` }).click();
  await expect(page.getByLabel(`Total for ${niacinamide.name}`)).toHaveText(lineTotal(niacinamide, 2));
  await page.getByRole('button', { name: `Remove ${cetirizine.name}` }).click();
  await expect(linesRegion(page).getByRole('link', { name: cetirizine.name })).toHaveCount(0);
  expect((await storedCart(page)).items.map((line) => [line.product.id, line.quantity])).toEqual([
    [niacinamide.id, 2],
    [metformin.id, 1],
  ]);
  // The taps started the island's download; it is held, so the first screen is still the static one.
  expect(island.requested().length).toBeGreaterThan(0);
  await page.getByRole('button', { name: `Upload Prescription for ${metformin.name}` }).click();
  await expect(prescriptionDialog(page)).toHaveCount(0);

  island.release();
  await expect(prescriptionDialog(page)).toBeVisible();
  await prescriptionDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(firstScreen(page)).toHaveCount(0);
  await page.getByRole('button', { name: `Increase quantity of ${niacinamide.name}` }).click();
  await expect(page.getByLabel(`Total for ${niacinamide.name}`)).toHaveText(lineTotal(niacinamide, 3));
  expect((await storedCart(page)).items.map((line) => line.quantity)).toEqual([3, 1]);
});

test('a mouse button held on a control while React takes the first screen\'s place counts on its release there, and only there', async ({ page }) => {
  await storeCart(page, [storedLine(niacinamide), storedLine(metformin)]);
  const island = await holdCartIsland(page);
  // React loads the delivery form and the coupon field after its cart has painted, above this
  // button: held until the release, so the button is still under the pointer when it comes.
  const formsAboveTheButton = await holdScripts(page, /\/_astro\/(DeliveryStep|CouponField)\.[\w-]+\.js$/);
  await page.goto('/cart');
  const upload = orderSummary(page).getByRole('button', { name: 'Upload Prescription' });
  const box = (await upload.boundingBox())!;
  // The pointer's arrival asks for React (held); the button goes down before React arrives and up after.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  island.release();
  await expect(firstScreen(page)).toHaveCount(0);
  expect(await upload.boundingBox()).toEqual(box);
  await page.mouse.up();
  formsAboveTheButton.release();
  await expect(prescriptionDialog(page)).toBeVisible();
  await prescriptionDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(prescriptionDialog(page)).toBeHidden();
});

test('a mouse button held through the hand-over and let go elsewhere taps nothing', async ({ page }) => {
  await storeCart(page, [storedLine(niacinamide), storedLine(metformin)]);
  const island = await holdCartIsland(page);
  await page.goto('/cart');
  const box = (await page.getByRole('button', { name: `Increase quantity of ${niacinamide.name}` }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  island.release();
  await expect(firstScreen(page)).toHaveCount(0);
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await page.mouse.up();
  await page.getByRole('button', { name: `Increase quantity of ${niacinamide.name}` }).click();
  await expect(page.getByLabel(`Total for ${niacinamide.name}`)).toHaveText(lineTotal(niacinamide, 2));
});

test('Proceed to Pay tapped before React asks for the delivery details once React arrives', async ({ page }) => {
  await storeCart(page, [storedLine(cetirizine)]);
  const island = await holdCartIsland(page);
  await page.goto('/cart');
  await orderSummary(page).getByRole('button', { name: 'Proceed to Pay' }).click();
  island.release();
  await expect(orderSummary(page).getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
});

test('the keyboard: focus on a control starts React, Enter counts before it arrives, and the focus stays on the control through the hand-over', async ({ page }) => {
  await storeCart(page, [storedLine(cetirizine, 2)]);
  const island = await holdCartIsland(page);
  await page.goto('/cart');
  const increase = page.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` });
  await increase.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(`Total for ${cetirizine.name}`)).toHaveText(lineTotal(cetirizine, 3));
  await expect(increase).toBeFocused();
  island.release();
  await expect(firstScreen(page)).toHaveCount(0);
  await expect(increase).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(`Total for ${cetirizine.name}`)).toHaveText(lineTotal(cetirizine, 4));
});

test('a change in another tab reaches the first screen', async ({ page, context }) => {
  await storeCart(page, [storedLine(cetirizine)]);
  await holdCartIsland(page);
  await page.goto('/cart');
  const other = await context.newPage();
  await other.goto('/');
  await other.evaluate(() => localStorage.setItem('cart', JSON.stringify({ ...JSON.parse(localStorage.getItem('cart')!), items: [] })));
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});
