import { readFile } from 'node:fs/promises';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS } from '../../src/lib/server/http';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';

const post = (body: string) => new Request('http://localhost:8888/api/razorpay/verify-payment', { method: 'POST', body });

describe('every /api response', () => {
  it('carries the security headers netlify.toml gives every page', async () => {
    const toml = parse(await readFile(new URL('../../netlify.toml', import.meta.url), 'utf8')) as {
      headers: { for: string; values: Record<string, string> }[];
    };
    const pageHeaders = toml.headers.find((rule) => rule.for === '/*')!.values;
    expect(API_SECURITY_HEADERS).toEqual(pageHeaders);

    const get = new Request('http://localhost:8888/api/razorpay/verify-payment', { method: 'GET' });
    const refused = await paymentHandler('razorpay', 'verify')(get, () => {
      throw new Error('dependencies are not needed to refuse a GET');
    });
    expect(refused.status).toBe(405);
    for (const [name, value] of Object.entries(pageHeaders)) expect(refused.headers.get(name)).toBe(value);
  });

  it('answers an unexpected failure with a bare 500, whatever the environment', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const failing = () => {
        throw new Error('connect ECONNREFUSED /var/task/.netlify/functions-serve/_1234/secret.js');
      };
      const response = await paymentHandler('phonepe', 'verify')(post('{"merchantTransactionId":"TXN_123456"}'), failing);
      expect(response.status).toBe(500);
      expect(await response.text()).toBe('{"error":"Internal error"}');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    } finally {
      console.error = original;
    }
    expect(String(errors.flat())).toContain('ECONNREFUSED');
  });
});
