/** localStorage/sessionStorage key of the auth session (the spec's fixed product-specific key). */
export const AUTH_STORAGE_KEY = 'medikart-auth-token';

/** The session's JSON where supabase-js keeps it (session storage first, as its storage does); null when none or storage is closed to the page. */
export function storedSessionText(): string | null {
  try {
    return window.sessionStorage.getItem(AUTH_STORAGE_KEY) ?? window.localStorage.getItem(AUTH_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Whether this browser holds a Supabase session, read synchronously and without supabase-js, so
 * pages can decide what to load (a guest never downloads the auth client just to browse).
 */
export function hasStoredSession(): boolean {
  try {
    const stored = storedSessionText();
    const session: unknown = stored ? JSON.parse(stored) : null;
    return typeof session === 'object' && session !== null && typeof (session as { refresh_token?: unknown }).refresh_token === 'string';
  } catch {
    return false;
  }
}

/** Dispatched on document when a page loads the auth session (a stored one, or the login form's). */
export const AUTH_SESSION_STARTED_EVENT = 'medikart:auth-session-started';

/** localStorage key of the contact-submitted marker; signing out removes it with the session. */
export const CONTACT_SUBMITTED_KEY = 'medikart-contact-submitted';
