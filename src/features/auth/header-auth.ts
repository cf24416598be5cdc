/** Every page: Logout (only visible with a session) loads the auth client on click. */
document.addEventListener('click', (event) => {
  const logout = event.target instanceof Element ? event.target.closest<HTMLButtonElement>('[data-logout]') : null;
  if (!logout) return;
  logout.disabled = true;
  void import('./auth-store').then(({ signOut }) => signOut());
});
