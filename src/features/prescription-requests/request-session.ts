import { hasStoredSession } from '../../lib/browser/auth-storage';
import { loadSupabase } from '../../lib/browser/load-supabase';

async function session() {
  if (!hasStoredSession()) return null;
  const supabase = await loadSupabase();
  return (await supabase.auth.getSession()).data.session;
}

/** The signed-in customer's access token, or null for a guest. */
export async function accessToken(): Promise<string | null> {
  return (await session())?.access_token ?? null;
}

/** The signed-in customer's id (their prescriptions folder), or null for a guest. */
export async function currentUserId(): Promise<string | null> {
  return (await session())?.user.id ?? null;
}
