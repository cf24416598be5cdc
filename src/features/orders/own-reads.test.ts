import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANON_KEY, expectSameRequest, ownRequest, supabaseJsRequest, SUPABASE_URL, TOKEN } from '../../lib/browser/rest-request.fixture';
import { LINE_DECISION_COLUMNS, ORDER_EVENT_COLUMNS, ORDER_PAGE_COLUMNS, REFUND_COLUMNS } from '../../domain/order-view';
import { myOrdersPage } from './order-request';
import { lineDecisionsRead, MY_ORDER_COLUMNS, myOrdersRead, orderEventsRead, ownOrderRead, readOwnOrderRows, refillRemindersRead, refundsRead } from './own-reads';

const ORDER_ID = '9b2f6c1e-3d4a-4c7b-8e21-5f0a1b2c3d4e';
const USER_ID = '11111111-1111-4111-8111-111111111111';

describe("a signed-in customer's reads without supabase-js", () => {
  it('ask PostgREST exactly what supabase-js asked on the order page, with the customer’s own token', async () => {
    const own = ownRequest(ownOrderRead('MK-2026-000123'));
    expect(own.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(own.headers.get('apikey')).toBe(ANON_KEY);
    expectSameRequest(own, await supabaseJsRequest((db) => db.from('orders').select(ORDER_PAGE_COLUMNS).eq('order_number', 'MK-2026-000123').maybeSingle()));
    expectSameRequest(ownRequest(orderEventsRead(ORDER_ID)), await supabaseJsRequest((db) => db.from('order_events').select(ORDER_EVENT_COLUMNS).eq('order_id', ORDER_ID).order('at').order('id')));
    expectSameRequest(ownRequest(refundsRead(ORDER_ID)), await supabaseJsRequest((db) => db.from('refunds').select(REFUND_COLUMNS).eq('order_id', ORDER_ID).order('created_at')));
    expectSameRequest(ownRequest(lineDecisionsRead(ORDER_ID)), await supabaseJsRequest((db) => db.from('order_line_decisions').select(LINE_DECISION_COLUMNS).eq('order_id', ORDER_ID).order('line_index')));
    expectSameRequest(
      ownRequest(refillRemindersRead(ORDER_ID)),
      await supabaseJsRequest((db) => db.from('refill_reminders').select('product_id, doses_per_day, remind_on, stopped_at').eq('order_id', ORDER_ID)),
    );
  });

  it('read My orders 20 to a page, newest first, with one row past the page', async () => {
    expectSameRequest(
      ownRequest(myOrdersRead(USER_ID, 1)),
      await supabaseJsRequest((db) => db.from('orders').select(MY_ORDER_COLUMNS).eq('user_id', USER_ID).order('created_at', { ascending: false }).range(0, 20)),
    );
    const third = new URL(ownRequest(myOrdersRead(USER_ID, 3)).url);
    expect(Object.fromEntries(third.searchParams)).toEqual({
      select: 'order_number,created_at,status,payment_status,amount_paise,lines',
      user_id: `eq.${USER_ID}`,
      order: 'created_at.desc',
      offset: '40',
      limit: '21',
    });
  });

  it('take the page of My orders from the address, page 1 when it names none or no sensible one', () => {
    expect(myOrdersPage('https://shop.example/account/orders')).toBe(1);
    expect(myOrdersPage('https://shop.example/account/orders?page=3')).toBe(3);
    for (const page of ['0', '-2', 'two', '']) expect(myOrdersPage(`https://shop.example/account/orders?page=${page}`), page).toBe(1);
    expect(myOrdersPage('https://shop.example/account/orders?page=2.5')).toBe(2);
  });

  it('keep a value that needs escaping as one filter value', () => {
    const url = new URL(ownRequest(ownOrderRead('MK-1&user_id=eq.x')).url);
    expect(url.searchParams.getAll('order_number')).toEqual(['eq.MK-1&user_id=eq.x']);
    expect(url.searchParams.has('user_id')).toBe(false);
  });
});

describe("the order page's read of the customer's own order", () => {
  const target = { supabaseUrl: SUPABASE_URL, anonKey: ANON_KEY };
  const answering = (rowsByTable: Record<string, unknown[]>) => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (input: string, init: RequestInit) => {
      const url = new URL(input);
      asked.push(`${url.pathname.replace('/rest/v1/', '')} ${new Headers(init.headers).get('authorization')}`);
      return new Response(JSON.stringify(rowsByTable[url.pathname.replace('/rest/v1/', '')] ?? []), { status: 200 });
    });
    return asked;
  };
  afterEach(() => vi.unstubAllGlobals());

  it('reads the order, then its events, refunds, line decisions and refill reminders by its id, all with the customer’s token', async () => {
    const reminder = { product_id: 7, doses_per_day: 2, remind_on: '2026-11-16', stopped_at: null };
    const asked = answering({ orders: [{ id: ORDER_ID, order_number: 'MK-2026-000123' }], order_events: [{ kind: 'placed' }], refunds: [], order_line_decisions: [], refill_reminders: [reminder] });
    expect(await readOwnOrderRows(target, TOKEN, 'MK-2026-000123')).toEqual({
      order: { id: ORDER_ID, order_number: 'MK-2026-000123' },
      events: [{ kind: 'placed' }],
      refunds: [],
      decisions: [],
      reminders: [reminder],
    });
    expect(asked.sort()).toEqual(['order_events', 'order_line_decisions', 'orders', 'refill_reminders', 'refunds'].map((table) => `${table} Bearer ${TOKEN}`));
  });

  it('still shows the order when its refill reminders cannot be read, without them', async () => {
    vi.stubGlobal('fetch', async (input: string) => {
      const table = new URL(input).pathname.replace('/rest/v1/', '');
      if (table === 'refill_reminders') return new Response(JSON.stringify({ message: 'upstream timed out' }), { status: 503 });
      return new Response(JSON.stringify(table === 'orders' ? [{ id: ORDER_ID }] : []), { status: 200 });
    });
    expect(await readOwnOrderRows(target, TOKEN, 'MK-2026-000123')).toEqual({ order: { id: ORDER_ID }, events: [], refunds: [], decisions: [], reminders: [] });
  });

  it('answers null, and reads nothing more, when row-level security shows no such order', async () => {
    const asked = answering({});
    expect(await readOwnOrderRows(target, TOKEN, 'MK-2026-000999')).toBeNull();
    expect(asked).toEqual([`orders Bearer ${TOKEN}`]);
  });

  it('fails when PostgREST refuses the token', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ code: 'PGRST301', message: 'JWT expired' }), { status: 401 }));
    await expect(readOwnOrderRows(target, TOKEN, 'MK-2026-000123')).rejects.toThrow('orders could not be read (401)');
  });
});
