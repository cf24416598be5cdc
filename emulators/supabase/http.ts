import type { IncomingMessage } from 'node:http';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { ApiClaims } from './jwt';

export type Reply = { status: number; headers?: Record<string, string>; body?: string | Buffer };

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(value),
});

/** A request the emulator does not implement: loud, so drift from the real API shows up in tests. */
export const notImplemented = (method: string, path: string): Reply =>
  json(501, {
    code: 'not_implemented',
    message: `The local Supabase emulator does not implement ${method} ${path}`,
  });

/** Largest body accepted at all; the bucket's own limit is checked afterwards with Supabase's error. */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

export class BodyTooLarge extends Error {}

export async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export type Incoming = {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: Buffer;
};

export const header = (incoming: Incoming, name: string): string | undefined => {
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** The caller's JWT: the bearer token, or the apikey when there is no user session. */
export const bearerToken = (incoming: Incoming): string | undefined => {
  const authorization = header(incoming, 'authorization');
  const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  return bearer ?? header(incoming, 'apikey');
};

/**
 * Runs work the way Supabase's API servers do: one transaction, as the JWT's role, with the claims
 * in request.jwt.claims so auth.uid() and row-level security see them. A throw rolls back.
 */
export function asCaller<T>(db: PGlite, claims: ApiClaims, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec(`set local role ${claims.role}`);
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    return work(tx);
  });
}

export type PostgresError = { code: string; message: string; detail?: string; hint?: string };

export const isPostgresError = (error: unknown): error is PostgresError =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' &&
  typeof (error as { message?: unknown }).message === 'string';
