import { expect, test, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

/*
 * The campaign a customer landed from is kept by the page's first inline script, before any module
 * script: a tap or a navigation in the first moments after landing (seconds, on a slow phone) must
 * not lose it. The page's own scripts (/_astro/*) are refused here, so only the inline head counts.
 */

const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('utm') ?? 'null') as unknown);

/** Console errors such as a Content-Security-Policy refusing an inline script whose hash it does not list. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

test.beforeEach(async ({ page }) => {
  await page.route('**/_astro/**', (route) => route.abort());
});

test('the campaign of the landing address is kept before any script loads, through a navigation at once', async ({ page }) => {
  const errors = consoleErrors(page);
  const campaign = `monsoon-${randomUUID().slice(0, 8)}`;
  const before = Date.now();
  await page.goto(`/products?utm_source=instagram&utm_medium=social&utm_campaign=${campaign}&ref=story`, { waitUntil: 'commit' });
  // Gone again as soon as the page has been read: no module script ran in between.
  await page.waitForLoadState('domcontentloaded');
  await page.goto('/contact-us');

  const touch = { source: 'instagram', medium: 'social', campaign };
  // The shape the checkout reads (src/features/checkout/utm.ts): first and last touch with the time of each.
  expect(await stored(page)).toEqual({ first: { ...touch, at: expect.any(Number) }, last: { ...touch, at: expect.any(Number) } });
  const { last } = (await stored(page)) as { last: { at: number } };
  expect(last.at).toBeGreaterThanOrEqual(before);
  expect(last.at).toBeLessThanOrEqual(Date.now());
  expect(errors).toEqual([]);
});

test('a later landing becomes the last touch and keeps the first; an address without a campaign changes nothing', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/?utm_source=whatsapp&utm_campaign=diabetes-week');
  await page.goto('/products?utm_source=google&utm_medium=cpc&utm_campaign=%20fever%20');
  await page.goto('/contact-us?utm_medium=email');
  expect(await stored(page)).toMatchObject({
    first: { source: 'whatsapp', campaign: 'diabetes-week' },
    last: { source: 'google', medium: 'cpc', campaign: 'fever' },
  });

  // Anything unreadable in storage counts as no earlier touch; over-long values are cut to 100 characters.
  await page.evaluate(() => localStorage.setItem('utm', '{"first":{"source":""},"last":7}'));
  await page.goto(`/?utm_source=${'x'.repeat(300)}`);
  const touches = (await stored(page)) as { first: { source: string; at: number }; last: { source: string; at: number } };
  expect(touches.first).toEqual(touches.last);
  expect(touches.last.source).toBe('x'.repeat(100));
  expect(errors).toEqual([]);
});
