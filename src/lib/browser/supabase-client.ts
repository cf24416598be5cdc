import { createClient, type SupportedStorage } from '@supabase/supabase-js';
import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';

import { AUTH_STORAGE_KEY } from './auth-storage';

export { AUTH_STORAGE_KEY };
/** Set (in sessionStorage) while a customer signed in without 'Remember me'. */
const SESSION_ONLY_FLAG = 'medikart-session-only';

/**
 * 'Remember me' decides where the session is kept: localStorage survives the browser, sessionStorage
 * ends with it. Reads look in both so a reload finds the session wherever it was put.
 */
const rememberAwareStorage: SupportedStorage = {
  getItem(key) {
    return window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key);
  },
  setItem(key, value) {
    if (window.sessionStorage.getItem(SESSION_ONLY_FLAG) === 'true') {
      window.sessionStorage.setItem(key, value);
      window.localStorage.removeItem(key);
    } else {
      window.localStorage.setItem(key, value);
    }
  },
  removeItem(key) {
    window.sessionStorage.removeItem(key);
    window.localStorage.removeItem(key);
  },
};

/** Call before signing in: false keeps the session only for this browser session. */
export function setRememberMe(remember: boolean): void {
  if (remember) window.sessionStorage.removeItem(SESSION_ONLY_FLAG);
  else window.sessionStorage.setItem(SESSION_ONLY_FLAG, 'true');
}

/** The one Supabase client of the storefront; the anon key is the only key the browser ever sees. */
export const supabase = createClient(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, {
  db: { schema: 'public' },
  auth: {
    storageKey: AUTH_STORAGE_KEY,
    storage: typeof window === 'undefined' ? undefined : rememberAwareStorage,
    persistSession: true,
    autoRefreshToken: true,
    // Mailed links (sign-up, recovery, email change) are taken from the address by the page they open
    // (features/account/auth-link.ts), so a header that loads this client first cannot take them.
    detectSessionInUrl: false,
  },
});
