import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anon, customer, demoCustomerId, failureCode, runAs, secondCustomerId, seededDatabase, serviceRole } from './database';

// The customer's language (issue 40): on each order and prescription request, and on the account.

const INSUFFICIENT_PRIVILEGE = '42501';
const CHECK_VIOLATION = '23514';

const demo = customer(demoCustomerId);
const second = customer(secondCustomerId);

let db: PGlite;

beforeAll(async () => {
  db = await seededDatabase();
});

afterAll(async () => {
  await db.close();
});

const lines = JSON.stringify([{ product_id: 7, name: 'Metformin 500 mg', unit_mrp_paise: 4550, unit_price_paise: 4550, quantity: 1 }]);
const insertOrder = (providerOrderId: string, language?: string) =>
  runAs<{ language: string }>(
    db,
    serviceRole,
    `insert into public.orders (user_id, provider, provider_order_id, amount_paise, lines${language === undefined ? '' : ', language'})
     values ($1, 'razorpay', $2, 4550, $3${language === undefined ? '' : ', $4'}) returning language`,
    [demoCustomerId, providerOrderId, lines, ...(language === undefined ? [] : [language])],
  );

const insertRequest = (language?: string) =>
  runAs<{ language: string }>(
    db,
    serviceRole,
    `insert into public.prescription_requests (user_id, delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_city, delivery_state, delivery_pin_code, delivery_zone_id${language === undefined ? '' : ', language'})
     values ($1, 'Asha Verma', '+919876543210', 'asha@example.test', '12 MG Road', 'Bengaluru', 'Karnataka', '560001', 'bengaluru'${language === undefined ? '' : ', $2'}) returning language`,
    [demoCustomerId, ...(language === undefined ? [] : [language])],
  );

describe('orders and prescription requests keep the language they were placed in', () => {
  it('stores an order in Hindi, English when none is given, and refuses anything but a two-letter code', async () => {
    expect(await insertOrder('order_lang_hi', 'hi')).toEqual([{ language: 'hi' }]);
    expect(await insertOrder('order_lang_default')).toEqual([{ language: 'en' }]);
    for (const bad of ['HI', 'hindi', 'h', 'hi-IN', '']) expect(await failureCode(insertOrder(`order_lang_${bad}`, bad))).toBe(CHECK_VIOLATION);
    expect(await runAs(db, demo, `select language from public.orders where provider_order_id = 'order_lang_hi'`)).toEqual([{ language: 'hi' }]);
  });

  it('stores a prescription request in Hindi, English when none is given, and refuses a bad code', async () => {
    expect(await insertRequest('hi')).toEqual([{ language: 'hi' }]);
    expect(await insertRequest()).toEqual([{ language: 'en' }]);
    expect(await failureCode(insertRequest('Hindi'))).toBe(CHECK_VIOLATION);
  });

  it('lets no customer change the language of an order', async () => {
    expect(await failureCode(runAs(db, demo, `update public.orders set language = 'en' where provider_order_id = 'order_lang_hi'`))).toBe(INSUFFICIENT_PRIVILEGE);
  });
});

describe('profiles: a customer sets their own language', () => {
  it('lets a customer choose Hindi (upsert), read it back and change it; the server reads it', async () => {
    const upsert = `insert into public.profiles (user_id, language) values ($1, $2)
      on conflict (user_id) do update set language = excluded.language returning user_id, language`;
    expect(await runAs(db, demo, upsert, [demoCustomerId, 'hi'])).toEqual([{ user_id: demoCustomerId, language: 'hi' }]);
    expect(await runAs(db, demo, `select language from public.profiles`)).toEqual([{ language: 'hi' }]);
    expect(await runAs(db, demo, `update public.profiles set language = 'kn' returning language`)).toEqual([{ language: 'kn' }]);
    expect(await runAs(db, demo, upsert, [demoCustomerId, 'hi'])).toEqual([{ user_id: demoCustomerId, language: 'hi' }]);
    expect(await runAs(db, serviceRole, `select language from public.profiles where user_id = $1`, [demoCustomerId])).toEqual([{ language: 'hi' }]);
  });

  it('makes the row for the signed-in customer when no user id is given, English by default', async () => {
    expect(await runAs(db, second, `insert into public.profiles default values returning user_id, language`)).toEqual([{ user_id: secondCustomerId, language: 'en' }]);
  });

  it("hides another customer's language and refuses changing it or writing one for them", async () => {
    expect(await runAs(db, second, `select * from public.profiles where user_id = $1`, [demoCustomerId])).toEqual([]);
    expect(await runAs(db, second, `update public.profiles set language = 'en' where user_id = $1 returning user_id`, [demoCustomerId])).toEqual([]);
    expect(await failureCode(runAs(db, second, `update public.profiles set user_id = $1`, [demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, second, `delete from public.profiles`))).toBe(INSUFFICIENT_PRIVILEGE);
    const forged = runAs(db, second, `insert into public.profiles (user_id, language) values ($1, 'en')`, [demoCustomerId]);
    expect(await failureCode(forged)).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await runAs(db, serviceRole, `select language from public.profiles where user_id = $1`, [demoCustomerId])).toEqual([{ language: 'hi' }]);
  });

  it('refuses a language that is not a two-letter code', async () => {
    expect(await failureCode(runAs(db, demo, `update public.profiles set language = 'Hindi'`))).toBe(CHECK_VIOLATION);
    expect(await failureCode(runAs(db, demo, `update public.profiles set language = 'HI'`))).toBe(CHECK_VIOLATION);
  });

  it('gives a visitor who is not signed in nothing', async () => {
    expect(await failureCode(runAs(db, anon, `select language from public.profiles`))).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await failureCode(runAs(db, anon, `insert into public.profiles (user_id, language) values ($1, 'hi')`, [demoCustomerId]))).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('goes with the account when it is deleted', async () => {
    await db.exec(`delete from auth.users where id = '${secondCustomerId}'`);
    expect(await runAs(db, serviceRole, `select user_id from public.profiles where user_id = $1`, [secondCustomerId])).toEqual([]);
  });
});
