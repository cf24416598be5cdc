import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole } from './database';

const INSUFFICIENT_PRIVILEGE = '42501';
const UNIQUE_VIOLATION = '23505';
const CHECK_VIOLATION = '23514';

const insert = `insert into public.stock_alerts (product_id, email, user_id) values ($1, $2, $3)`;
const demo = customer(demoCustomerId);

let db: PGlite;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

describe('stock_alerts: insert only, one per email and product', () => {
  it('takes a request from a guest and from a signed-in customer, for themselves', async () => {
    await runAs(db, anon, insert, [5, 'guest@example.com', null]);
    await runAs(db, demo, insert, [5, 'demo@example.com', demoCustomerId]);
    const stored = await runAs(db, serviceRole, `select product_id, email, user_id from public.stock_alerts order by email`);
    expect(stored).toEqual([
      { product_id: 5, email: 'demo@example.com', user_id: demoCustomerId },
      { product_id: 5, email: 'guest@example.com', user_id: null },
    ]);
  });

  it('refuses a second request for the same email and product, whatever its case', async () => {
    expect(await failureCode(runAs(db, anon, insert, [5, 'GUEST@example.com', null]))).toBe(UNIQUE_VIOLATION);
    await runAs(db, anon, insert, [3, 'guest@example.com', null]);
  });

  it('lets nobody but the back office read, change or delete the list', async () => {
    for (const caller of [anon, demo]) {
      expect(await failureCode(runAs(db, caller, `select * from public.stock_alerts`))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `update public.stock_alerts set email = 'x@example.com'`))).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await failureCode(runAs(db, caller, `delete from public.stock_alerts`))).toBe(INSUFFICIENT_PRIVILEGE);
    }
  });

  it("refuses a request made in another customer's name, and an address that is not an email", async () => {
    expect(await failureCode(runAs(db, demo, insert, [7, 'demo@example.com', secondCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, insert, [7, 'guest@example.com', demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, insert, [7, 'not an email', null]))).toBe(CHECK_VIOLATION);
  });
});
