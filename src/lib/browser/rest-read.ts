import { PUBLIC_SUPABASE_ANON_KEY, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { restRequest, type RestRead } from './rest-request';

export type { RestRead };

/** The rows PostgREST answers for `read` with the customer's access token; throws when it refuses. */
export async function readRows(read: RestRead, accessToken: string): Promise<unknown[]> {
  const { url, headers } = restRequest(PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_ANON_KEY, accessToken, read);
  const response = await fetch(url, { headers });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
    throw new Error(`${read.table} could not be read (${response.status}) ${message}`.trim());
  }
  if (!Array.isArray(body)) throw new Error(`${read.table} was answered with no rows`);
  return body;
}
