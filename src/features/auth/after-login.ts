import { AFTER_LOGIN_PATH } from './auth-strings';

/**
 * Where to go after signing in: back to the page that sent a guest to /login (?next=/account),
 * only ever a path on this site, else the products as the spec says.
 */
export function afterLoginPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?!\/)[^\s\\]*$/.test(next) ? next : AFTER_LOGIN_PATH;
}

/** Sends a guest to sign in, to come back here afterwards. */
export function sendToLogin(): void {
  window.location.replace(`/login?next=${encodeURIComponent(window.location.pathname)}`);
}
