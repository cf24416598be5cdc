/** localStorage/sessionStorage key of the auth session (the spec's fixed product-specific key). */
export const AUTH_STORAGE_KEY = 'medikart-auth-token';

/**
 * Whether this browser holds a Supabase session, read synchronously and without supabase-js, so
 * pages can decide what to load (a guest never downloads the auth client just to browse).
 */
export function hasStoredSession(): boolean {
  try {
    const stored = window.sessionStorage.getItem(AUTH_STORAGE_KEY) ?? window.localStorage.getItem(AUTH_STORAGE_KEY);
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

/*
 * When a page starts the stored session. The order page and My orders draw a signed-in customer's
 * own data before supabase-js loads: their holder carries `data-session-after-draw`, and
 * start-session.ts starts the session (supabase-js, the header's check, the cart sync) only once the
 * page says it has drawn, so ~100 KB of supabase-js does not share a slow phone's connection with the
 * page's own reads. Kept here, beside what every page knows of the stored session, so that no page
 * loads a script file of its own for it, and small: every page carries it.
 */
const PAGE_DRAWN_EVENT = 'medikart:page-drawn';

/** Said by such a page once its data (or its error) is on screen. */
export function pageDrawn(): void {
  document.dispatchEvent(new Event(PAGE_DRAWN_EVENT));
}

/**
 * Runs `start` at once on other pages; on such a page, when the browser is idle after it has drawn.
 * The page's script says so after this has listened: start-session's script comes first in the page.
 */
export function afterPageDrawn(start: () => void): void {
  if (!document.querySelector('[data-session-after-draw]')) return start();
  document.addEventListener(PAGE_DRAWN_EVENT, () => ('requestIdleCallback' in window ? requestIdleCallback(() => start()) : setTimeout(start)), { once: true });
}
