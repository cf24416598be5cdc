import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { access, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
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
const execFileAsync = promisify(execFile);
export const exists = (file: string) => access(file).then(() => true, () => false);
const pgliteManifest = fileURLToPath(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url));

/**
 * The settings a copy starts with. PostgreSQL's default 128 MB of shared buffers, which PGlite sets
 * up in its WebAssembly memory at every start, cost ~0.6 s of each ~1.5 s start on this machine
 * kind; the project's test and emulator data fits in a few MB.
 */
const SNAPSHOT_SETTINGS = `alter system set shared_buffers = '16MB';`;

/** Names a snapshot by everything it is made of: PGlite's version, its settings and each SQL file's name and text. */
async function snapshotName(files: string[]): Promise<string> {
  const hash = createHash('sha256').update(await readFile(pgliteManifest)).update(SNAPSHOT_SETTINGS);
  for (const file of files) hash.update(`\0${file.slice(supabaseFolder.length)}\0`).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

/** The snapshot as PGlite dumps it (`<name>.tar`), made from the SQL when there is none yet. */
async function snapshotArchive(folder: string, name: string, options: { seed: boolean }): Promise<{ archive: Blob; built?: PGlite }> {
  const snapshot = join(folder, `${name}.tar`);
  const saved = await readFile(snapshot).catch(() => null);
  if (saved) return { archive: new Blob([saved]) };
  const db = await openDatabase();
  await applyProject(db, options);
  await db.exec(SNAPSHOT_SETTINGS);
  await mkdir(folder, { recursive: true });
  const archive = await db.dumpDataDir('none');
  // Written aside and renamed: a test file starting meanwhile reads a whole copy or none.
  const partial = `${snapshot}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
  await rename(partial, snapshot);
  // A copy made from older SQL is never read again: each is ~40 MB, and every migration edit made one.
  const stale = (await readdir(folder)).filter((entry) => !entry.startsWith(name));
  await Promise.all(stale.map((entry) => rm(join(folder, entry), { recursive: true, force: true })));
  return { archive, built: db };
}

/**
 * The snapshot as a data directory (`<name>/`), unpacked from the archive once. A database on disk
 * starts from a copy of it: copying the files takes ~0.1 s and PostgreSQL then reads only the pages
 * it needs, where unpacking the 40 MB archive through PGlite took ~1.5 s more at every fresh start.
 */
async function snapshotDirectory(folder: string, name: string, options: { seed: boolean }): Promise<string> {
  const directory = join(folder, name);
  if (await exists(join(directory, 'PG_VERSION'))) return directory;
  const { archive, built } = await snapshotArchive(folder, name, options);
  await built?.close();
  const partial = `${directory}.${process.pid}.partial`;
  await rm(partial, { recursive: true, force: true });
  await (await openDatabase(partial, archive)).close();
  // Another process may have unpacked it meanwhile: theirs is the same, and ours goes.
  await rename(partial, directory).catch(() => rm(partial, { recursive: true, force: true }));
  return directory;
}

/**
 * A new database with the project applied (in memory, or in dataDir, which must not exist yet).
 * Creating a PGlite and applying the SQL takes ~7 s on this machine kind, almost all of it PGlite's
 * initdb; loading a copy of the result takes ~2.5 s in memory and ~1.5 s on disk. The first caller
 * keeps a copy under node_modules/.cache, named by the SQL it was made from, and each later one
 * (every SQL test file, every emulator on fresh data) starts from it.
 */
export async function openProjectDatabase(options: { seed: boolean; dataDir?: string; snapshots?: string }): Promise<PGlite> {
  const folder = options.snapshots ?? snapshotFolder;
  const name = await snapshotName(await projectSqlFiles(options));
  if (options.dataDir) {
    await execFileAsync('cp', ['-a', await snapshotDirectory(folder, name, options), options.dataDir]);
    return openDatabase(options.dataDir);
  }
  const { archive, built } = await snapshotArchive(folder, name, options);
  return built ?? openDatabase(undefined, archive);
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
