import { randomBytes, randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { z } from 'zod';
import { header, json, notImplemented, type Incoming, type Reply } from './http';
import { apiClaimsSchema, signJwt, verifyJwt } from './jwt';

const ACCESS_TOKEN_SECONDS = 3600;
// supabase/config.toml: refresh_token_reuse_interval = 10 (seconds).
const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;
// GoTrue's error format of API version 2024-01-01: {code, message}; auth-js reads it by this header.
const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

const authError = (status: number, code: string, message: string): Reply => json(status, { code, message }, API_VERSION);
const authJson = (status: number, value: unknown): Reply => json(status, value, API_VERSION);

const passwordGrantSchema = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
  gotrue_meta_security: z.object({ captcha_token: z.string().optional() }).optional(),
});
const refreshGrantSchema = z.object({ refresh_token: z.string().min(1) });
const recoverSchema = z.object({
  email: z.string().min(1),
  code_challenge: z.string().nullable().optional(),
  code_challenge_method: z.string().nullable().optional(),
  gotrue_meta_security: z.object({ captcha_token: z.string().optional() }).optional(),
});

type UserRow = {
  id: string;
  email: string;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
};

const userColumns = `id, email, email_confirmed_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at`;

/** The user object GoTrue returns. */
function userJson(user: UserRow) {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: user.raw_user_meta_data ?? {},
    identities: [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

/** A new access token, with a new refresh token unless the session's current one is handed out again. */
async function issueSession(tx: Transaction, issuer: string, user: UserRow, sessionId: string, parent: string | null, currentRefreshToken?: string) {
  const refreshToken = currentRefreshToken ?? randomBytes(16).toString('base64url');
  if (!currentRefreshToken) {
    await tx.query(
      `insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)`,
      [refreshToken, user.id, sessionId, parent],
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ACCESS_TOKEN_SECONDS;
  const accessToken = signJwt({
    aud: 'authenticated',
    exp: expiresAt,
    iat: now,
    iss: issuer,
    sub: user.id,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: parent ? 'token_refresh' : 'password', timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  });
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

function parseJsonBody<T>(incoming: Incoming, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; reply: Reply } {
  let raw: unknown;
  try {
    raw = JSON.parse(incoming.body.toString('utf8') || '{}');
  } catch {
    return { ok: false, reply: authError(400, 'bad_json', 'Could not parse request body as JSON') };
  }
  const parsed = schema.safeParse(raw);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, reply: authError(400, 'validation_failed', z.prettifyError(parsed.error)) };
}

export type AuthOptions = { db: PGlite; issuer: string; siteUrl: string };

/** GoTrue's endpoints the storefront uses, under /auth/v1. */
export async function handleAuth(incoming: Incoming, route: string, options: AuthOptions): Promise<Reply> {
  const { db, issuer } = options;
  const { method } = incoming;

  if (method === 'POST' && route === '/token') {
    const grant = incoming.url.searchParams.get('grant_type');
    if (grant === 'password') {
      const body = parseJsonBody(incoming, passwordGrantSchema);
      if (!body.ok) return body.reply;
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<UserRow>(
          `update auth.users set last_sign_in_at = now()
            where lower(email) = lower($1) and encrypted_password = extensions.crypt($2, encrypted_password)
              and deleted_at is null and (banned_until is null or banned_until < now())
            returning ${userColumns}`,
          [body.value.email, body.value.password],
        );
        const user = rows[0];
        if (!user) return authError(400, 'invalid_credentials', 'Invalid login credentials');
        const sessionId = randomUUID();
        await tx.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, user.id]);
        return authJson(200, await issueSession(tx, issuer, user, sessionId, null));
      });
    }
    if (grant === 'refresh_token') {
      const body = parseJsonBody(incoming, refreshGrantSchema);
      if (!body.ok) return body.reply;
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ revoked: boolean; session_id: string; user_id: string; updated_at: Date }>(
          `select revoked, session_id, user_id, updated_at from auth.refresh_tokens where token = $1 for update`,
          [body.value.refresh_token],
        );
        const token = rows[0];
        if (!token) return authError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
        const user = (await tx.query<UserRow>(`select ${userColumns} from auth.users where id = $1`, [token.user_id])).rows[0];
        if (!user) return authError(400, 'user_not_found', 'User from refresh token not found');
        if (token.revoked) {
          // GoTrue's reuse interval: two tabs refreshing at once both get the session's current token;
          // a later reuse is treated as a stolen token and ends the whole session.
          const child = (await tx.query<{ token: string }>(
            `select token from auth.refresh_tokens where parent = $1 and not revoked`,
            [body.value.refresh_token],
          )).rows[0];
          if (child && Date.now() - token.updated_at.getTime() < REFRESH_TOKEN_REUSE_INTERVAL_MS) {
            return authJson(200, await issueSession(tx, issuer, user, token.session_id, body.value.refresh_token, child.token));
          }
          await tx.query(`delete from auth.sessions where id = $1`, [token.session_id]);
          return authError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        }
        await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1`, [body.value.refresh_token]);
        await tx.query(`update auth.sessions set updated_at = now() where id = $1`, [token.session_id]);
        return authJson(200, await issueSession(tx, issuer, user, token.session_id, body.value.refresh_token));
      });
    }
    return notImplemented(method, `/auth/v1/token?grant_type=${grant ?? ''}`);
  }

  if (method === 'POST' && route === '/recover') {
    const body = parseJsonBody(incoming, recoverSchema);
    if (!body.ok) return body.reply;
    // Like GoTrue, the answer never reveals whether an account exists. No mail leaves this machine.
    const redirectTo = incoming.url.searchParams.get('redirect_to') ?? options.siteUrl;
    console.log(`[supabase emulator] password reset requested for ${body.value.email} (redirect ${redirectTo}); no email is sent locally`);
    return authJson(200, {});
  }

  if ((method === 'GET' && route === '/user') || (method === 'POST' && route === '/logout')) {
    const token = header(incoming, 'authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    const checked = token ? verifyJwt(token, apiClaimsSchema) : undefined;
    if (!checked?.ok) {
      return authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${checked?.reason ?? 'token is missing'}`);
    }
    const { sub, session_id: sessionId } = checked.claims;
    if (!sub || !sessionId) return authError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const session = await db.query(`select 1 from auth.sessions where id = $1 and user_id = $2`, [sessionId, sub]);
    if (session.rows.length === 0) {
      return authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    if (method === 'GET') {
      const user = (await db.query<UserRow>(`select ${userColumns} from auth.users where id = $1`, [sub])).rows[0];
      return user ? authJson(200, userJson(user)) : authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    }
    const scope = incoming.url.searchParams.get('scope') ?? 'global';
    if (scope === 'local') await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
    else if (scope === 'others') await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [sub, sessionId]);
    else if (scope === 'global') await db.query(`delete from auth.sessions where user_id = $1`, [sub]);
    else return authError(400, 'validation_failed', `unsupported logout scope ${scope}`);
    return { status: 204, headers: API_VERSION };
  }

  if (route === '/admin/users' || route.startsWith('/admin/users/')) return handleAdminUsers(incoming, route, db);

  return notImplemented(method, `/auth/v1${route}`);
}

