import { startCartSync } from '../cart/cart-sync';
import { $auth, initAuth, signOut } from './auth-store';

/** Every page: follow the auth state in the header, sync the cart while signed in, handle Logout. */
$auth.subscribe((state) => {
  if (state.isLoading) return;
  for (const slot of document.querySelectorAll('[data-auth-slot]')) {
    slot.toggleAttribute('data-signed-in', state.isAuthenticated);
  }
});

document.addEventListener('click', (event) => {
  const logout = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-logout]') : null;
  if (!logout) return;
  logout.disabled = true;
  void signOut();
});

startCartSync();
void initAuth();
