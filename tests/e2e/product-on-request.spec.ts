import { expect, test } from '@playwright/test';
import { fixtureProduct } from './support/fixture-catalogue';

// Hindi product pages are drawn by a function on their first request and then kept by the CDN
// (src/pages/[lang]/products/[product].astro); npm start's server keeps them as Netlify's CDN does.

test('a Hindi product page is drawn on its first request, then answered from the CDN', async ({ page }) => {
  const product = fixtureProduct(14);
  const first = await page.goto(`/hi/products/${product.slug}`);
  expect(first?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const headers = first!.headers();
  expect(headers['netlify-cdn-cache-control']).toBe('public, durable, max-age=31536000');
  expect(headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  // The headers netlify.toml gives every file, which never reach a function by themselves.
  expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  // Its price comes from the same catalogue as the English page's.
  const english = await page.request.get(`/products/${product.slug}`);
  const price = /data-price[^>]*>([^<]+)</.exec(await english.text())?.[1];
  await expect(page.locator('[data-price]')).toHaveText(price!);

  const again = await page.request.get(`/hi/products/${product.slug}`);
  expect(again.status()).toBe(200);
  expect(again.headers()['cache-status']).toBe('"Netlify Edge"; hit');
});

test('a Hindi address no product lives at goes to the product addresses function, which says in Hindi what happened to it', async ({ page }) => {
  const response = await page.goto('/hi/products/no-such-medicine-500mg');
  expect(new URL(page.url()).pathname).toBe('/products/no-such-medicine-500mg');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'दवा नहीं मिली' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});
