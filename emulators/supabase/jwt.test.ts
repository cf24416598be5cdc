import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anonKey, apiClaimsSchema, serviceRoleKey, signJwt, verifyJwt } from './jwt';

describe('local JWTs', () => {
  it('makes the Supabase CLI well-known anon key from the well-known secret', () => {
    expect(anonKey()).toBe(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0',
    );
    expect(verifyJwt(serviceRoleKey(), apiClaimsSchema)).toMatchObject({ ok: true, claims: { role: 'service_role', iss: 'supabase-demo' } });
  });

  it('refuses a token signed with another secret, a tampered one and an expired one', () => {
    const token = signJwt({ role: 'anon' }, 'another-secret-that-is-at-least-32-characters');
    expect(verifyJwt(token, apiClaimsSchema)).toEqual({ ok: false, reason: 'invalid signature' });

    const [header, , signature] = anonKey().split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    expect(verifyJwt(`${header}.${forgedPayload}.${signature}`, apiClaimsSchema)).toEqual({ ok: false, reason: 'invalid signature' });

    const expired = signJwt({ role: 'authenticated', exp: 1_000 });
    expect(verifyJwt(expired, apiClaimsSchema, undefined, 1_000_001)).toEqual({ ok: false, reason: 'expired' });
    expect(verifyJwt(expired, apiClaimsSchema, undefined, 999_000)).toMatchObject({ ok: true });
  });

  it('refuses claims outside the schema, such as a role the API does not know', () => {
    expect(verifyJwt(signJwt({ role: 'postgres' }), apiClaimsSchema)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyJwt('not-a-jwt', z.object({}))).toEqual({ ok: false, reason: 'malformed' });
  });
});
