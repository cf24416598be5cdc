/**
 * Every page: Logout (only visible with a session) loads the auth client on click. The header's
 * Logout comes disabled in the HTML until this runs: a tap made earlier had no handler and was lost.
 */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) button.disabled = false;
document.addEventListener('click', (event) => {
  const logout = (event.target as Element).closest?.<HTMLButtonElement>('[data-logout]');
  if (!logout) return;
  logout.disabled = true;
  void import('./auth-store').then(({ signOut }) => signOut());
});
