import { expect, test } from '@playwright/test';

/** Every payment function, as the browser and the providers call it. */
const API_PATHS = [
  '/api/razorpay/create-order',
  '/api/razorpay/verify-payment',
  '/api/razorpay/webhook',
  '/api/phonepe/create-payment',
  '/api/phonepe/verify-payment',
  '/api/phonepe/webhook',
];

const PAGE_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")',
};

test('every /api response carries the security headers the pages have', async ({ request }) => {
  // The first call to each function starts it; six of them cold take longer than one page.
  test.setTimeout(120_000);
  for (const path of API_PATHS) {
    // A refusal (wrong method, malformed body) and a served answer both count as responses.
    for (const response of [await request.get(path), await request.post(path, { data: '{', headers: { 'content-type': 'application/json' } })]) {
      const headers = response.headers();
      expect.soft(response.status(), path).toBeLessThan(500);
      for (const [name, value] of Object.entries(PAGE_HEADERS)) expect.soft(headers[name], `${path} ${name}`).toBe(value);
      expect.soft(headers['strict-transport-security'], path).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    }
  }
});

test('a served /api answer carries them too', async ({ request }) => {
  const response = await request.post('/api/phonepe/verify-payment', { data: { merchantTransactionId: 'TXN_neverissued01' } });
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ error: 'Unknown merchantTransactionId' });
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  expect(response.headers()['content-security-policy']).toBe(PAGE_HEADERS['content-security-policy']);
});
