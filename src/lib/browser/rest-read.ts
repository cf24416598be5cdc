import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { fetchRows, type RestRead, type RestTarget } from './rest-request';

/** This site's Supabase project, as its one supabase-js client is given it. */
export const SUPABASE_REST: RestTarget = { supabaseUrl: PUBLIC_SUPABASE_URL, anonKey: PUBLIC_SUPABASE_ANON_KEY };

/** The rows PostgREST answers for `read` with the customer's access token; throws when it refuses. */
export function readRows(read: RestRead, accessToken: string): Promise<unknown[]> {
  return fetchRows(SUPABASE_REST, accessToken, read);
}
