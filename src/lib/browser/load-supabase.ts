import type { SupabaseClient } from '@supabase/supabase-js';

/** The shared Supabase client, downloaded on first use: a page pays for supabase-js only when a customer acts. */
export function loadSupabase(): Promise<SupabaseClient> {
  return import('./supabase-client').then((module) => module.supabase);
}
