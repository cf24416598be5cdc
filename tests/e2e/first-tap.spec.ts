import { expect, test, type Locator, type Page } from '@playwright/test';
import { holdScripts } from './support/hold-scripts';
import { cetirizine, niacinamide, openCartPage, storeCart, storedCart, storedLine } from './support/cart';
import { fixtureProduct } from './support/fixture-catalogue';

/*
 * Issue 15 and issue 16 item 8: product pages and lists ship no React until the customer's first
 * interaction with a cart control; a tap made before React (or any script) has loaded still counts,
 * exactly once, and React takes over the quantity the page already shows.
 */

const lactulose = fixtureProduct(6);

const headerCart = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });
const card = (page: Page, name: string) => page.getByRole('article', { name });
const island = (control: Locator) => control.locator('xpath=ancestor::astro-island[1]');

/** A customer with Save-Data on (or on 2G/3G): React is then fetched only on interaction, never on view. */
async function withSaveData(page: Page): Promise<void> {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) }));
}

/** Holds back the React island's code (component and renderer chunks, named by the island itself) until released. */
const holdReact = (page: Page) => holdScripts(page, /\/_astro\/(AddToCart|client)\.[\w-]+\.js$/);

/** Every error the page reports (a hydration mismatch would show here). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('before the first interaction', () => {
  for (const [what, path] of [
    ['a product page', `/products/${lactulose.slug}`],
    ['the product list', '/products'],
  ] as const) {
    test(`${what} requests no React chunk`, async ({ page }) => {
      await withSaveData(page);
      const react = await holdReact(page);
      await page.goto(path);
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(1000);
      const urls = await page.locator('astro-island').evaluateAll((islands) =>
        islands.flatMap((element) => [element.getAttribute('component-url'), element.getAttribute('renderer-url')]),
      );
      expect(urls.length).toBeGreaterThan(0);
      expect(react.requested()).toEqual([]);
    });
  }
});

test('a page only read loads no React; on a fast connection a control scrolled into view fetches it without hydrating', async ({ page }) => {
  const react = await holdReact(page);
  await page.goto('/products');
  await page.waitForTimeout(1000);
  expect(react.requested()).toEqual([]);
  await page.mouse.wheel(0, 800);
  await expect.poll(() => react.requested().length).toBe(2);
  react.release();
  await page.waitForTimeout(500);
  await expect(page.locator('astro-island[client="interact"]:not([ssr])')).toHaveCount(0);
});

test.describe('a tap before React loads counts', () => {
  test('on a product page: Add before React shows 1, plus after hydration makes 2', async ({ page }) => {
    const errors = collectErrors(page);
    const react = await holdReact(page);
    await page.goto(`/products/${lactulose.slug}`);
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect(page.getByRole('status', { name: `Quantity of ${lactulose.name}: 1` })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
    await expect(island(page.getByRole('status', { name: `Quantity of ${lactulose.name}: 1` }))).toHaveAttribute('ssr', '');

    react.release();
    const increase = page.getByRole('button', { name: `Increase quantity of ${lactulose.name}` });
    await expect(island(increase)).not.toHaveAttribute('ssr', /.*/);
    await increase.click();
    await expect(page.getByRole('status', { name: `Quantity of ${lactulose.name}: 2` })).toBeVisible();
    expect((await storedCart(page)).items.map((line) => [line.product.id, line.quantity])).toEqual([[lactulose.id, 2]]);
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
    expect(errors).toEqual([]);
  });

  test('on a card on /products, and minus at 1 removes before React too', async ({ page }) => {
    const errors = collectErrors(page);
    const react = await holdReact(page);
    await page.goto('/products');
    const product = card(page, cetirizine.name);
    await product.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(product.getByRole('status', { name: `Quantity of ${cetirizine.name}: 1` })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);

    react.release();
    const increase = product.getByRole('button', { name: `Increase quantity of ${cetirizine.name}` });
    await expect(island(increase)).not.toHaveAttribute('ssr', /.*/);
    await increase.click();
    await expect(product.getByRole('status', { name: `Quantity of ${cetirizine.name}: 2` })).toBeVisible();
    expect((await storedCart(page)).items.map((line) => line.quantity)).toEqual([2]);

    const decrease = product.getByRole('button', { name: `Decrease quantity of ${cetirizine.name}` });
    await decrease.click();
    await decrease.click();
    await expect(product.getByRole('button', { name: 'Add', exact: true })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName('Cart');
    expect(errors).toEqual([]);
  });

  test('keyboard focus on the control starts hydration, and Enter adds', async ({ page }) => {
    await page.goto(`/products/${lactulose.slug}`);
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await expect(island(add)).toHaveAttribute('ssr', '');
    await add.focus();
    await expect(island(add)).not.toHaveAttribute('ssr', /.*/);
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status', { name: `Quantity of ${lactulose.name}: 1` })).toBeVisible();
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
  });

  test('with every script delayed by 3 s, a tap made before any of them arrived counts once', async ({ page }) => {
    await page.route(/\.js(\?.*)?$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
    await page.goto(`/products/${lactulose.slug}`, { waitUntil: 'commit' });
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect(page.getByRole('status', { name: `Quantity of ${lactulose.name}: 1` })).toBeVisible({ timeout: 10_000 });
    await expect(headerCart(page)).toHaveAccessibleName(/^Cart\s*1$/);
    expect((await storedCart(page)).items.map((line) => line.quantity)).toEqual([1]);
  });
});

test.describe('a cart line on a phone and on a desktop', () => {
  const lineOf = (page: Page, name: string) =>
    page.getByRole('region', { name: 'Cart items' }).getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });

  for (const width of [360, 412, 1280]) {
    test(`at ${width} px the name is never squeezed by the stepper, and nothing leaves the screen`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await storeCart(page, [storedLine(niacinamide, 2), storedLine(cetirizine)]);
      await openCartPage(page);
      for (const product of [niacinamide, cetirizine]) {
        const line = lineOf(page, product.name);
        const name = (await line.getByRole('link', { name: product.name, exact: true }).boundingBox())!;
        const stepper = (await line.getByRole('button', { name: `Decrease quantity of ${product.name}` }).locator('..').boundingBox())!;
        const total = (await line.getByLabel(`Total for ${product.name}`).boundingBox())!;
        const remove = (await line.getByRole('button', { name: `Remove ${product.name}` }).boundingBox())!;
        const sameRow = (a: typeof name, b: typeof name) => a.y < b.y + b.height && b.y < a.y + a.height;
        if (width < 640) {
          // Name on its own row, at least half the screen wide; stepper, total and Remove below it, side by side.
          expect(name.width).toBeGreaterThan(width / 2 - 40);
          expect(stepper.y).toBeGreaterThanOrEqual(name.y + name.height);
          expect(sameRow(stepper, total) && sameRow(stepper, remove)).toBe(true);
          expect(total.x).toBeGreaterThanOrEqual(stepper.x + stepper.width);
        } else {
          expect(sameRow(name, stepper)).toBe(true);
          expect(stepper.x).toBeGreaterThanOrEqual(name.x + name.width);
        }
        for (const box of [name, stepper, total, remove]) expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // And as drawn: each line against its approved picture at this width.
      for (const product of [niacinamide, cetirizine]) {
        const line = lineOf(page, product.name);
        await expect(line.getByRole('img')).toHaveJSProperty('complete', true);
        await expect(line).toHaveScreenshot(`cart-line-${product.id}-${width}.png`, { maxDiffPixelRatio: 0.01 });
      }
    });
  }
});
