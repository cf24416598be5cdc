import { createServer } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { json, readBody, type Reply } from '../../emulators/supabase/http';
import { apiClaimsSchema, LOCAL_JWT_SECRET, serviceRoleKey, verifyJwt } from '../../emulators/supabase/jwt';
import { handleRest, SchemaCache } from '../../emulators/supabase/rest';

/**
 * The local emulator's PostgREST layer (/rest/v1: tables and RPCs, each request one transaction as
 * the JWT's role with its claims) served from a real PostgreSQL pool instead of PGlite, so
 * supabase-js and the functions' own code run against a server with many connections at once.
 * The REST layer uses only query, exec and transaction, which this answers over `pg`.
 */
class PoolAsDatabase {
  constructor(private readonly pool: pg.Pool) {}

  async query<Row>(sql: string, params: unknown[] = []) {
    return { rows: (await this.pool.query(sql, params)).rows as Row[] };
  }

  async exec(sql: string) {
    await this.pool.query(sql);
  }

  async transaction<T>(work: (tx: Pick<PoolAsDatabase, 'query' | 'exec'>) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const result = await work({
        query: async <Row>(sql: string, params: unknown[] = []) => ({ rows: (await client.query(sql, params)).rows as Row[] }),
        exec: async (sql: string) => {
          await client.query(sql);
        },
      });
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

export async function startPostgrestOnPostgres(pool: pg.Pool): Promise<{ url: string; serviceRoleKey: string; close(): Promise<void> }> {
  const db = new PoolAsDatabase(pool) as unknown as PGlite;
  const schema = new SchemaCache(db);
  const server = createServer((request, response) => {
    void (async () => {
      let reply: Reply;
      try {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        const authorization = request.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
        const token = authorization ?? (request.headers.apikey as string | undefined);
        const checked = token ? verifyJwt(token, apiClaimsSchema, LOCAL_JWT_SECRET) : null;
        if (!url.pathname.startsWith('/rest/v1/')) reply = json(501, { message: `not served here: ${url.pathname}` });
        else if (!checked?.ok) reply = json(401, { code: 'PGRST301', message: 'JWT invalid' });
        else {
          const incoming = { method: request.method ?? 'GET', url, headers: request.headers, body: await readBody(request) };
          reply = await handleRest(incoming, url.pathname.slice('/rest/v1'.length), db, schema, checked.claims);
        }
      } catch (error) {
        reply = json(500, { code: 'test_server_error', message: (error as Error).message });
      }
      response.writeHead(reply.status, reply.headers);
      response.end(reply.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    serviceRoleKey: serviceRoleKey(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
