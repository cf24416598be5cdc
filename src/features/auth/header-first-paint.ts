import { AUTH_STORAGE_KEY } from '../../lib/browser/auth-storage.ts';

/**
 * Runs while the header is parsed: a stored session shows Logout on first paint; the header's module
 * script confirms it with the auth server and corrects it if the session is gone. Kept as text so
 * astro.config.mjs can put its hash in the page's Content-Security-Policy (Astro hashes only the
 * scripts it bundles); an unreadable stored session counts as signed out.
 */
export const HEADER_FIRST_PAINT_SCRIPT = `(() => {
  try {
    const stored = sessionStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)}) ?? localStorage.getItem(${JSON.stringify(AUTH_STORAGE_KEY)});
    const session = stored ? JSON.parse(stored) : null;
    if (session && typeof session.refresh_token === 'string') {
      document.currentScript?.closest('[data-auth-slot]')?.setAttribute('data-signed-in', '');
    }
  } catch {}
})();`;
