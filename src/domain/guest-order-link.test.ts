import { describe, expect, it } from 'vitest';
import { guestOrderToken, isGuestOrderToken } from './guest-order-link';

const secret = 'a-test-secret-of-at-least-thirty-two-bytes';
const orderId = '8943e950-d8f6-4f9b-b0fd-a87488826d8e';
const otherOrderId = '0f1e2d3c-4b5a-4697-8877-665544332211';

describe('guest order links', () => {
  it('carries 256 bits and opens its own order', async () => {
    const token = await guestOrderToken(orderId, secret);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(await isGuestOrderToken(orderId, token, secret)).toBe(true);
  });

  it("does not open another order, nor with another server's secret", async () => {
    const token = await guestOrderToken(orderId, secret);
    expect(await isGuestOrderToken(otherOrderId, token, secret)).toBe(false);
    expect(await isGuestOrderToken(orderId, token, `${secret}-rotated`)).toBe(false);
  });

  it('refuses forged and malformed tokens', async () => {
    const token = await guestOrderToken(orderId, secret);
    const flipped = `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`;
    expect(await isGuestOrderToken(orderId, flipped, secret)).toBe(false);
    expect(await isGuestOrderToken(orderId, token.slice(0, 42), secret)).toBe(false);
    expect(await isGuestOrderToken(orderId, '', secret)).toBe(false);
    expect(await isGuestOrderToken(orderId, `${token}=`, secret)).toBe(false);
  });

  it('refuses a short secret', async () => {
    await expect(guestOrderToken(orderId, 'short')).rejects.toThrow('at least 32 bytes');
  });
});
