import { hasStoredSession } from '../../lib/auth-storage';

/**
 * Every page. Guests (no stored session) download nothing more: the auth client, the session check
 * and cart sync load only when a session exists, and Logout is only visible then.
 */
if (hasStoredSession()) void import('./header-auth-session');

document.addEventListener('click', (event) => {
  const logout = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-logout]') : null;
  if (!logout) return;
  logout.disabled = true;
  void import('./auth-store').then(({ signOut }) => signOut());
});
