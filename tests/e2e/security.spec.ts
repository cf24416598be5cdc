import { expect, test, type Page } from '@playwright/test';
import { localEnv } from '../../emulators/local-env.ts';
import { FIRST_CALL_TIMEOUT, openCart, proceedButton, uploadPrescription } from './checkout-support.ts';
import { fixtureProduct } from './support/fixture-catalogue';
import { MISSING_PAGE, PAGE_TYPES } from './support/page-types';

const local = localEnv();
const SUPABASE_ORIGIN = new URL(local.SUPABASE_URL!).origin;
const RAZORPAY_ORIGIN = new URL(local.RAZORPAY_API_BASE!).origin;
/** A page drawn by the site's function on its first request: the same policy, in the same place, as a prebuilt one. */
const DRAWN_PAGE = `/hi/products/${fixtureProduct(14).slug}`;

/**
 * Collects every Content-Security-Policy violation the page reports, from the browser console
 * ('Refused to ...') and from securitypolicyviolation events, in every document it opens.
 */
function watchForCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Refused to|Content Security Policy|CSP violation/i.test(text)) violations.push(`${page.url()}: ${text}`);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return violations;
}

/** The page's <meta> CSP as directive name -> sources. */
async function metaPolicy(page: Page): Promise<Map<string, string[]>> {
  const content = await page.locator('meta[http-equiv="content-security-policy"]').getAttribute('content');
  const directives = (content ?? '').split(';').map((directive) => directive.trim().split(/\s+/)).filter(([name]) => name);
  return new Map(directives.map(([name, ...sources]) => [name!, sources]));
}

test('every kind of response carries the security headers', async ({ request }) => {
  const home = await (await request.get(PAGE_TYPES.home)).text();
  const asset = home.match(/\/_astro\/[^"']+\.js/)?.[0];
  expect(asset).toBeDefined();
  for (const path of [...Object.values(PAGE_TYPES), DRAWN_PAGE, '/products/no-such-product', '/no-such-page', '/sitemap.xml', '/robots.txt', asset!]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect.soft(headers['content-security-policy'], path).toBe("frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
    expect.soft(headers['strict-transport-security'], path).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    expect.soft(headers['x-content-type-options'], path).toBe('nosniff');
    expect.soft(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect.soft(headers['permissions-policy'], path).toBe('camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")');
  }
});

test('each page states a CSP that allows only the store, Supabase, Razorpay and PhonePe', async ({ page }) => {
  for (const path of [...Object.values(PAGE_TYPES), DRAWN_PAGE]) {
    await page.goto(path);
    const policy = await metaPolicy(page);
    expect(policy.get('default-src'), path).toEqual(["'self'"]);
    expect(policy.get('object-src'), path).toEqual(["'none'"]);
    expect(policy.get('base-uri'), path).toEqual(["'self'"]);
    expect(policy.get('connect-src'), path).toEqual(["'self'", SUPABASE_ORIGIN, RAZORPAY_ORIGIN]);
    expect(policy.get('img-src'), path).toEqual(["'self'", 'blob:', SUPABASE_ORIGIN]);
    expect(policy.get('frame-src'), path).toEqual([RAZORPAY_ORIGIN, SUPABASE_ORIGIN]);
    expect(policy.get('form-action'), path).toContain("'self'");
    const scripts = policy.get('script-src') ?? [];
    expect(scripts.filter((source) => !source.startsWith("'sha256-")), path).toEqual(["'self'", RAZORPAY_ORIGIN]);
    const styles = policy.get('style-src') ?? [];
    expect(styles.filter((source) => !source.startsWith("'sha256-")), path).toEqual(["'self'"]);
  }
});

test('no page breaks its CSP', async ({ page }) => {
  const violations = watchForCspViolations(page);
  for (const path of [...Object.values(PAGE_TYPES), DRAWN_PAGE, MISSING_PAGE]) {
    await page.goto(path);
    await expect(page.locator('astro-island[client="load"][ssr]')).toHaveCount(0);
  }
  await page.goto(PAGE_TYPES.productList);
  await page.getByRole('searchbox').fill('cetirizine');
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('article')).toHaveCount(1);
  expect(violations).toEqual([]);
});

test('a prescription upload and a Razorpay payment run within the CSP', async ({ page }) => {
  test.slow();
  const violations = watchForCspViolations(page);
  await openCart(page, { rx: true });
  await uploadPrescription(page);
  await proceedButton(page).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay Checkout (test)' });
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('Payment received & order placed!', { exact: true })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  expect(violations).toEqual([]);
});

test('a PhonePe payment leaves for the pay page and comes back within the CSP', async ({ page }) => {
  test.slow();
  const violations = watchForCspViolations(page);
  await openCart(page);
  await page.getByRole('radio', { name: 'PhonePe' }).check();
  await proceedButton(page).click();
  await expect(page.getByRole('heading', { name: 'PhonePe (test)' })).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  await page.getByRole('button', { name: 'Success' }).click();
  await expect(page).toHaveURL(/\/payment\/phonepe\/callback\?merchantTransactionId=TXN_/);
  await expect(page.getByText('Payment verified successfully! Order placed.')).toBeVisible({ timeout: FIRST_CALL_TIMEOUT });
  expect(violations).toEqual([]);
});
