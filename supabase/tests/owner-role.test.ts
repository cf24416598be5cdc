import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCustomerId, runAs, seededDatabase, serviceRole, type Caller } from './database';

// The owner (or accountant) sees the month's returns and the daily report only through
// /api/desk/reports, which reads as the service role. In the database the role grants nothing:
// staff_role() does not name it, so an owner's token reads no order, refund, tax document,
// prescription or message, as a customer with no orders of their own reads none.

const owner: Caller = { role: 'authenticated', userId: '66666666-6666-4666-8666-666666666666', appMetadata: { role: 'owner' } };
const support: Caller = { role: 'authenticated', userId: '44444444-4444-4444-8444-444444444444', appMetadata: { role: 'support' } };
let db: PGlite;

beforeAll(async () => {
  db = await seededDatabase();
  const lines = JSON.stringify([{ product_id: 101, name: 'Paracetamol 500mg Strip', unit_mrp_paise: 3010, unit_price_paise: 3010, quantity: 1 }]);
  const [order] = await runAs<{ id: string }>(db, serviceRole, `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines) values ($1, 'cod', 'cod_owner_role_1', 3010, $2) returning id`, [demoCustomerId, lines]);
  await runAs(db, serviceRole, `select public.issue_tax_document($1, 'invoice', '{"rows": []}'::jsonb)`, [order!.id]);
}, 120_000);

afterAll(async () => {
  await db?.close();
});

describe('the owner role in the database', () => {
  it('is seeded as owner@pharmacy.test with the role in app_metadata', async () => {
    const { rows } = await db.query<{ email: string; role: string }>(`select email, raw_app_meta_data ->> 'role' as role from auth.users where id = $1`, [owner.userId]);
    expect(rows[0]).toEqual({ email: 'owner@pharmacy.test', role: 'owner' });
  });

  it('is no staff role: its token reads none of what the reports read, where support reads them', async () => {
    expect(await runAs(db, owner, `select public.staff_role() as role`)).toEqual([{ role: null }]);
    for (const table of ['orders', 'refunds', 'tax_documents', 'order_events', 'prescription_files', 'message_outbox']) {
      const [asOwner] = await runAs<{ count: number }>(db, owner, `select count(*)::int as count from public.${table}`);
      expect(asOwner!.count, table).toBe(0);
    }
    const [asSupport] = await runAs<{ count: number }>(db, support, `select count(*)::int as count from public.tax_documents`);
    expect(asSupport!.count).toBeGreaterThan(0);
  });
});
