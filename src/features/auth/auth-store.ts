import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { CONTACT_SUBMITTED_KEY } from '../../lib/browser/auth-storage';
import { AUTH_STORAGE_KEY, setRememberMe, supabase } from '../../lib/browser/supabase-client';
import { LOGIN_FAILED_MESSAGE } from './auth-strings';
import { DEFAULT_LANGUAGE } from '../../domain/default-language';
import { pathIn } from '../../domain/strings/paths';

import { $auth } from './auth-state';

export { $auth, type AuthState } from './auth-state';

function setUser(user: User | null): void {
  $auth.set({ user, isLoading: false, isAuthenticated: user !== null });
}

/** What an auth event means for the state; token refresh and user update keep the user. */
export function applyAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  switch (event) {
    case 'SIGNED_IN':
      setUser(session?.user ?? null);
      break;
    case 'SIGNED_OUT':
      setUser(null);
      break;
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
      setUser(session?.user ?? $auth.get().user);
      break;
    default:
      break;
  }
}

let initialised = false;

/** Checks the stored session once per page and follows auth changes; a failed check means signed out. */
export async function initAuth(): Promise<void> {
  if (initialised) return;
  initialised = true;
  supabase.auth.onAuthStateChange(applyAuthEvent);
  try {
    const { data, error } = await supabase.auth.getSession();
    setUser(error ? null : (data.session?.user ?? null));
  } catch (error) {
    console.error('Session check failed', error);
    setUser(null);
  }
}

export type SignInResult = { ok: true } | { ok: false; message: string };

export async function signIn(email: string, password: string, rememberMe: boolean): Promise<SignInResult> {
  setRememberMe(rememberMe);
  try {
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    if (error || !data.user) {
      setUser(null);
      return { ok: false, message: error?.message || LOGIN_FAILED_MESSAGE };
    }
    setUser(data.user);
    return { ok: true };
  } catch (error) {
    setUser(null);
    return { ok: false, message: error instanceof Error && error.message ? error.message : LOGIN_FAILED_MESSAGE };
  }
}

/** The landing page in the language of the page signed out from (the layout writes it on <html>): a Hindi page's Logout lands on /hi. */
function goToLandingPage(): void {
  window.location.assign(pathIn(window.document.documentElement.dataset.language ?? DEFAULT_LANGUAGE, '/'));
}

/**
 * Signs out in the spec's order: stored tokens and the contact marker go first, then session
 * storage, then the sign-out call; the page is signed out locally and sent home even if that call
 * fails. The access token is read beforehand because auth-js revokes with the stored session,
 * which by then is gone, so the revoke request is sent with the token held in memory.
 */
export async function signOut(goHome: () => void = goToLandingPage): Promise<void> {
  try {
    const { data } = await supabase.auth.getSession();
    const accessToken = data.session?.access_token;
    window.localStorage.removeItem(AUTH_STORAGE_KEY);
    window.sessionStorage.removeItem(AUTH_STORAGE_KEY);
    window.localStorage.removeItem(CONTACT_SUBMITTED_KEY);
    window.sessionStorage.clear();
    if (accessToken) {
      const { error } = await supabase.auth.admin.signOut(accessToken, 'local');
      if (error) console.error('Sign-out failed', error);
    }
    await supabase.auth.signOut({ scope: 'local' });
  } catch (error) {
    console.error('Sign-out failed', error);
  } finally {
    setUser(null);
    goHome();
  }
}
