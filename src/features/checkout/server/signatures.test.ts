import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  isValidPhonePeWebhookAuthorization,
  isValidRazorpayPaymentSignature,
  isValidRazorpayWebhookSignature,
  phonePeWebhookAuthorization,
  razorpayPaymentSignature,
} from './signatures';

const KEY_SECRET = 'local-razorpay-key-secret';
const WEBHOOK_SECRET = 'local-razorpay-webhook-secret';

describe('Razorpay payment signature', () => {
  const orderId = 'order_Emu1234567890a';
  const paymentId = 'pay_Emu1234567890b';
  const signature = createHmac('sha256', KEY_SECRET).update(`${orderId}|${paymentId}`).digest('hex');

  it('is the hex HMAC-SHA256 of "order_id|payment_id"', () => {
    expect(razorpayPaymentSignature(orderId, paymentId, KEY_SECRET)).toBe(signature);
  });

  it('accepts the right signature', () => {
    expect(isValidRazorpayPaymentSignature(orderId, paymentId, signature, KEY_SECRET)).toBe(true);
  });

  it('refuses a wrong signature, one of another length, and an empty one', () => {
    expect(isValidRazorpayPaymentSignature(orderId, paymentId, '0'.repeat(64), KEY_SECRET)).toBe(false);
    expect(isValidRazorpayPaymentSignature(orderId, paymentId, signature.slice(0, 10), KEY_SECRET)).toBe(false);
    expect(isValidRazorpayPaymentSignature(orderId, paymentId, '', KEY_SECRET)).toBe(false);
  });

  it('refuses a signature for a tampered order or payment id', () => {
    expect(isValidRazorpayPaymentSignature('order_Other000000000', paymentId, signature, KEY_SECRET)).toBe(false);
    expect(isValidRazorpayPaymentSignature(orderId, 'pay_Other0000000000', signature, KEY_SECRET)).toBe(false);
  });

  it('refuses a signature made with another secret', () => {
    const forged = razorpayPaymentSignature(orderId, paymentId, 'someone-elses-secret');
    expect(isValidRazorpayPaymentSignature(orderId, paymentId, forged, KEY_SECRET)).toBe(false);
  });
});

describe('Razorpay webhook signature', () => {
  const body = '{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_1"}}}}';
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');

  it('accepts the HMAC of the raw body', () => {
    expect(isValidRazorpayWebhookSignature(body, signature, WEBHOOK_SECRET)).toBe(true);
    expect(isValidRazorpayWebhookSignature(Buffer.from(body), signature, WEBHOOK_SECRET)).toBe(true);
  });

  it('refuses a tampered body, even one that is only re-serialised', () => {
    expect(isValidRazorpayWebhookSignature(body.replace('pay_1', 'pay_2'), signature, WEBHOOK_SECRET)).toBe(false);
    expect(isValidRazorpayWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), signature, WEBHOOK_SECRET)).toBe(false);
  });

  it('refuses a wrong signature and one made with another secret', () => {
    expect(isValidRazorpayWebhookSignature(body, 'f'.repeat(64), WEBHOOK_SECRET)).toBe(false);
    expect(isValidRazorpayWebhookSignature(body, signature, 'other-webhook-secret')).toBe(false);
  });
});

describe('PhonePe webhook authorization', () => {
  const expected = createHash('sha256').update('local-phonepe-webhook:local-phonepe-webhook-password').digest('hex');

  it('is sha256 hex of "username:password"', () => {
    expect(phonePeWebhookAuthorization('local-phonepe-webhook', 'local-phonepe-webhook-password')).toBe(expected);
    expect(isValidPhonePeWebhookAuthorization(expected, 'local-phonepe-webhook', 'local-phonepe-webhook-password')).toBe(true);
  });

  it('refuses a wrong header, a tampered one and one for another password', () => {
    expect(isValidPhonePeWebhookAuthorization('', 'local-phonepe-webhook', 'local-phonepe-webhook-password')).toBe(false);
    expect(isValidPhonePeWebhookAuthorization(`${expected.slice(0, -1)}0`, 'local-phonepe-webhook', 'local-phonepe-webhook-password')).toBe(false);
    expect(isValidPhonePeWebhookAuthorization(expected, 'local-phonepe-webhook', 'another-password')).toBe(false);
  });
});
