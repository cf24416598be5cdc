import { describe, expect, it } from 'vitest';
import { FRESH_TOKEN_MARGIN_SECONDS, freshSessionOf } from './stored-session';

const NOW_MS = Date.UTC(2026, 10, 26, 12, 0, 0);
const nowSeconds = NOW_MS / 1000;

/** A session as supabase-js stores it (JSON under the storage key), expiring `inSeconds` from now. */
const stored = (inSeconds: number, changes: Record<string, unknown> = {}) =>
  JSON.stringify({
    access_token: 'header.payload.signature',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: nowSeconds + inSeconds,
    refresh_token: 'refresh-1',
    user: { id: '11111111-1111-4111-8111-111111111111', email: 'demo@pharmacy.test' },
    ...changes,
  });

describe('a stored session fresh enough to read without supabase-js', () => {
  it('gives the access token and the user id while the token is good for more than the margin', () => {
    expect(freshSessionOf(stored(3000), NOW_MS)).toEqual({ accessToken: 'header.payload.signature', userId: '11111111-1111-4111-8111-111111111111' });
    expect(freshSessionOf(stored(FRESH_TOKEN_MARGIN_SECONDS + 1), NOW_MS)).not.toBeNull();
  });

  it('leaves a token within the margin, or run out, to supabase-js, which renews it', () => {
    expect(FRESH_TOKEN_MARGIN_SECONDS).toBe(60);
    expect(freshSessionOf(stored(FRESH_TOKEN_MARGIN_SECONDS), NOW_MS)).toBeNull();
    expect(freshSessionOf(stored(30), NOW_MS)).toBeNull();
    expect(freshSessionOf(stored(-10), NOW_MS)).toBeNull();
    expect(freshSessionOf(stored(3000), NOW_MS, 3600)).toBeNull();
  });

  it('finds nothing fresh in no session, unreadable text, or a session missing its token, user or expiry', () => {
    expect(freshSessionOf(null, NOW_MS)).toBeNull();
    expect(freshSessionOf('', NOW_MS)).toBeNull();
    expect(freshSessionOf('{not json', NOW_MS)).toBeNull();
    expect(freshSessionOf('"a string"', NOW_MS)).toBeNull();
    expect(freshSessionOf(stored(3000, { access_token: '' }), NOW_MS)).toBeNull();
    expect(freshSessionOf(stored(3000, { user: null }), NOW_MS)).toBeNull();
    expect(freshSessionOf(stored(3000, { user: { email: 'demo@pharmacy.test' } }), NOW_MS)).toBeNull();
    expect(freshSessionOf(stored(3000, { expires_at: undefined }), NOW_MS)).toBeNull();
    expect(freshSessionOf(stored(3000, { expires_at: String(nowSeconds + 3000) }), NOW_MS)).toBeNull();
  });
});
