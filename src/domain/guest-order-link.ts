/**
 * The unguessable link a guest opens their order with: /orders/<order number>?key=<token>, where
 * the token is an HMAC-SHA256 of the order id under a server-only secret. Nothing is stored in the
 * database, so no table read can leak a link; changing the secret revokes every link at once.
 * Server code only: the secret must never reach the browser bundle.
 */

const PURPOSE = 'medikart-guest-order-link:v1:';
/** HMAC-SHA256 keys shorter than the hash add no strength; 32 bytes is the floor. */
const MINIMUM_SECRET_BYTES = 32;

const encoder = new TextEncoder();

async function hmacKey(secret: string): Promise<CryptoKey> {
  const bytes = encoder.encode(secret);
  if (bytes.length < MINIMUM_SECRET_BYTES) throw new Error(`the guest order link secret needs at least ${MINIMUM_SECRET_BYTES} bytes`);
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function toBase64Url(bytes: ArrayBuffer): string {
  return Buffer.from(bytes).toString('base64url');
}

/** 43 base64url characters carrying 256 bits. */
export async function guestOrderToken(orderId: string, secret: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(PURPOSE + orderId));
  return toBase64Url(signature);
}

/** True only for the token of this very order; compared in constant time by WebCrypto. */
export async function isGuestOrderToken(orderId: string, token: string, secret: string): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
  const signature = Buffer.from(token, 'base64url');
  return crypto.subtle.verify('HMAC', await hmacKey(secret), signature, encoder.encode(PURPOSE + orderId));
}
