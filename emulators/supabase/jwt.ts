import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The Supabase CLI's well-known local JWT secret: local keys are the same as `supabase start` prints. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
const API_KEY_EXPIRY = 1983812996;

const encode = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

export function signJwt(claims: Record<string, unknown>, secret = LOCAL_JWT_SECRET): string {
  const unsigned = `${encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${encode(JSON.stringify(claims))}`;
  return `${unsigned}.${encode(createHmac('sha256', secret).update(unsigned).digest())}`;
}

export type JwtCheck<T> = { ok: true; claims: T } | { ok: false; reason: 'malformed' | 'invalid signature' | 'expired' };

/** Verifies an HS256 token's signature and expiry, then its claims against the given schema. */
export function verifyJwt<T>(token: string, schema: z.ZodType<T>, secret = LOCAL_JWT_SECRET, now = Date.now()): JwtCheck<T> {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [header, payload, signature] = parts;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid signature' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const expiry = z.object({ exp: z.number().optional() }).safeParse(decoded);
  if (!expiry.success) return { ok: false, reason: 'malformed' };
  if (expiry.data.exp !== undefined && expiry.data.exp * 1000 <= now) return { ok: false, reason: 'expired' };
  const claims = schema.safeParse(decoded);
  return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'malformed' };
}

/** Claims the API accepts: one of Supabase's API roles, and for a signed-in user their id. */
export const apiClaimsSchema = z
  .object({
    role: z.enum(['anon', 'authenticated', 'service_role']),
    sub: z.uuid().optional(),
    session_id: z.uuid().optional(),
    exp: z.number().optional(),
  })
  .loose();
export type ApiClaims = z.infer<typeof apiClaimsSchema>;

export const anonKey = (secret = LOCAL_JWT_SECRET): string =>
  signJwt({ iss: 'supabase-demo', role: 'anon', exp: API_KEY_EXPIRY }, secret);
export const serviceRoleKey = (secret = LOCAL_JWT_SECRET): string =>
  signJwt({ iss: 'supabase-demo', role: 'service_role', exp: API_KEY_EXPIRY }, secret);
