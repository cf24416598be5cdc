import { AFTER_LOGIN_PATH } from './auth-strings';
import { pathUnder } from '../../domain/strings/paths';

/**
 * Where to go after signing in: back to the page that sent a guest to sign in (?next=/account), only
 * ever a path on this site, else the products as the spec says, in the sign-in page's language
 * (`prefix`: '/hi', or '' in English). `next` is the whole path the sending page wrote, its language
 * prefix included (/hi/account), so it is followed as it is.
 */
export function afterLoginPath(search: string, prefix = ''): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/(?!\/)[^\s\\]*$/.test(next) ? next : pathUnder(prefix, AFTER_LOGIN_PATH);
}
