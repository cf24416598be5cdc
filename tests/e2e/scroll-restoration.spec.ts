import { expect, test, type Page } from '@playwright/test';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('Back from a product page returns to the place in the list; Forward and new visits behave as browsers do', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/products');
  await page.mouse.wheel(0, 2400);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(1500);
  // The place is noted once the page has stopped moving (the wheel's scroll, anything drawn above):
  // Back returns to where the page was when the link was tapped (a read 300 ms after the wheel was
  // once 56 px short of it).
  let place = -1;
  await expect
    .poll(
      async () => {
        const previous = place;
        place = await scrollY(page);
        return place === previous;
      },
      { intervals: [250] },
    )
    .toBe(true);

  // A product link that is on screen now, as the customer would tap it.
  const link = page.locator('article a[href^="/products/"]').filter({ visible: true });
  const onScreen = await link.evaluateAll((links) =>
    links.findIndex((candidate) => {
      const box = candidate.getBoundingClientRect();
      return box.top > 0 && box.bottom < window.innerHeight;
    }),
  );
  expect(onScreen).toBeGreaterThanOrEqual(0);
  await link.nth(onScreen).click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(place - 50);
  expect(await scrollY(page)).toBeLessThan(place + 50);

  await page.goForward();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect.poll(() => scrollY(page)).toBe(0);

  // Following a link to the list is a new visit: it starts at the top.
  await page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});
