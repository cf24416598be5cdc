import { execFile } from 'node:child_process';
import { access, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { projectSqlFiles } from '../../emulators/supabase/schema';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 (`apt-get install postgresql`); POSTGRES_BIN points elsewhere. */
export const POSTGRES_BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export interface RealPostgres {
  /** A superuser connection string (the `postgres` role, trust authentication, 127.0.0.1 only). */
  url: string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a throw-away PostgreSQL server in a temporary data directory on a free port. initdb refuses
 * to run as root, so as root the directory goes to the `postgres` user and the server runs as it.
 */
export async function startPostgres15(): Promise<RealPostgres> {
  try {
    await access(join(POSTGRES_BIN, 'initdb'));
  } catch {
    throw new Error(`PostgreSQL 15 is not installed (no ${POSTGRES_BIN}/initdb): run 'sudo apt-get install -y postgresql', or set POSTGRES_BIN`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'medikart-pg15-'));
  const asRoot = userInfo().uid === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dataDir, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (binary: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(POSTGRES_BIN, binary), ...args]) : run(join(POSTGRES_BIN, binary), args);
  const port = await freePort();
  const cluster = join(dataDir, 'cluster');
  await as('initdb', ['-D', cluster, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=100`;
  await as('pg_ctl', ['-D', cluster, '-o', options, '-l', join(dataDir, 'server.log'), '-w', '-t', '120', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await as('pg_ctl', ['-D', cluster, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Applies the platform shim, then every migration in order (as `supabase db push` would), each file once. */
export async function applyShimAndMigrations(client: pg.Client, after?: { shim?: () => Promise<void> }): Promise<string[]> {
  const [shim, ...migrations] = await projectSqlFiles({ seed: false });
  await client.query(await readFile(shim!, 'utf8'));
  await after?.shim?.();
  for (const migration of migrations) {
    try {
      await client.query(await readFile(migration, 'utf8'));
    } catch (error) {
      throw new Error(`applying ${migration} to PostgreSQL 15 failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return migrations;
}

/** Every caller waits until `count` callers have arrived, so their transactions overlap. */
export function barrier(count: number): () => Promise<void> {
  let arrived = 0;
  let release!: () => void;
  const everyone = new Promise<void>((resolve) => (release = resolve));
  return () => {
    arrived += 1;
    if (arrived === count) release();
    return everyone;
  };
}

/**
 * PostgREST requests on the pool `poolOf` gives (made once the server runs): each a transaction as
 * the service role with its JWT claims, as a function's call through PostgREST is; `hold` delays the
 * statement.
 */
export function serviceRoleRequests(poolOf: () => pg.Pool) {
  return async function asServiceRole<Row>(sql: string, params: unknown[] = [], hold?: () => Promise<void>): Promise<Row[]> {
    const client = await poolOf().connect();
    try {
      await client.query('begin');
      await client.query('set local role service_role');
      await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ role: 'service_role' })]);
      if (hold) await hold();
      const { rows } = await client.query(sql, params);
      await client.query('commit');
      return rows as Row[];
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}
