import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AUTH_EMULATOR_SQL, handleAuth, SmsHookFailure, type SendSmsHook } from './auth';
import { loadAuthMails } from './auth-mails';
import { BodyTooLarge, bearerToken, json, notImplemented, readBody, type Incoming, type Reply } from './http';
import { anonKey, apiClaimsSchema, LOCAL_JWT_SECRET, serviceRoleKey, verifyJwt } from './jwt';
import { Inbox, serveInbox, type Outgoing } from './inbox';
import { handleRest, restError, SchemaCache } from './rest';
import type { PGlite } from '@electric-sql/pglite';
import { exists, openDatabase, openProjectDatabase, supabaseFolder } from './schema';
import { handleStorage, storageClaims } from './storage';

/** inboxPort: where the mail and SMS inbox listens (Mailpit's 54324 beside the default API port, else any free port). */
export type SupabaseEmulatorOptions = { port?: number; inboxPort?: number; host?: string; dataDir: string; siteUrl?: string; sendSmsHook?: SendSmsHook | null };
export type SupabaseEmulator = { url: string; inboxUrl: string; anonKey: string; serviceRoleKey: string; deliverMail(outgoing: Outgoing): void; close(): Promise<void> };

/** Migration files by version (the timestamp before the first underscore), as the Supabase CLI records them. */
async function migrationFiles(): Promise<Array<{ version: string; path: string }>> {
  const folder = join(supabaseFolder, 'migrations');
  return (await readdir(folder))
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ version: name.split('_')[0]!, path: join(folder, name) }));
}

const MIGRATIONS_TABLE = `create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text primary key, applied_at timestamptz not null default now());`;

async function recordMigrations(db: PGlite, versions: string[]): Promise<void> {
  await db.exec(MIGRATIONS_TABLE);
  for (const version of versions) {
    await db.query(`insert into supabase_migrations.schema_migrations (version) values ($1) on conflict do nothing`, [version]);
  }
}

/**
 * Applies migrations added since the database was built (as `supabase migration up` does), so a
 * kept data dir picks up new tables; null when the database predates this record and must be rebuilt.
 */
async function applyNewMigrations(db: PGlite): Promise<string[] | null> {
  const tracked = await db.query<{ table: string | null }>(`select to_regclass('supabase_migrations.schema_migrations')::text as table`);
  if (!tracked.rows[0]?.table) return null;
  const applied = new Set((await db.query<{ version: string }>(`select version from supabase_migrations.schema_migrations`)).rows.map((row) => row.version));
  const pending = (await migrationFiles()).filter((file) => !applied.has(file.version));
  for (const file of pending) {
    await db.exec(await readFile(file.path, 'utf8'));
    await recordMigrations(db, [file.version]);
  }
  return pending.map((file) => file.version);
}

/** Opens the persisted database (bringing its migrations up to date), or builds a fresh one from shim + migrations + seed. */
async function openEmulatorDatabase(dataDir: string) {
  const databaseDir = join(dataDir, 'pgdata');
  const readyMarker = join(dataDir, 'schema-applied');
  if (await exists(readyMarker)) {
    const db = await openDatabase(databaseDir);
    const applied = await applyNewMigrations(db);
    if (applied !== null) {
      if (applied.length > 0) console.log(`[supabase emulator] applied new migrations ${applied.join(', ')}`);
      return db;
    }
    await db.close();
    console.log('[supabase emulator] the local database predates migration tracking: rebuilding it from the migrations and seed');
  }
  // A data dir without the marker is a half-built one: start it again from nothing.
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  const db = await openProjectDatabase({ seed: true, dataDir: databaseDir });
  await recordMigrations(db, (await migrationFiles()).map((file) => file.version));
  await writeFile(readyMarker, `${new Date().toISOString()}\n`);
  return db;
}

