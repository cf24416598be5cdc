/** What other features may use of auth: the session state, without the Supabase client. */
export { $auth, type AuthState } from './auth-state';
export { AFTER_LOGIN_PATH, LOGIN_REDIRECT_DELAY_MS } from './auth-strings';
export { OTP_ERRORS, OTP_SENT } from './otp-strings';

/**
 * Starts the page's auth session (header, and through the page's start-up script the cart sync) and
 * resolves once the stored session is checked, so a sign-in that follows is seen as one.
 */
export function startAuthSession(): Promise<void> {
  return import('./header-auth-session').then((module) => module.sessionChecked);
}

/** Signs out in the spec's order (see auth-store); goHome decides where the page goes after. */
export function signOut(goHome?: () => void): Promise<void> {
  return import('./auth-store').then((module) => module.signOut(goHome));
}
