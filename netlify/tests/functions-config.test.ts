import { describe, expect, it } from 'vitest';
import * as phonePeCreate from '../functions/phonepe-create-payment.mts';
import * as phonePeVerify from '../functions/phonepe-verify-payment.mts';
import * as phonePeWebhook from '../functions/phonepe-webhook.mts';
import * as razorpayCreate from '../functions/razorpay-create-order.mts';
import * as razorpayVerify from '../functions/razorpay-verify-payment.mts';
import * as razorpayWebhook from '../functions/razorpay-webhook.mts';

const functions = [
  ['/api/razorpay/create-order', razorpayCreate, true],
  ['/api/razorpay/verify-payment', razorpayVerify, false],
  ['/api/razorpay/webhook', razorpayWebhook, false],
  ['/api/phonepe/create-payment', phonePeCreate, true],
  ['/api/phonepe/verify-payment', phonePeVerify, false],
  ['/api/phonepe/webhook', phonePeWebhook, false],
] as const;

describe.each(functions)('%s', (path, fn, rateLimited) => {
  it('is routed at its path, rate limited only when it creates orders', () => {
    expect(fn.config.path).toBe(path);
    expect(fn.config.rateLimit !== undefined).toBe(rateLimited);
  });

  it('answers another method with 405 JSON before it needs any configuration', async () => {
    const response = await fn.default(new Request(`http://localhost:8888${path}`, { method: 'GET' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: 'Method GET is not allowed; use POST' });
  });
});
