import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';

export const supabaseFolder = fileURLToPath(new URL('../../supabase/', import.meta.url));

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

/** The SQL a fresh database needs, in order: platform shim, migrations by timestamp, then the seed. */
export async function projectSqlFiles(options: { seed: boolean }): Promise<string[]> {
  const migrationsFolder = join(supabaseFolder, 'migrations');
  const migrations = (await readdir(migrationsFolder)).filter((name) => name.endsWith('.sql')).sort();
  return [
    join(supabaseFolder, 'platform-shim.sql'),
    ...migrations.map((name) => join(migrationsFolder, name)),
    ...(options.seed ? [join(supabaseFolder, 'seed.sql')] : []),
  ];
}

/** Opens (or creates, when dataDir is undefined: in memory) a PGlite with the extensions the schema uses. */
export function openDatabase(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({ dataDir, extensions: { pgcrypto }, ...(loadDataDir ? { loadDataDir } : {}) });
}

const snapshotFolder = fileURLToPath(new URL('../../node_modules/.cache/medikart-database/', import.meta.url));
const pgliteManifest = fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url));

/** Names a snapshot by everything it is made of: PGlite's version and each SQL file's name and text. */
async function snapshotName(files: string[]): Promise<string> {
  const hash = createHash('sha256').update(await readFile(pgliteManifest));
  for (const file of files) hash.update(`\0${file.slice(supabaseFolder.length)}\0`).update(await readFile(file));
  return `${hash.digest('hex').slice(0, 16)}.tar`;
}

/**
 * A new database with the project applied (in memory, or in dataDir). Creating a PGlite and applying
 * the SQL takes ~7 s on this machine kind, almost all of it PGlite's initdb; loading a copy of the
 * result takes ~1.7 s. The first caller keeps a copy under node_modules/.cache, named by the SQL it
 * was made from, and each later one (every SQL test file, every emulator on fresh data) loads it.
 */
export async function openProjectDatabase(options: { seed: boolean; dataDir?: string; snapshots?: string }): Promise<PGlite> {
  const folder = options.snapshots ?? snapshotFolder;
  const snapshot = join(folder, await snapshotName(await projectSqlFiles(options)));
  const saved = await readFile(snapshot).catch(() => null);
  if (saved) return openDatabase(options.dataDir, new Blob([saved]));
  const db = await openDatabase(options.dataDir);
  await applyProject(db, options);
  await mkdir(folder, { recursive: true });
  // Written aside and renamed: a test file starting meanwhile reads a whole copy or none.
  const partial = `${snapshot}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await rename(partial, snapshot);
  // A copy made from older SQL is never read again: each is ~40 MB, and every migration edit made one.
  const stale = (await readdir(folder)).filter((name) => name.endsWith('.tar') && join(folder, name) !== snapshot);
  await Promise.all(stale.map((name) => rm(join(folder, name), { force: true })));
  return db;
}

export async function applyProject(db: PGlite, options: { seed: boolean }): Promise<void> {
  for (const file of await projectSqlFiles(options)) {
    try {
      await db.exec(await readFile(file, 'utf8'));
    } catch (error) {
      throw new Error(`applying ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
