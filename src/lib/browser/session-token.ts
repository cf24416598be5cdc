import { hasStoredSession } from './auth-storage';
import { loadSupabase } from './load-supabase';
import { freshStoredSession, type SessionUser } from './stored-session';

/**
 * The signed-in customer: from storage while the token is fresh (no supabase-js on the way), otherwise
 * from supabase-js, which renews a token that has run out. A page never renews one itself: with
 * refresh-token rotation a second refresher would make Supabase Auth revoke the session.
 * Null when nobody is signed in.
 */
export async function sessionUser(): Promise<SessionUser | null> {
  const fresh = freshStoredSession();
  if (fresh) return fresh;
  if (!hasStoredSession()) return null;
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  return data.session ? { accessToken: data.session.access_token, userId: data.session.user.id } : null;
}

/** The signed-in customer's access token (see sessionUser); null when nobody is signed in. */
export async function sessionAccessToken(): Promise<string | null> {
  return (await sessionUser())?.accessToken ?? null;
}
