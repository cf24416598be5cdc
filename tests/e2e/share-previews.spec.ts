import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { productShareFacts, productShareImagePath } from '../../src/features/share-images/server/share-cards';
import { fixtureProduct } from './support/fixture-catalogue';

/** The page's share image as a link preview fetches it: its address, then the image itself. */
async function sharedImage(page: Page, path: string): Promise<{ url: string; width?: number; height?: number; bytes: number; type: string | null; cacheControl: string | null }> {
  await page.goto(path);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const url = (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
  await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '1200');
  await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '630');
  const response = await page.request.get(new URL(new URL(url).pathname, page.url()).href);
  expect(response.status()).toBe(200);
  const body = await response.body();
  const { width, height } = await sharp(body).metadata();
  const headers = response.headers();
  return { url: new URL(url).pathname, width, height, bytes: body.length, type: headers['content-type'] ?? null, cacheControl: headers['cache-control'] ?? null };
}

test('a product page shares its own 1200x630 image under 100 KB, drawn on request at an address that names its content', async ({ page }) => {
  const product = fixtureProduct(14);
  const image = await sharedImage(page, `/products/${product.slug}`);
  expect(image.url).toMatch(new RegExp(`^/og/products/${product.id}-[0-9a-f]{12}\\.jpg$`));
  expect(image).toMatchObject({ url: productShareImagePath(productShareFacts(product)), width: 1200, height: 630, type: 'image/jpeg' });
  // The address changes with the price, so the image is kept for good.
  expect(image.cacheControl).toBe('public, max-age=31536000, immutable');
  expect(image.bytes).toBeLessThanOrEqual(100 * 1024);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(`^${product.name}`));
});

test('category, condition and offer pages share images of their own', async ({ page }) => {
  for (const [path, expected] of [
    ['/offers/diabetes-care-week', '/og/offers/diabetes-care-week.jpg'],
    ['/conditions/type-2-diabetes-mellitus', '/og/conditions/type-2-diabetes-mellitus.jpg'],
    ['/categories/allopathy', '/og/categories/allopathy.jpg'],
  ] as const) {
    const image = await sharedImage(page, path);
    expect(image).toMatchObject({ url: expected, width: 1200, height: 630, type: 'image/jpeg' });
    expect(image.bytes).toBeLessThanOrEqual(100 * 1024);
  }
});
