import type { User } from '@supabase/supabase-js';
import { map } from 'nanostores';

/**
 * The spec's auth state, shared by the header script and every island of the page. Kept apart from
 * auth-store.ts (which holds the Supabase client) so islands can read it without downloading supabase-js.
 */
export interface AuthState {
  user: User | null;
  isLoading: boolean;
  isAuthenticated: boolean;
}

export const $auth = map<AuthState>({ user: null, isLoading: true, isAuthenticated: false });
