import { followToastsOutsideIslands } from '../../lib/page-toast';
import { startCartSync } from '../cart/cart-sync';
import { $auth, initAuth } from './auth-store';

/** Loaded by header-auth.ts when a session is stored: confirm it, follow it in the header, sync the cart. */
$auth.subscribe((state) => {
  if (state.isLoading) return;
  for (const slot of document.querySelectorAll('[data-auth-slot]')) {
    slot.toggleAttribute('data-signed-in', state.isAuthenticated);
  }
});

followToastsOutsideIslands();
startCartSync();
/** Resolves once the stored session has been checked (the login form waits for it before signing in). */
export const sessionChecked: Promise<void> = initAuth();
