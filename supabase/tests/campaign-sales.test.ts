import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, customer, demoCustomerId, failureCode, runAs, seededDatabase, serviceRole, type Caller } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const marketing: Caller = { role: 'authenticated', userId: '55555555-5555-4555-8555-555555555555', appMetadata: { role: 'marketing' } };
const pharmacist: Caller = { role: 'authenticated', userId: '33333333-3333-4333-8333-333333333333', appMetadata: { role: 'pharmacist' } };
// A customer cannot make themselves marketing staff: user_metadata is theirs to write.
const forger: Caller = { role: 'authenticated', userId: demoCustomerId, appMetadata: { provider: 'email' }, userMetadata: { role: 'marketing' } };

const lines = JSON.stringify([{ product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp_paise: 3010, unit_price_paise: 3010, quantity: 1 }]);
let db: PGlite;
let count = 0;

interface Placed {
  amountPaise: number;
  createdAt: string;
  provider?: 'razorpay' | 'cod';
  paid?: boolean;
  first?: [source: string, campaign: string];
  last?: [source: string, campaign: string];
}

async function place(order: Placed): Promise<string> {
  count += 1;
  const providerOrderId = `order_campaign_${count}`;
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, created_at,
       utm_first_source, utm_first_medium, utm_first_campaign, utm_last_source, utm_last_medium, utm_last_campaign)
     values ($1, $2, $3, $4, $5, $6, $7, 'social', $8, $9, 'social', $10) returning id`,
    [demoCustomerId, order.provider ?? 'razorpay', providerOrderId, order.amountPaise, lines, order.createdAt, order.first?.[0] ?? null, order.first?.[1] ?? null, order.last?.[0] ?? null, order.last?.[1] ?? null],
  );
  if (order.paid ?? true) {
    if ((order.provider ?? 'razorpay') === 'razorpay') await runAs(db, serviceRole, `select public.mark_order_paid($1, $2)`, [providerOrderId, `pay_${providerOrderId}`]);
  }
  return row!.id;
}

const sales = (caller: Caller, from: string, to: string, touch = 'last') =>
  runAs<{ campaign: string; source: string; orders: number; revenue_paise: number; average_order_paise: number }>(
    db,
    caller,
    `select campaign, source, orders::int, revenue_paise::int, average_order_paise::int from public.campaign_sales($1, $2, $3)`,
    [from, to, touch],
  );

beforeAll(async () => {
  db = await seededDatabase();
  // 1 July 2026 00:10 in India is still 30 June in UTC: the day counts in India's calendar.
  await place({ amountPaise: 40_000, createdAt: '2026-06-30T18:40:00Z', first: ['instagram', 'monsoon'], last: ['whatsapp', 'monsoon'] });
  await place({ amountPaise: 20_000, createdAt: '2026-07-10T08:00:00Z', first: ['instagram', 'monsoon'], last: ['whatsapp', 'monsoon'] });
  await place({ amountPaise: 30_000, createdAt: '2026-07-11T08:00:00Z', provider: 'cod', first: ['google', 'diabetes-week'], last: ['google', 'diabetes-week'] });
  await place({ amountPaise: 15_000, createdAt: '2026-07-12T08:00:00Z' });
  // Never paid: not a sale.
  await place({ amountPaise: 99_000, createdAt: '2026-07-12T09:00:00Z', paid: false, first: ['instagram', 'monsoon'], last: ['whatsapp', 'monsoon'] });
  // Placed the day before the range.
  await place({ amountPaise: 50_000, createdAt: '2026-06-30T18:20:00Z', first: ['instagram', 'monsoon'], last: ['whatsapp', 'monsoon'] });
  const cancelled = await place({ amountPaise: 70_000, createdAt: '2026-07-13T08:00:00Z', provider: 'cod', first: ['google', 'diabetes-week'], last: ['google', 'diabetes-week'] });
  await runAs(db, serviceRole, `update public.orders set status = 'cancelled' where id = $1`, [cancelled]);
  // Opening PGlite and applying every migration takes over a minute on a loaded machine.
}, 300_000);

afterAll(async () => {
  await db?.close();
});

describe('campaign sales for marketing staff', () => {
  it('counts orders, revenue and average order value per campaign and source for a date range in India', async () => {
    expect(await sales(marketing, '2026-07-01', '2026-07-31')).toEqual([
      { campaign: 'monsoon', source: 'whatsapp', orders: 2, revenue_paise: 60_000, average_order_paise: 30_000 },
      { campaign: 'diabetes-week', source: 'google', orders: 1, revenue_paise: 30_000, average_order_paise: 30_000 },
      { campaign: '(none)', source: '(none)', orders: 1, revenue_paise: 15_000, average_order_paise: 15_000 },
    ]);
  });

  it('attributes by the first touch when asked', async () => {
    const [monsoon] = await sales(marketing, '2026-07-01', '2026-07-10', 'first');
    expect(monsoon).toEqual({ campaign: 'monsoon', source: 'instagram', orders: 2, revenue_paise: 60_000, average_order_paise: 30_000 });
  });

  it('refuses a range that ends before it starts', async () => {
    await expect(sales(marketing, '2026-07-31', '2026-07-01')).rejects.toThrow('the date range must start on or before its end');
  });

  it('is refused to everyone but marketing staff, who still cannot read an order', async () => {
    for (const caller of [anon, customer(demoCustomerId), pharmacist, forger]) {
      expect(await failureCode(sales(caller, '2026-07-01', '2026-07-31'))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    expect(await runAs(db, marketing, 'select id from public.orders')).toEqual([]);
  });
});