const adminUpdateSchema = z.object({
  app_metadata: z.record(z.string(), z.unknown()).optional(),
  user_metadata: z.record(z.string(), z.unknown()).optional(),
}).loose();

/**
 * GoTrue's admin API as scripts/staff.ts uses it (list users, update a user's metadata); only the
 * service role may call it. Metadata is merged into what the user has, as GoTrue does.
 */
async function handleAdminUsers(incoming: Incoming, route: string, db: PGlite): Promise<Reply> {
  const token = header(incoming, 'authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  const checked = token ? verifyJwt(token, apiClaimsSchema) : undefined;
  if (!checked?.ok || checked.claims.role !== 'service_role') return authError(403, 'not_admin', 'User not allowed');
  if (incoming.method === 'GET' && route === '/admin/users') {
    const page = Math.max(1, Number(incoming.url.searchParams.get('page') ?? '1'));
    const perPage = Math.min(1000, Math.max(1, Number(incoming.url.searchParams.get('per_page') ?? '50')));
    const { rows } = await db.query<UserRow>(`select ${userColumns} from auth.users order by created_at, id limit $1 offset $2`, [perPage, (page - 1) * perPage]);
    const total = (await db.query<{ count: number }>(`select count(*)::int as count from auth.users`)).rows[0]?.count ?? 0;
    return json(200, { users: rows.map(userJson), aud: 'authenticated' }, { ...API_VERSION, 'x-total-count': String(total) });
  }
  const id = route.match(/^\/admin\/users\/([0-9a-f-]{36})$/)?.[1];
  if (id && incoming.method === 'PUT') {
    const body = parseJsonBody(incoming, adminUpdateSchema);
    if (!body.ok) return body.reply;
    const { rows } = await db.query<UserRow>(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $2::jsonb,
              raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $3::jsonb, updated_at = now()
        where id = $1 returning ${userColumns}`,
      [id, JSON.stringify(body.value.app_metadata ?? {}), JSON.stringify(body.value.user_metadata ?? {})],
    );
    return rows[0] ? authJson(200, userJson(rows[0])) : authError(404, 'user_not_found', 'User not found');
  }
  return notImplemented(incoming.method, `/auth/v1${route}`);
}
