import { storedSessionText } from './auth-storage';

/**
 * Seconds a stored access token must still be good for before a page reads with it without supabase-js.
 * The reads it carries take seconds; a token nearer its end waits for supabase-js, which renews it.
 */
export const FRESH_TOKEN_MARGIN_SECONDS = 60;

/** Who is signed in, as PostgREST needs it: the access token for the Authorization header, and the user's id. */
export interface SessionUser {
  accessToken: string;
  userId: string;
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The session supabase-js stored (its JSON under the storage key), when its access token is still good
 * for `marginSeconds` at `nowMs`; null when it is missing, unreadable, has no expiry or is (nearly) out.
 * Written by hand, not with zod: the order page's inline head script uses it too.
 */
export function freshSessionOf(stored: string | null, nowMs: number, marginSeconds = FRESH_TOKEN_MARGIN_SECONDS): SessionUser | null {
  return freshSession(parseStoredSession(stored), nowMs, marginSeconds);
}

/** The stored session's JSON read back; null when there is none or it is unreadable. */
export function parseStoredSession(stored: string | null): unknown {
  try {
    return stored ? JSON.parse(stored) : null;
  } catch {
    return null;
  }
}

/** As freshSessionOf, for a session already read back from its JSON. */
export function freshSession(session: unknown, nowMs: number, marginSeconds = FRESH_TOKEN_MARGIN_SECONDS): SessionUser | null {
  if (!isObject(session) || !isObject(session.user)) return null;
  const { access_token: accessToken, expires_at: expiresAt } = session;
  const userId = session.user.id;
  if (typeof accessToken !== 'string' || !accessToken || typeof userId !== 'string' || !userId || typeof expiresAt !== 'number') return null;
  return expiresAt * 1000 - nowMs > marginSeconds * 1000 ? { accessToken, userId } : null;
}

/** The stored session while its token is fresh, read where supabase-js keeps it. */
export function freshStoredSession(nowMs = Date.now()): SessionUser | null {
  return freshSessionOf(storedSessionText(), nowMs);
}
