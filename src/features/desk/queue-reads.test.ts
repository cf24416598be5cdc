// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANON_KEY, expectSameRequest, ownRequest, ownRpcRequest, supabaseJsRequest, SUPABASE_URL, TOKEN } from '../../lib/browser/rest-request.fixture';
import { QUEUE_COLUMNS, queueRead, REQUEST_COLUMNS, startQueueReads, takeEarlyQueueReads, leaveEarlyQueueReads, waitingRequestsRead } from './queue-reads';

describe("the desk's reads without supabase-js", () => {
  it('ask PostgREST for a status’s orders, oldest first, 200 at most, as supabase-js asked', async () => {
    expectSameRequest(
      ownRequest(queueRead('confirmed')),
      await supabaseJsRequest((db) => db.from('orders').select(QUEUE_COLUMNS).eq('status', 'confirmed').order('created_at', { ascending: true }).limit(200)),
    );
  });

  it('ask for the prescription requests still waiting, oldest first, 100 at most', async () => {
    expectSameRequest(
      ownRequest(waitingRequestsRead),
      await supabaseJsRequest((db) => db.from('prescription_requests').select(REQUEST_COLUMNS).in('status', ['submitted', 'in_review']).order('created_at', { ascending: true }).limit(100)),
    );
  });

  it('call the counts and the search as supabase-js’s rpc does, a POST with the arguments', async () => {
    for (const [fn, args] of [
      ['desk_order_counts', {}],
      ['desk_find_orders', { p_query: '98450 12345' }],
    ] as const) {
      expectSameRequest(ownRpcRequest(fn, args), await supabaseJsRequest((db) => db.rpc(fn, args)), fn);
    }
  });
});

describe("the queue's first reads", () => {
  const target = { supabaseUrl: SUPABASE_URL, anonKey: ANON_KEY };
  const asked: string[] = [];
  const answering = () => {
    asked.length = 0;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const url = new URL(input);
      asked.push(`${init?.method ?? 'GET'} ${url.pathname.replace('/rest/v1/', '')} ${new Headers(init?.headers).get('authorization')}`);
      return new Response(url.pathname.endsWith('desk_order_counts') ? '[{"status":"confirmed","orders":2}]' : '[]', { status: 200 });
    });
  };
  afterEach(() => {
    vi.unstubAllGlobals();
    // Taking clears what a test left, whoever it was made for.
    takeEarlyQueueReads(TOKEN);
  });

  it('read the counts, the first status and, for a pharmacist only, the waiting requests, with the staff member’s token', async () => {
    answering();
    const pharmacist = startQueueReads(target, TOKEN, true);
    expect(await pharmacist.counts).toEqual([{ status: 'confirmed', orders: 2 }]);
    await Promise.all([pharmacist.orders, pharmacist.requests]);
    expect(asked.sort()).toEqual([`GET orders Bearer ${TOKEN}`, `GET prescription_requests Bearer ${TOKEN}`, `POST rpc/desk_order_counts Bearer ${TOKEN}`]);

    answering();
    const support = startQueueReads(target, TOKEN, false);
    await Promise.all([support.counts, support.orders]);
    expect(support.requests).toBeNull();
    expect(asked.sort()).toEqual([`GET orders Bearer ${TOKEN}`, `POST rpc/desk_order_counts Bearer ${TOKEN}`]);
  });

  it('are taken by the page once, and only when made with the token the page has', () => {
    answering();
    const reads = startQueueReads(target, TOKEN, false);
    leaveEarlyQueueReads(reads);
    expect(takeEarlyQueueReads('another.token')).toBeNull();
    leaveEarlyQueueReads(reads);
    expect(takeEarlyQueueReads(TOKEN)).toBe(reads);
    expect(takeEarlyQueueReads(TOKEN)).toBeNull();
  });

  it('fail when PostgREST refuses the token', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"code":"PGRST301"}', { status: 401 }));
    const reads = startQueueReads(target, TOKEN, true);
    await expect(reads.counts).rejects.toThrow('desk_order_counts failed (401)');
    await expect(reads.orders).rejects.toThrow('orders could not be read (401)');
    await expect(reads.requests).rejects.toThrow('prescription_requests could not be read (401)');
  });
});
