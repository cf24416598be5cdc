import { describe, expect, it } from 'vitest';
import { parseAuthLink } from './auth-link';

describe('the fragment a mailed link lands with', () => {
  it('carries a session with its type', () => {
    expect(parseAuthLink('#access_token=a.b.c&expires_in=3600&refresh_token=r1&token_type=bearer&type=recovery')).toEqual({
      kind: 'session',
      type: 'recovery',
      accessToken: 'a.b.c',
      refreshToken: 'r1',
    });
  });

  it("or GoTrue's error for an expired or used link", () => {
    expect(parseAuthLink('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      kind: 'error',
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
  });

  it('or nothing', () => {
    expect(parseAuthLink('')).toEqual({ kind: 'none' });
    expect(parseAuthLink('#reviews')).toEqual({ kind: 'none' });
  });
});
