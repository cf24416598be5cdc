import { DEFAULT_LANGUAGE } from '../../domain/default-language';
import { pathIn } from '../../domain/strings/paths';

/**
 * Sends a guest to sign in on the sign-in page in the page's own language (the layout writes it on
 * <html>), to come back to this very page afterwards: /hi/account/orders?page=2 goes to
 * /hi/login?next=%2Fhi%2Faccount%2Forders%3Fpage%3D2.
 */
export function sendToLogin(): void {
  const loginPath = pathIn(document.documentElement.dataset.language ?? DEFAULT_LANGUAGE, '/login');
  window.location.replace(`${loginPath}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}
