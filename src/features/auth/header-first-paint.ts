import { AUTH_STORAGE_KEY } from '../../lib/browser/auth-storage.ts';

/**
 * Runs while the header is parsed: a stored session shows Logout on first paint; the header's module
 * script confirms it with the auth server and corrects it if the session is gone. Kept as text so
 * astro.config.mjs can put its hash in the page's Content-Security-Policy (Astro hashes only the
 * scripts it bundles); an unreadable stored session counts as signed out. Written minified: it counts
 * against what a product or list page may load before the first tap.
 */
export const HEADER_FIRST_PAINT_SCRIPT = `(()=>{try{let k=${JSON.stringify(AUTH_STORAGE_KEY)},s=sessionStorage.getItem(k)??localStorage.getItem(k),o=s&&JSON.parse(s);o&&typeof o.refresh_token=="string"&&document.currentScript?.closest("[data-auth-slot]")?.setAttribute("data-signed-in","")}catch{}})();`;
