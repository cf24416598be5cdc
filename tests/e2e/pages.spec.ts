import { expect, test, type Page } from '@playwright/test';

const POLICY_PAGES = [
  '/terms-and-conditions',
  '/privacy-policy',
  '/shipping-cancel',
  '/returns-policy',
  '/refunds-cancellation',
  '/shipping-policy',
];

const footer = (page: Page) => page.getByRole('contentinfo');
const footerLinks = (page: Page) => footer(page).getByRole('link');
const footerBorderWidth = (page: Page) => footer(page).evaluate((element) => getComputedStyle(element).borderTopWidth);

test('the landing page shows every element of the launch announcement', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('MediKart | Medicine Delivered At Your Doorstep');
  await expect(page.getByRole('heading', { level: 1, name: 'Medicine Delivered At Your Doorstep' })).toBeVisible();
  await expect(page.getByText('Launching Soon in Bengaluru')).toBeVisible();

  for (const store of [/App Store/, /Google Play/]) {
    await expect(page.getByRole('img', { name: store })).toBeVisible();
    await expect(page.getByRole('link', { name: store })).toHaveCount(0);
  }
  for (const badge of ['Secure Payment', 'Trusted Pharmacies', 'Genuine Products']) {
    await expect(page.getByText(badge, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'MediKart app on a phone' })).toHaveAttribute('loading', 'lazy');
  await expect(page.getByRole('img', { name: 'MediKart app on a tablet' })).toHaveAttribute('loading', 'lazy');

  const hero = page.locator('picture').getByRole('img');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('src', '/images/landing/hero-mobile-480.webp');
  await expect(page.locator('picture source[media]')).toHaveAttribute('srcset', /hero-web-1280\.webp/);
});

test('the header links home, to products, to the cart and to login', async ({ page }) => {
  await page.goto('/products');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'MediKart' })).toHaveAttribute('href', '/');
  await expect(header.getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/products');
  await expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await header.getByRole('link', { name: 'MediKart' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every page has its own title, description and canonical link', async ({ page }) => {
  const seen = new Set<string>();
  for (const path of ['/', '/products', '/products/metformin-500mg-tablet', '/privacy-policy']) {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(seen.has(title)).toBe(false);
    expect(seen.has(description ?? '')).toBe(false);
    seen.add(title).add(description ?? '');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/' : path}$`));
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN');
  }
});

test('a page opens at the top even after a scrolled reload', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 700 });
  await page.goto('/products');
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the 404 page offers the way home and logs the missing path', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect.poll(() => errors).toContain('404 Error: User attempted to access non-existent route: /no-such-page');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a policy page renders its Markdown under its title and date', async ({ page }) => {
  await page.goto('/terms-and-conditions');
  await expect(page).toHaveTitle(/Terms and Conditions/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByText('Last updated: July 31, 2025')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Who may use MediKart' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'You must be at least 18 years old' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
});

test('every footer policy link opens its page with header and footer', async ({ page }) => {
  await page.goto('/');
  for (const path of POLICY_PAGES) {
    await footerLinks(page).and(page.locator(`[href="${path}"]`)).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^Last updated: /)).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
  }
});

test.describe('footer', () => {
  test('has a thin top border except on the policy pages', async ({ page }) => {
    for (const path of ['/', '/products', '/products/metformin-500mg-tablet']) {
      await page.goto(path);
      expect(await footerBorderWidth(page), path).toBe('1px');
    }
    for (const path of POLICY_PAGES) {
      await page.goto(path);
      expect(await footerBorderWidth(page), path).toBe('0px');
    }
  });

  test('puts its links in a dotted row at 1280 px and stacks them at 375 px', async ({ page }) => {
    await page.goto('/');
    await expect(footerLinks(page)).toHaveText([
      'Terms and Conditions',
      'Privacy Policy',
      'Shipping & Cancellation Policy',
      'Returns Process & Policy',
      'Refunds & Cancellation Policy',
      'Shipping Policy',
      'Contact Us',
    ]);
    await expect(footer(page).getByText('© 2025 MediKart. All rights reserved.')).toBeVisible();
    const linkTops = async () => Promise.all((await footerLinks(page).all()).map(async (link) => (await link.boundingBox())!.y));
    const separator = () =>
      footerLinks(page).nth(1).evaluate((link) => getComputedStyle(link.parentElement!, '::before').content);

    await page.setViewportSize({ width: 1280, height: 800 });
    expect(new Set(await linkTops()).size).toBe(1);
    expect(await separator()).toContain('·');

    await page.setViewportSize({ width: 375, height: 800 });
    expect(new Set(await linkTops()).size).toBe(7);
    expect(await separator()).toBe('none');
  });
});

test('search engines get a sitemap of every public page and a robots file pointing to it', async ({ request }) => {
  const index = await (await request.get('/sitemap.xml')).text();
  const files = [...index.matchAll(/<sitemap><loc>(.*?)<\/loc><\/sitemap>/g)].map((match) => new URL(match[1]!).pathname);
  expect(files).toEqual(['/sitemap-1.xml']);
  const sitemap = await (await request.get(files[0]!)).text();
  for (const path of ['/products', '/products/metformin-500mg-tablet', '/terms-and-conditions', '/contact-us', '/prescription-order']) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
  expect(sitemap).not.toContain('/products/1</loc>');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
});
