import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

function hmacHex(message: string | Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** Constant-time comparison of two hex digests; different lengths are simply unequal. */
export function sameDigest(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay's checkout signature: hex HMAC-SHA256 of "order_id|payment_id" with the key secret. */
export function razorpayPaymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, keySecret);
}

export function isValidRazorpayPaymentSignature(orderId: string, paymentId: string, signature: string, keySecret: string): boolean {
  return sameDigest(razorpayPaymentSignature(orderId, paymentId, keySecret), signature);
}

/** Razorpay's webhook signature: hex HMAC-SHA256 of the raw body bytes with the webhook secret. */
export function razorpayWebhookSignature(rawBody: string | Uint8Array, webhookSecret: string): string {
  return hmacHex(rawBody, webhookSecret);
}

export function isValidRazorpayWebhookSignature(rawBody: string | Uint8Array, signature: string, webhookSecret: string): boolean {
  return sameDigest(razorpayWebhookSignature(rawBody, webhookSecret), signature);
}

/** PhonePe sends Authorization: sha256hex("username:password") of the dashboard's webhook user. */
export function phonePeWebhookAuthorization(username: string, password: string): string {
  return createHash('sha256').update(`${username}:${password}`).digest('hex');
}

export function isValidPhonePeWebhookAuthorization(header: string, username: string, password: string): boolean {
  return sameDigest(phonePeWebhookAuthorization(username, password), header.trim().replace(/^SHA256\s+/i, ''));
}
