import '../features/auth/header-auth';
import '../features/cart/cart-badge';
import { suggestOnFocus } from '../features/catalogue/header-search-box';
import { AUTH_SESSION_STARTED_EVENT, hasStoredSession } from '../lib/browser/auth-storage';

/**
 * Page start-up, one script for the whole header (each script file is a download of its own): the
 * cart badge, the search box's suggestions, Logout, and the auth session composed with the cart
 * sync, so neither feature starts the other.
 * Guests download neither the session nor the sync: the session loads only when one is stored (or the login form loads it),
 * and the cart sync follows it. The sync subscribes before the stored session is checked, so it
 * tells a restored session from a fresh sign-in. The stored session starts from session-start.ts,
 * which a page that draws the customer's data from the stored token first (the order page, My
 * orders) has wait until that is on screen and the customer acts on the page.
 */
async function startCartSync(): Promise<void> {
  const [{ $auth }, { startCartSync: start }, { followToastsOutsideIslands }] = await Promise.all([
    import('../features/auth/auth-state'),
    import('../features/cart/cart-sync'),
    import('../lib/browser/page-toast'),
  ]);
  followToastsOutsideIslands();
  start($auth);
}

let cartSync: Promise<void> | undefined;
const startCartSyncOnce = () => (cartSync ??= startCartSync());

suggestOnFocus();
document.addEventListener(AUTH_SESSION_STARTED_EVENT, () => void startCartSyncOnce());
if (hasStoredSession()) void import('./session-start').then((session) => session.startStoredSession(startCartSyncOnce));
