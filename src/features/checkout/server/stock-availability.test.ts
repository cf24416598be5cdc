import { describe, expect, it } from 'vitest';
import { availabilityFunction, availabilityResponse } from './stock-availability';

const env = { SUPABASE_URL: 'http://127.0.0.1:54321', SUPABASE_SERVICE_ROLE_KEY: 'service-key' };

function database(rows: unknown, status = 200) {
  const calls: { url: string; body: unknown; apikey: string | null }[] = [];
  const fetchApi = (async (url: URL, init: RequestInit) => {
    calls.push({ url: String(url), body: JSON.parse(String(init.body)), apikey: new Headers(init.headers).get('apikey') });
    return new Response(JSON.stringify(rows), { status });
  }) as unknown as typeof fetch;
  return { calls, fetchApi };
}

describe('GET /api/stock/availability', () => {
  it('asks the database once and answers product id -> available', async () => {
    const db = database([{ product_id: 1, available: 0 }, { product_id: 16, available: 3 }]);
    const response = await availabilityResponse(new Request('http://shop.test/api/stock/availability?ids=1,16,16,14'), env, db.fetchApi);
    expect(db.calls).toEqual([{ url: 'http://127.0.0.1:54321/rest/v1/rpc/stock_availability', body: { p_product_ids: '{1,16,14}' }, apikey: 'service-key' }]);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('{"1":0,"16":3}');
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'; object-src 'none'; base-uri 'self'");
  });

  it('refuses ids that are not a list of product ids, or too many, without asking the database', async () => {
    const db = database([]);
    for (const query of ['', 'ids=', 'ids=1,a', 'ids=1;drop', `ids=${Array.from({ length: 61 }, (_, index) => index + 1).join(',')}`]) {
      const response = await availabilityResponse(new Request(`http://shop.test/api/stock/availability?${query}`), env, db.fetchApi);
      expect(response.status).toBe(400);
    }
    expect(db.calls).toEqual([]);
  });

  it('says so when the database cannot answer', async () => {
    const db = database({ message: 'down' }, 500);
    const response = await availabilityResponse(new Request('http://shop.test/api/stock/availability?ids=1'), env, db.fetchApi);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: 'Stock could not be checked just now.' });
  });

  it('answers 503, never throws, when the server is not configured', async () => {
    const response = await availabilityFunction(new Request('http://shop.test/api/stock/availability?ids=1'), {});
    expect(response.status).toBe(503);
  });
});
