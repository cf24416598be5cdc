import { AUTH_SESSION_STARTED_EVENT } from '../../lib/browser/auth-storage';
import { $auth, initAuth } from './auth-store';
import { saveLanguageChoice, takeAccountLanguage } from './account-language';

// The first settled state is the session the page was opened with; a later one is a sign-in on this
// page (the sign-in form), which moves on to its next page by itself.
let opening = true;

/**
 * Loaded by the page's start-up script when a session is stored, and by the login form: confirm
 * the session and follow it in the header. The start-up script hears the event and starts what
 * follows the session (the cart sync); auth itself starts nothing else.
 */
$auth.subscribe((state) => {
  if (state.isLoading) return;
  for (const slot of document.querySelectorAll('[data-auth-slot]')) {
    slot.toggleAttribute('data-signed-in', state.isAuthenticated);
  }
  const openedSignedIn = opening;
  opening = false;
  if (!state.user) return;
  // A browser without a language chosen takes the account's; otherwise the language chosen in this
  // browser goes on the account too (best effort: tried again on the next page).
  if (openedSignedIn && takeAccountLanguage(state.user)) return;
  void saveLanguageChoice(state.user).catch(() => undefined);
});

document.dispatchEvent(new Event(AUTH_SESSION_STARTED_EVENT));
/** Resolves once the stored session has been checked (the login form waits for it before signing in). */
export const sessionChecked: Promise<void> = initAuth();
