import type { PGlite, Transaction } from '@electric-sql/pglite';
import { openProjectDatabase, type ApiRole } from '../../emulators/supabase/schema';

export const demoCustomerId = '11111111-1111-4111-8111-111111111111';
export const secondCustomerId = '22222222-2222-4222-8222-222222222222';

/** One in-memory database per test file (PGlite costs seconds and hundreds of MB per instance). */
export function seededDatabase(): Promise<PGlite> {
  return openProjectDatabase({ seed: true });
}

export type Caller = { role: ApiRole; userId?: string; appMetadata?: Record<string, unknown>; userMetadata?: Record<string, unknown> };
export const anon: Caller = { role: 'anon' };
export const serviceRole: Caller = { role: 'service_role' };
export const customer = (userId: string): Caller => ({ role: 'authenticated', userId });

/**
 * Runs one statement the way the Supabase API does: in a transaction, as the JWT's role, with the
 * claims in request.jwt.claims, so grants and row-level security decide. A failure rolls back.
 */
export async function runAs<Row = Record<string, unknown>>(
  db: PGlite,
  caller: Caller,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  return db.transaction(async (tx: Transaction) => {
    await tx.exec(`set local role ${caller.role}`);
    const claims = {
      role: caller.role,
      ...(caller.userId ? { sub: caller.userId } : {}),
      ...(caller.appMetadata ? { app_metadata: caller.appMetadata } : {}),
      ...(caller.userMetadata ? { user_metadata: caller.userMetadata } : {}),
    };
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
    return (await tx.query<Row>(sql, params)).rows;
  });
}

/** The Postgres error code a statement fails with (it must fail). */
export async function failureCode(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
  throw new Error('expected the statement to be refused, but it succeeded');
}
