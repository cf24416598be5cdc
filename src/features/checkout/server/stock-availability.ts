import { z } from 'zod';
import type { Availability } from '../../../domain/stock';
import { jsonResponse } from '../../../lib/server/http';

/**
 * GET /api/stock/availability?ids=1,16: what the prebuilt product pages and lists ask once after
 * load, answered from the database's stock_availability() (product id -> available; a
 * product not stock-tracked is left out). The answer is small (about 10 bytes a product) and may
 * be a few seconds old: the order's reservation in the database is what finally decides.
 */

/** A list page shows at most this many products; more ids are refused rather than read. */
export const MAX_AVAILABILITY_IDS = 60;

const idsSchema = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9})*$/, 'ids must be product ids separated by commas, like ids=1,16')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.length <= MAX_AVAILABILITY_IDS, `ask for at most ${MAX_AVAILABILITY_IDS} products at once`);

/** The server's own Supabase settings (every function has them); the RPC exposes nothing but the counts. */
export const availabilityEnvSchema = z.object({ SUPABASE_URL: z.url(), SUPABASE_SERVICE_ROLE_KEY: z.string().min(1) });
export type AvailabilityEnv = z.infer<typeof availabilityEnvSchema>;

const rowsSchema = z.array(z.object({ product_id: z.number().int(), available: z.number().int() }));

const json = (body: unknown, status: number, cache: string) => jsonResponse(body, status, { 'cache-control': cache });

/** The function's body: a misconfiguration or an unreachable database is a 503 the page ignores, logged here. */
export async function availabilityFunction(request: Request, source: Record<string, string | undefined>): Promise<Response> {
  try {
    return await availabilityResponse(request, availabilityEnvSchema.parse(source));
  } catch (error) {
    console.error('[stock availability]', error);
    return json({ error: 'Stock could not be checked just now.' }, 503, 'no-store');
  }
}

export async function availabilityResponse(request: Request, env: AvailabilityEnv, fetchApi: typeof fetch = fetch): Promise<Response> {
  if (request.method !== 'GET') return jsonResponse({ error: `Method ${request.method} is not allowed; use GET` }, 405, { allow: 'GET' });
  const ids = idsSchema.safeParse(new URL(request.url).searchParams.get('ids') ?? '');
  if (!ids.success) return json({ error: ids.error.issues[0]!.message }, 400, 'no-store');
  // PostgREST's RPC call (a plain fetch: supabase-js is not worth loading for one call).
  const reply = await fetchApi(new URL('/rest/v1/rpc/stock_availability', env.SUPABASE_URL), {
    method: 'POST',
    headers: { apikey: env.SUPABASE_SERVICE_ROLE_KEY, authorization: `Bearer ${env.SUPABASE_SERVICE_ROLE_KEY}`, 'content-type': 'application/json' },
    // A Postgres array literal: PostgREST casts it to the integer[] parameter (so does the local emulator).
    body: JSON.stringify({ p_product_ids: `{${ids.data.join(',')}}` }),
  });
  if (!reply.ok) {
    console.error(`[stock availability] the database answered ${reply.status}: ${await reply.text()}`);
    return json({ error: 'Stock could not be checked just now.' }, 503, 'no-store');
  }
  const availability: Availability = {};
  for (const row of rowsSchema.parse(await reply.json())) availability[row.product_id] = row.available;
  // The CDN may keep it 10 seconds (a busy product costs the database one call per 10 s); the
  // browser asks again on every load, so a reload after buying the last unit shows it gone.
  return json(availability, 200, 'public, max-age=0, s-maxage=10');
}
