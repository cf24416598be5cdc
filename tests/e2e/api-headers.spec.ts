import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

/** Every function with a web address, read from its own config, so a new function is covered too. */
const FUNCTIONS_DIR = path.join(import.meta.dirname, '..', '..', 'netlify', 'functions');
const API_PATHS = readdirSync(FUNCTIONS_DIR)
  .map((file) => /\bpath:\s*'([^']+)'/.exec(readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8'))?.[1])
  .filter((address): address is string => address !== undefined);

const PAGE_HEADERS = {
  'content-security-policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")',
};

test('every /api response carries the security headers the pages have', async ({ request }) => {
  // The first call to each function starts it; fourteen of them cold take longer than one page.
  test.setTimeout(240_000);
  expect(API_PATHS.length).toBeGreaterThanOrEqual(14);
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
