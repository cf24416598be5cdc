/**
 * One read from PostgREST as supabase-js's query builder sends it (`from(table).select(columns)
 * .eq(…).order(…).range(…)`), for pages that read before supabase-js has loaded. Row-level security
 * applies as it does to supabase-js: the request carries the customer's own access token.
 */
export interface RestRead {
  table: string;
  /** The columns as the page would give them to select(); spaces are dropped, as supabase-js does. */
  select: string;
  /** Column = value filters (eq). */
  eq: Record<string, string>;
  /** Column in one of these values (in); the values are the shop's own names, which need no quoting. */
  in?: Record<string, readonly string[]>;
  /** Columns to order by, each ascending unless `desc`, in this order. */
  order?: { column: string; desc?: boolean }[];
  /** Rows from..to, both included, as range(from, to). */
  range?: { from: number; to: number };
  /** At most this many rows, as limit(n); not given with `range`. */
  limit?: number;
}

export function restRequest(supabaseUrl: string, anonKey: string, accessToken: string, read: RestRead): { url: string; headers: Record<string, string> } {
  const url = new URL(`${supabaseUrl.replace(/\/$/, '')}/rest/v1/${read.table}`);
  url.searchParams.set('select', read.select.replace(/\s+/g, ''));
  for (const [column, value] of Object.entries(read.eq)) url.searchParams.append(column, `eq.${value}`);
  for (const [column, values] of Object.entries(read.in ?? {})) url.searchParams.append(column, `in.(${values.join(',')})`);
  if (read.order?.length) url.searchParams.set('order', read.order.map((term) => `${term.column}.${term.desc ? 'desc' : 'asc'}`).join(','));
  if (read.range) {
    url.searchParams.set('offset', String(read.range.from));
    url.searchParams.set('limit', String(read.range.to - read.range.from + 1));
  }
  if (read.limit !== undefined) url.searchParams.set('limit', String(read.limit));
  return { url: url.toString(), headers: { apikey: anonKey, authorization: `Bearer ${accessToken}`, 'accept-profile': 'public' } };
}

/** Where PostgREST is and the key it wants beside the customer's token (the anon key: the only key a browser sees). */
export interface RestTarget {
  supabaseUrl: string;
  anonKey: string;
}

/** The rows PostgREST answers for `read` with the customer's access token; throws when it refuses. */
export async function fetchRows(target: RestTarget, accessToken: string, read: RestRead): Promise<unknown[]> {
  const { url, headers } = restRequest(target.supabaseUrl, target.anonKey, accessToken, read);
  const response = await fetch(url, { headers });
  const body: unknown = response.ok ? await response.json() : null;
  if (!Array.isArray(body)) throw new Error(`${read.table} could not be read (${response.status})`);
  return body;
}

/** A database function called as supabase-js's rpc(fn, args) calls it: a POST with the arguments as JSON. */
export function rpcRequest(supabaseUrl: string, anonKey: string, accessToken: string, fn: string, args: Record<string, unknown>): { url: string; init: RequestInit & { headers: Record<string, string> } } {
  return {
    url: `${supabaseUrl.replace(/\/$/, '')}/rest/v1/rpc/${fn}`,
    init: {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${accessToken}`, 'content-profile': 'public', 'content-type': 'application/json' },
      body: JSON.stringify(args),
    },
  };
}

/** What the database function answers with the signed-in user's token; throws when PostgREST refuses. */
export async function callRpc(target: RestTarget, accessToken: string, fn: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const { url, init } = rpcRequest(target.supabaseUrl, target.anonKey, accessToken, fn, args);
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${fn} failed (${response.status})`);
  return response.json();
}