const corsHeaders = (request: IncomingMessage): Record<string, string> => ({
  'access-control-allow-origin': request.headers.origin ?? '*',
  'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-allow-headers': request.headers['access-control-request-headers'] ?? 'authorization, apikey, content-type, prefer, accept, x-client-info, x-upsert, cache-control, x-supabase-api-version',
  'access-control-expose-headers': 'content-range, content-length, etag, x-supabase-api-version',
  'access-control-max-age': '86400',
  vary: 'Origin',
});

export async function startSupabaseEmulator(options: SupabaseEmulatorOptions): Promise<SupabaseEmulator> {
  const host = options.host ?? '127.0.0.1';
  // Port 0 lets tests take any free port; the URL is known once the server listens.
  let url = `http://${host}:${options.port ?? 54321}`;
  const siteUrl = options.siteUrl ?? 'http://localhost:8888';
  // Read before the database opens: a broken template stops the start with its name, not a later sign-up.
  const mails = await loadAuthMails();
  const db = await openEmulatorDatabase(options.dataDir);
  await db.exec(AUTH_EMULATOR_SQL);
  const inbox = new Inbox();
  const schema = new SchemaCache(db);
  const filesDir = join(options.dataDir, 'storage');

  const route = async (incoming: Incoming): Promise<Reply> => {
    const path = incoming.url.pathname;
    if (path.startsWith('/auth/v1/')) return handleAuth(incoming, path.slice('/auth/v1'.length), { db, issuer: `${url}/auth/v1`, siteUrl, inbox, mails, sendSmsHook: options.sendSmsHook ?? null });
    if (path.startsWith('/storage/v1/')) {
      return handleStorage(incoming, path.slice('/storage/v1'.length), { db, filesDir, jwtSecret: LOCAL_JWT_SECRET }, storageClaims(bearerToken(incoming), LOCAL_JWT_SECRET));
    }
    if (path.startsWith('/rest/v1/')) {
      const token = bearerToken(incoming);
      if (!token) return json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
      const checked = verifyJwt(token, apiClaimsSchema, LOCAL_JWT_SECRET);
      if (!checked.ok) return restError(401, checked.reason === 'expired' ? 'PGRST303' : 'PGRST301', checked.reason === 'expired' ? 'JWT expired' : `JWT ${checked.reason}`);
      return handleRest(incoming, path.slice('/rest/v1'.length), db, schema, checked.claims);
    }
    return notImplemented(incoming.method, path);
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const cors = corsHeaders(request);
    let reply: Reply;
    try {
      if (request.method === 'OPTIONS') reply = { status: 204 };
      else {
        const body = await readBody(request);
        reply = await route({ method: request.method ?? 'GET', url: new URL(request.url ?? '/', url), headers: request.headers, body });
      }
    } catch (error) {
      if (error instanceof SmsHookFailure) reply = error.reply;
      else reply = error instanceof BodyTooLarge
        ? json(413, { statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: error.message })
        : json(500, { code: 'emulator_error', message: `Supabase emulator failed: ${(error as Error).message}` });
      if (!(error instanceof BodyTooLarge) && !(error instanceof SmsHookFailure)) console.error('[supabase emulator]', error);
    }
    response.writeHead(reply.status, { ...cors, ...reply.headers });
    response.end(reply.body);
  };

  const server = createServer((request, response) => {
    void handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 54321, host, () => resolve());
  });
  const address = server.address();
  if (address && typeof address === 'object') url = `http://${host}:${address.port}`;
  const inboxServer = await serveInbox(inbox, options.inboxPort ?? ((options.port ?? 54321) === 54321 ? 54324 : 0), host);

  return {
    url,
    inboxUrl: inboxServer.url,
    /** Other local services' mail (the order mails' API emulator) lands in the same inbox. */
    deliverMail: (outgoing) => void inbox.deliver(outgoing),
    anonKey: anonKey(),
    serviceRoleKey: serviceRoleKey(),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await new Promise<void>((resolve) => {
        inboxServer.server.close(() => resolve());
        inboxServer.server.closeAllConnections();
      });
      await db.close();
    },
  };
}
