import { readdir, readFile } from 'node:fs/promises';
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
export function openDatabase(dataDir?: string): Promise<PGlite> {
  return PGlite.create({ dataDir, extensions: { pgcrypto } });
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
