import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { restRequest, rpcRequest, type RestRead } from './rest-request';

/*
 * For the tests of the reads pages make without supabase-js: the request supabase-js itself sends
 * for a query, beside the one rest-request.ts builds, so a test sees the two are the same request.
 */

export const SUPABASE_URL = 'https://project.supabase.example';
export const ANON_KEY = 'anon-key';
export const TOKEN = 'signed.in.access-token';

export interface SentRequest {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
}

/** The request supabase-js itself sends for a query, caught before it leaves. */
export async function supabaseJsRequest(query: (client: SupabaseClient) => PromiseLike<unknown>): Promise<SentRequest> {
  let caught: SentRequest | undefined;
  const client = createClient(SUPABASE_URL, ANON_KEY, {
    accessToken: async () => TOKEN,
    global: {
      fetch: async (input, init) => {
        caught = { method: init?.method ?? 'GET', url: String(input), headers: new Headers(init?.headers), body: typeof init?.body === 'string' ? init.body : null };
        return new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    },
  });
  await query(client);
  if (!caught) throw new Error('supabase-js sent nothing');
  return caught;
}

/** The plain fetch's read, with its headers as the Headers the browser sends. */
export function ownRequest(read: RestRead): SentRequest {
  const { url, headers } = restRequest(SUPABASE_URL, ANON_KEY, TOKEN, read);
  return { method: 'GET', url, headers: new Headers(headers), body: null };
}

/** The plain fetch's call of a database function. */
export function ownRpcRequest(fn: string, args: Record<string, unknown>): SentRequest {
  const { url, init } = rpcRequest(SUPABASE_URL, ANON_KEY, TOKEN, fn, args);
  return { method: init.method ?? 'GET', url, headers: new Headers(init.headers), body: typeof init.body === 'string' ? init.body : null };
}

const COMPARED_HEADERS = ['apikey', 'authorization', 'accept-profile', 'content-profile', 'content-type'];

/** Expects the same method, address, body and the headers PostgREST goes by. */
export function expectSameRequest(own: SentRequest, theirs: SentRequest, label?: string): void {
  const shape = (request: SentRequest) => ({
    method: request.method,
    url: request.url,
    body: request.body === null ? null : JSON.parse(request.body),
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, request.headers.get(name)])),
  });
  expect(shape(own), label).toEqual(shape(theirs));
}
