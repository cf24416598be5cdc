import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openProjectDatabase } from './schema';

/** What a test or the emulator relies on: every column, function, policy and trigger, and the seeded accounts. */
async function fingerprint(db: PGlite) {
  const rows = async (sql: string) => (await db.query(sql)).rows;
  return {
    columns: await rows(`select table_schema, table_name, column_name, data_type, is_nullable, column_default from information_schema.columns where table_schema in ('public', 'auth', 'storage') order by 1, 2, 3`),
    functions: await rows(`select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, md5(p.prosrc) as body from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'auth', 'storage') order by 1, 2, 3`),
    policies: await rows(`select schemaname, tablename, policyname, cmd, roles::text, qual, with_check from pg_policies order by 1, 2, 3`),
    triggers: await rows(`select event_object_table, trigger_name, action_timing, event_manipulation from information_schema.triggers order by 1, 2, 4`),
    grants: await rows(`select table_schema, table_name, grantee, privilege_type from information_schema.role_table_grants where table_schema = 'public' order by 1, 2, 3, 4`),
    accounts: await rows(`select id, email, raw_app_meta_data from auth.users order by id`),
  };
}

const opened: PGlite[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()));
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

describe("the project's database, built once and then loaded from its copy", () => {
  it('keeps one copy, in place of one made from older SQL, and a database loaded from it is the one the SQL builds', async () => {
    const snapshots = await mkdtemp(join(tmpdir(), 'database-snapshots-'));
    folders.push(snapshots);
    await writeFile(join(snapshots, '0123456789abcdef.tar'), 'a copy made before the last migration');
    const built = await openProjectDatabase({ seed: true, snapshots });
    opened.push(built);
    const copies = await readdir(snapshots);
    expect(copies).toHaveLength(1);
    expect(copies[0]).not.toBe('0123456789abcdef.tar');
    const loaded = await openProjectDatabase({ seed: true, snapshots });
    opened.push(loaded);
    const [fromSql, fromCopy] = [await fingerprint(built), await fingerprint(loaded)];
    expect(fromSql.columns.length).toBeGreaterThan(100);
    expect(fromSql.accounts.length).toBeGreaterThan(0);
    expect(fromCopy).toEqual(fromSql);
    // Only the copy is shared: a row one database gains is not in the other.
    await loaded.exec(`delete from auth.users`);
    expect((await fingerprint(built)).accounts).toEqual(fromSql.accounts);
  }, 60_000);

  it('starts a database on disk from the same copy, each in its own folder', async () => {
    const snapshots = await mkdtemp(join(tmpdir(), 'database-snapshots-'));
    const disks = await mkdtemp(join(tmpdir(), 'database-on-disk-'));
    folders.push(snapshots, disks);
    const built = await openProjectDatabase({ seed: true, snapshots });
    opened.push(built);
    const fromSql = await fingerprint(built);
    const first = await openProjectDatabase({ seed: true, snapshots, dataDir: join(disks, 'first') });
    opened.push(first);
    expect(await fingerprint(first)).toEqual(fromSql);
    await first.exec(`delete from auth.users`);
    const second = await openProjectDatabase({ seed: true, snapshots, dataDir: join(disks, 'second') });
    opened.push(second);
    expect((await fingerprint(second)).accounts).toEqual(fromSql.accounts);
    // The archive (for databases in memory) and the unpacked folder (for those on disk), one of each.
    expect((await readdir(snapshots)).map((entry) => entry.replace(/^[0-9a-f]{16}/, 'name')).sort()).toEqual(['name', 'name.tar']);
  }, 60_000);
});
