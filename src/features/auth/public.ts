/** What other features may use of auth: the session state, without the Supabase client. */
export { $auth, type AuthState } from './auth-state';
