import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, demoCustomerId, failureCode, runAs, seededDatabase, serviceRole, type Caller } from './database';

// Coupons in the database: sales per coupon for marketing only, and a use given back when its order is cancelled.

const INSUFFICIENT_PRIVILEGE = '42501';
const marketing: Caller = { role: 'authenticated', userId: '55555555-5555-4555-8555-555555555555', appMetadata: { role: 'marketing' } };
const pharmacist: Caller = { role: 'authenticated', userId: '33333333-3333-4333-8333-333333333333', appMetadata: { role: 'pharmacist' } };
const support: Caller = { role: 'authenticated', userId: '44444444-4444-4444-8444-444444444444', appMetadata: { role: 'support' } };

let db: PGlite;
let count = 0;

async function place(code: string | null, amountPaise: number, discountPaise: number, provider: 'razorpay' | 'cod' = 'cod'): Promise<string> {
  count += 1;
  const lines = JSON.stringify([{ product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp_paise: amountPaise + discountPaise, unit_price_paise: amountPaise + discountPaise, quantity: 1, ...(discountPaise ? { discount_paise: discountPaise } : {}) }]);
  const [row] = await runAs<{ id: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, coupon_code, discount_paise)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [demoCustomerId, provider, `order_coupon_${count}`, amountPaise, lines, code, discountPaise],
  );
  return row!.id;
}

beforeAll(async () => {
  db = await seededDatabase();
  await runAs(db, serviceRole, `insert into public.coupons (code, kind, percent_off, starts_at, ends_at, total_uses) values ('MONSOON15', 'percent', 15, now() - interval '1 day', now() + interval '1 day', 2)`);
});

afterAll(async () => {
  await db.close();
});

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

describe('coupon uses and sales', () => {
  it('takes a use per order, refuses past the total, and gives the use back when the order is cancelled', async () => {
    const first = await place('MONSOON15', 8500, 1500);
    await place('MONSOON15', 17000, 3000);
    const refused = await runAs(db, serviceRole, `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, coupon_code, discount_paise)
      values ($1, 'cod', 'order_coupon_over', 8500, '[{"product_id": 101, "name": "P", "unit_mrp_paise": 10000, "unit_price_paise": 10000, "quantity": 1, "discount_paise": 1500}]', 'MONSOON15', 1500)`, [demoCustomerId]).catch((error: unknown) => error as { code: string; detail: string });
    expect(refused).toMatchObject({ code: 'MK422', detail: '{"rule":"used"}' });
    await runAs(db, serviceRole, `update public.orders set status = 'cancelled' where id = $1`, [first]);
    expect(await runAs(db, serviceRole, `select state from public.coupon_redemptions where order_id = $1`, [first])).toEqual([{ state: 'released' }]);
    await place('MONSOON15', 8500, 1500);
  });

  it('shows marketing orders, revenue and discount per coupon; nobody else', async () => {
    await place(null, 10000, 0);
    const rows = await runAs(db, marketing, `select coupon, orders::int, revenue_paise::int, discount_paise::int from public.coupon_sales($1, $1)`, [today()]);
    expect(rows).toEqual([{ coupon: 'MONSOON15', orders: 2, revenue_paise: 25500, discount_paise: 4500 }]);
    // Per campaign too: these orders came with no campaign.
    expect(await runAs(db, marketing, `select campaign, orders::int, revenue_paise::int, discount_paise::int from public.campaign_sales($1, $1)`, [today()])).toEqual([
      { campaign: '(none)', orders: 3, revenue_paise: 35500, discount_paise: 4500 },
    ]);
    for (const caller of [pharmacist, support, customer(demoCustomerId)]) {
      expect(await failureCode(runAs(db, caller, `select * from public.coupon_sales($1::date, $1::date)`, [today()]))).toBe(INSUFFICIENT_PRIVILEGE);
    }
    for (const caller of [marketing, customer(demoCustomerId)]) {
      expect(await failureCode(runAs(db, caller, `select * from public.coupons`))).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });

  it('forgets the customer on a redemption when account deletion clears the order, and keeps the use counted', async () => {
    await runAs(db, serviceRole, `insert into public.coupons (code, kind, flat_paise, starts_at, ends_at) values ('KEEP50', 'flat', 5000, now() - interval '1 day', now() + interval '1 day')`);
    const [order] = await runAs<{ id: string }>(
      db,
      serviceRole,
      `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines, coupon_code, discount_paise, delivery_name, delivery_mobile, delivery_line1, delivery_city, delivery_state, delivery_pin_code, delivery_zone_id, promised_delivery_date)
       values ($1, 'cod', 'order_coupon_forget', 5000, '[{"product_id": 101, "name": "P", "unit_mrp_paise": 10000, "unit_price_paise": 10000, "quantity": 1, "discount_paise": 5000}]',
         'KEEP50', 5000, 'Asha Rao', '+919845012345', '12 MG Road', 'Bengaluru', 'Karnataka', '560001', 'bengaluru', current_date + 2) returning id`,
      [demoCustomerId],
    );
    expect(await runAs(db, serviceRole, `select user_id, mobile from public.coupon_redemptions where order_id = $1`, [order!.id])).toEqual([{ user_id: demoCustomerId, mobile: '+919845012345' }]);
    await runAs(db, serviceRole, `update public.orders set delivery_name = null, delivery_mobile = null, delivery_line1 = null where id = $1`, [order!.id]);
    expect(await runAs(db, serviceRole, `select mobile, state from public.coupon_redemptions where order_id = $1`, [order!.id])).toEqual([{ mobile: null, state: 'held' }]);
  });
});
