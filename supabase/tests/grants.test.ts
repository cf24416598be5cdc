import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, projectSqlFiles, supabaseFolder } from '../../emulators/supabase/schema';
import { anon, customer, demoCustomerId, failureCode, runAs, serviceRole } from './database';
import {
  API_ROLES,
  EXPECTED_FUNCTION_PRIVILEGES,
  EXPECTED_RELATION_PRIVILEGES,
  definersWithoutSearchPath,
  expectedMatrix,
  functionPrivileges,
  platformObjects,
  relationPrivileges,
} from './hosted-rules';

// What the migrations must do to run on a hosted Supabase project created today: grant every
// API role what it uses (nothing is granted by default any more), fix the search_path of every
// security definer function, and leave Supabase's auth and storage schemas alone.

let db: PGlite;
let platformBefore: string[];

beforeAll(async () => {
  db = await openDatabase();
  const [shim, ...migrations] = await projectSqlFiles({ seed: false });
  await db.exec(await readFile(shim!, 'utf8'));
  platformBefore = await platformObjects(db);
  for (const migration of migrations) await db.exec(await readFile(migration, 'utf8'));
}, 300_000);

afterAll(async () => {
  await db.close();
});

describe('table grants', () => {
  it('gives no API role anything on a public table the migrations do not grant (as on a new Supabase project)', async () => {
    await db.exec(`create table public.grants_probe (id integer primary key)`);
    try {
      for (const role of API_ROLES) {
        expect(await failureCode(runAs(db, { role }, `select id from public.grants_probe`))).toBe('42501');
        expect(await failureCode(runAs(db, { role }, `insert into public.grants_probe (id) values (1)`))).toBe('42501');
      }
    } finally {
      await db.exec(`drop table public.grants_probe`);
    }
  });

  it('gives each API role exactly its privileges on every public table, view and sequence', async () => {
    expect(await relationPrivileges(db)).toEqual(expectedMatrix(EXPECTED_RELATION_PRIVILEGES));
  });

  it('lets each API role execute exactly the functions it calls, and anon no unlisted function', async () => {
    const actual = await functionPrivileges(db);
    const expected = expectedMatrix(EXPECTED_FUNCTION_PRIVILEGES);
    const listed = Object.fromEntries(Object.keys(actual).filter((name) => name in expected).map((name) => [name, actual[name]]));
    expect(listed).toEqual(expected);
    const openToAnon = Object.keys(actual).filter((name) => !(name in expected) && actual[name]!.anon.length > 0);
    expect(openToAnon).toEqual([]);
  });

  it('lets the payment functions number an order, which draws from the order number sequence', async () => {
    const [order] = await runAs<{ order_number: string }>(db, serviceRole, `
      insert into public.orders (user_id, guest_session_id, provider, provider_order_id, amount_paise, lines)
      values (null, gen_random_uuid(), 'razorpay', 'order_grants_probe', 10000, '[{"product_id": 1}]')
      returning order_number`);
    expect(order!.order_number).toMatch(/^MK-\d{4}-\d{6,}$/);
    expect(await failureCode(runAs(db, customer(demoCustomerId), `select nextval('public.order_number_sequence')`))).toBe('42501');
    expect(await failureCode(runAs(db, anon, `select nextval('public.order_number_sequence')`))).toBe('42501');
  });
});

describe('hosted Supabase rules', () => {
  it('fixes the search_path of every security definer function in public', async () => {
    expect(await definersWithoutSearchPath(db)).toEqual([]);
  });

  it('finds a security definer function without a fixed search_path', async () => {
    await db.exec(`create function public.search_path_probe() returns integer language sql security definer as 'select 1'`);
    try {
      expect(await definersWithoutSearchPath(db)).toEqual(['search_path_probe()']);
    } finally {
      await db.exec(`drop function public.search_path_probe()`);
    }
  });

  it('creates nothing in the auth and storage schemas (only storage policies and the bucket row)', async () => {
    expect(await platformObjects(db)).toEqual(platformBefore);
    const { rows } = await db.query<{ id: string; file_size_limit: number; allowed_mime_types: string[] }>(
      `select id, file_size_limit::int as file_size_limit, allowed_mime_types from storage.buckets`,
    );
    expect(rows).toEqual([{ id: 'prescriptions', file_size_limit: 5 * 1024 * 1024, allowed_mime_types: ['image/*', 'application/pdf'] }]);
  });
});

describe('supabase/config.toml', () => {
  const config = async () =>
    parse(await readFile(`${supabaseFolder}config.toml`, 'utf8')) as {
      auth: { site_url: string; additional_redirect_urls: string[] };
      storage: { buckets: Record<string, { public: boolean; file_size_limit: string; allowed_mime_types: string[] }> };
    };

  it('declares the prescriptions bucket the migrations create', async () => {
    const { storage } = await config();
    const { rows } = await db.query<{ public: boolean; file_size_limit: number; allowed_mime_types: string[] }>(
      `select public, file_size_limit::int as file_size_limit, allowed_mime_types from storage.buckets where id = 'prescriptions'`,
    );
    const declared = storage.buckets.prescriptions!;
    const mebibytes = Number(/^(\d+)MiB$/.exec(declared.file_size_limit)?.[1]);
    expect([{ public: declared.public, file_size_limit: mebibytes * 1024 * 1024, allowed_mime_types: declared.allowed_mime_types }]).toEqual(rows);
  });

  it('lets auth mails come back to the pages the storefront sends them to, on both local addresses', async () => {
    const { auth } = await config();
    // SignUpForm and the account's email change send links to /account, ForgotPasswordForm to /reset-password.
    for (const origin of [new URL(auth.site_url).origin, 'http://127.0.0.1:8888']) {
      expect(auth.additional_redirect_urls).toEqual(expect.arrayContaining([`${origin}/account`, `${origin}/reset-password`]));
    }
  });
});
