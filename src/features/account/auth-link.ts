import { startAuthSession } from '../auth/public';

/**
 * The result GoTrue puts in the address fragment when a mailed link (sign-up confirmation,
 * password recovery, email change) is opened: a session, or why there is none.
 */
export type AuthLink =
  | { kind: 'none' }
  | { kind: 'session'; type: string; accessToken: string; refreshToken: string }
  | { kind: 'error'; code: string; description: string };

export function parseAuthLink(hash: string): AuthLink {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const error = params.get('error_code') ?? params.get('error');
  if (error) return { kind: 'error', code: error, description: params.get('error_description') ?? '' };
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (accessToken && refreshToken) return { kind: 'session', type: params.get('type') ?? '', accessToken, refreshToken };
  return { kind: 'none' };
}

/**
 * Takes the link's result out of the address before supabase-js loads, so the tokens are not left in
 * the history; the session is then started by signInFromLink the same way a password sign-in is.
 */
export function takeAuthLink(): AuthLink {
  const link = parseAuthLink(window.location.hash);
  if (link.kind !== 'none') window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return link;
}

/**
 * Starts the session from a link after the page's session check, so the header, the cart merge and
 * the prescriptions follow it exactly as after signing in with a password (auth-store's SIGNED_IN).
 */
export async function signInFromLink(link: Extract<AuthLink, { kind: 'session' }>): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const [, { supabase }] = await Promise.all([startAuthSession(), import('../../lib/browser/supabase-client')]);
  const { error } = await supabase.auth.setSession({ access_token: link.accessToken, refresh_token: link.refreshToken });
  return error ? { ok: false, error } : { ok: true };
}
