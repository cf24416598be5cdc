import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../src/domain/payment-methods';
import { demoCustomerId, runAs, seededDatabase, serviceRole } from './database';

let db: PGlite;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

const quoted = (text: string) => [...text.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);

describe('the SQL and the table of payment methods (src/domain/payment-methods.ts)', () => {
  it("allows exactly the table's methods in orders.provider", async () => {
    const { rows } = await db.query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'orders_provider_check'`,
    );
    expect(rows).toHaveLength(1);
    expect(quoted(rows[0]!.definition).sort()).toEqual(PAYMENT_METHODS.map((method) => method.value).sort());
  });

  it('special-cases by name only the methods the table marks collected on delivery', async () => {
    const { rows } = await db.query<{ source: string }>(
      `select p.prosrc as source from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.prosrc ~ 'provider\\s*(=|<>)'`,
    );
    const named = new Set(rows.flatMap((row) => [...row.source.matchAll(/provider\s*(?:=|<>)\s*'([a-z_]+)'/g)].map((match) => match[1]!)));
    expect(named.size).toBeGreaterThan(0);
    expect([...named].sort()).toEqual(PAYMENT_METHODS.filter((method) => method.collectedOnDelivery).map((method) => method.value));
  });
});

describe('order lines in paise (migration 20261128000100)', () => {
  it('converts lines stored as rupee text, charging MRP where no selling price was stored', async () => {
    const old = JSON.stringify([
      { product_id: 7, name: 'Metformin 500 mg', unit_mrp: '45.50', unit_price: '40.95', quantity: 2 },
      { product_id: 8, name: 'Cetirizine 10 mg', unit_mrp: '18.90', quantity: 1 },
    ]);
    const [order] = await runAs<{ id: string }>(
      db,
      serviceRole,
      `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines) values ($1, 'razorpay', 'order_rupee_lines', 10080, $2) returning id`,
      [demoCustomerId, old],
    );
    await db.exec(readFileSync(new URL('../migrations/20261128000100_order_lines_in_paise.sql', import.meta.url), 'utf8'));
    const { rows } = await db.query<{ lines: unknown }>(`select lines from public.orders where id = $1`, [order!.id]);
    expect(rows[0]!.lines).toEqual([
      { product_id: 7, name: 'Metformin 500 mg', unit_mrp_paise: 4550, unit_price_paise: 4095, quantity: 2 },
      { product_id: 8, name: 'Cetirizine 10 mg', unit_mrp_paise: 1890, unit_price_paise: 1890, quantity: 1 },
    ]);
  });
});
