import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { z } from 'zod';
import { header, json, notImplemented, type Incoming, type Reply } from './http';
import type { AuthMails, SentMailKind } from './auth-mails';
import type { Inbox } from './inbox';
import { apiClaimsSchema, signJwt, verifyJwt } from './jwt';

const ACCESS_TOKEN_SECONDS = 3600;
// supabase/config.toml: refresh_token_reuse_interval = 10 (seconds).
const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;
// supabase/config.toml: [auth.email] max_frequency = "60s", otp_expiry = 3600; [auth.sms] max_frequency = "30s".
const EMAIL_MAX_FREQUENCY_SECONDS = 60;
const EMAIL_LINK_SECONDS = 3600;
const SMS_MAX_FREQUENCY_SECONDS = 30;
// supabase/config.toml: [auth.sms] otp_expiry = 300 (the hosted dashboard's "SMS OTP Expiry").
const SMS_CODE_SECONDS = 300;
// supabase/config.toml: minimum_password_length = 8, password_requirements = "letters_digits".
const MINIMUM_PASSWORD_LENGTH = 8;
// GoTrue's error format of API version 2024-01-01: {code, message}; auth-js reads it by this header.
const API_VERSION = { 'x-supabase-api-version': '2024-01-01' };

const authError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply =>
  json(status, { code, message, ...extra }, API_VERSION);
const authJson = (status: number, value: unknown): Reply => json(status, value, API_VERSION);

const captcha = z.object({ captcha_token: z.string().optional() }).optional();
const passwordGrantSchema = z.object({
  email: z.string().min(1),
  password: z.string().min(1),
  gotrue_meta_security: captcha,
});
const refreshGrantSchema = z.object({ refresh_token: z.string().min(1) });
const recoverSchema = z.object({
  email: z.string().min(1),
  code_challenge: z.string().nullable().optional(),
  code_challenge_method: z.string().nullable().optional(),
  gotrue_meta_security: captcha,
});
const metadataSchema = z.record(z.string(), z.unknown());
const signUpSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: metadataSchema.optional(),
  code_challenge: z.string().nullable().optional(),
  code_challenge_method: z.string().nullable().optional(),
  gotrue_meta_security: captcha,
});
const otpSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  data: metadataSchema.optional(),
  create_user: z.boolean().optional(),
  channel: z.string().optional(),
  gotrue_meta_security: captcha,
});
const linkTypes = ['signup', 'recovery', 'email_change', 'magiclink', 'invite', 'email'] as const;
type LinkType = (typeof linkTypes)[number];
const verifySchema = z.object({
  type: z.enum([...linkTypes, 'sms', 'phone_change']),
  token: z.string().optional(),
  token_hash: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  gotrue_meta_security: captcha,
});
const updateUserSchema = z.object({
  email: z.string().optional(),
  phone: z.string().optional(),
  password: z.string().optional(),
  data: metadataSchema.optional(),
  nonce: z.string().optional(),
  code_challenge: z.string().nullable().optional(),
  code_challenge_method: z.string().nullable().optional(),
});

type UserRow = {
  id: string;
  email: string | null;
  phone: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  email_change: string | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  identities: Array<Record<string, unknown>> | null;
  new_phone: string | null;
};

const userColumns = `u.id, u.email, u.phone, u.email_confirmed_at, u.phone_confirmed_at, u.email_change, u.last_sign_in_at,
  u.raw_app_meta_data, u.raw_user_meta_data, u.created_at, u.updated_at,
  (select coalesce(jsonb_agg(jsonb_build_object('identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
     'identity_data', i.identity_data, 'provider', i.provider, 'email', i.email, 'last_sign_in_at', i.last_sign_in_at,
     'created_at', i.created_at, 'updated_at', i.updated_at)), '[]'::jsonb) from auth.identities i where i.user_id = u.id) as identities,
  (select t.relates_to from auth.one_time_tokens t where t.user_id = u.id and t.token_type = 'phone_change_token') as new_phone`;

const selectUser = (where: string) => `select ${userColumns} from auth.users u where ${where}`;

/** Tables GoTrue keeps beside auth.users that the platform shim leaves out; created on every start. */
export const AUTH_EMULATOR_SQL = `
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users(id) on delete cascade,
  token_type text not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamptz not null default now(),
  unique (user_id, token_type)
);`;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The user object GoTrue returns. */
function userJson(user: UserRow) {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    phone_confirmed_at: iso(user.phone_confirmed_at) ?? undefined,
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    ...(user.email_change ? { new_email: user.email_change } : {}),
    ...(user.new_phone ? { new_phone: user.new_phone } : {}),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities ?? [],
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}

/** A new access token, with a new refresh token unless the session's current one is handed out again. */
async function issueSession(
  tx: Transaction,
  issuer: string,
  user: UserRow,
  sessionId: string,
  parent: string | null,
  currentRefreshToken?: string,
  method = 'password',
) {
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
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: parent ? 'token_refresh' : method, timestamp: now }],
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

/** A new session for a user who just proved who they are (password, link or code). */
async function startSession(tx: Transaction, issuer: string, userId: string, method: string) {
  const user = (await tx.query<UserRow>(`update auth.users u set last_sign_in_at = now() where u.id = $1 returning ${userColumns}`, [userId])).rows[0]!;
  const sessionId = randomUUID();
  await tx.query(`insert into auth.sessions (id, user_id) values ($1, $2)`, [sessionId, user.id]);
  return issueSession(tx, issuer, user, sessionId, null, undefined, method);
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

const hashToken = (token: string) => createHash('sha224').update(token).digest('hex');
const EMAIL_FORMAT = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
/** GoTrue keeps phone numbers as digits only (E.164 without the plus). */
const normalisePhone = (phone: string) => phone.replace(/[^\d]/g, '');

/** GoTrue's password rules as configured in supabase/config.toml. */
function weakPassword(password: string): Reply | null {
  const reasons: string[] = [];
  if (password.length < MINIMUM_PASSWORD_LENGTH) reasons.push('length');
  if (!/[a-zA-Z]/.test(password) || !/\d/.test(password)) reasons.push('characters');
  if (reasons.length === 0) return null;
  const message = reasons.includes('length')
    ? `Password should be at least ${MINIMUM_PASSWORD_LENGTH} characters.`
    : 'Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.';
  return authError(422, 'weak_password', message, { weak_password: { reasons } });
}

const tooSoon = (code: string, sentAt: Date | undefined, seconds: number): Reply | null => {
  if (!sentAt) return null;
  const wait = Math.ceil(seconds - (Date.now() - sentAt.getTime()) / 1000);
  return wait > 0 ? authError(429, code, `For security purposes, you can only request this after ${wait} seconds.`) : null;
};

const LINK_EXPIRED = { error: 'access_denied', error_code: 'otp_expired', error_description: 'Email link is invalid or has expired' };

/**
 * GoTrue's Send SMS hook ([auth.hook.send_sms] in config.toml): with it, codes go to the hook, signed
 * as Standard Webhooks, instead of the emulator's own inbox.
 */
export type SendSmsHook = { uri: string; secret: string };

/** The hook refused or failed: GoTrue answers sms_send_failed and keeps no code. */
export class SmsHookFailure extends Error {
  constructor(readonly reply: Reply) {
    super('the Send SMS hook failed');
  }
}

/** mails: supabase/config.toml's Auth mail templates (auth-mails.ts). */
export type AuthOptions = { db: PGlite; issuer: string; siteUrl: string; inbox: Inbox; mails: AuthMails; sendSmsHook?: SendSmsHook | null };

/** Calls the hook as GoTrue does: POST {user, sms: {otp}} with webhook-id, webhook-timestamp and webhook-signature. */
async function callSendSmsHook(hook: SendSmsHook, user: { id: string; phone: string }, otp: string): Promise<void> {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  const timestamp = String(Math.floor(Date.now() / 1000));
  const body = JSON.stringify({ user: { id: user.id, aud: 'authenticated', role: 'authenticated', phone: user.phone, app_metadata: { provider: 'phone', providers: ['phone'] } }, sms: { otp } });
  const key = Buffer.from(hook.secret.replace(/^v1,whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  let response: Response;
  try {
    response = await fetch(hook.uri, { method: 'POST', headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': `v1,${signature}` }, body, signal: AbortSignal.timeout(5000) });
  } catch (error) {
    throw new SmsHookFailure(authError(500, 'hook_timeout', `Failed to reach hook within maximum time allocated: ${(error as Error).message}`));
  }
  if (response.ok) return;
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new SmsHookFailure(authError(response.status >= 500 ? 500 : 400, 'sms_send_failed', answer?.error?.message ?? `Error sending sms: hook answered ${response.status}`));
}

/** GoTrue's endpoints the storefront uses, under /auth/v1. */
export async function handleAuth(incoming: Incoming, route: string, options: AuthOptions): Promise<Reply> {
  const { db, issuer, inbox } = options;
  const { method } = incoming;

  /** Like GoTrue: a redirect is honoured only to the site's own origin, anything else goes to the site URL. */
  const allowedRedirect = (requested: string | null | undefined): string => {
    if (!requested) return options.siteUrl;
    try {
      return new URL(requested).origin === new URL(options.siteUrl).origin ? requested : options.siteUrl;
    } catch {
      return options.siteUrl;
    }
  };

  /** Stores a fresh token of one kind for the user (replacing the previous one) and returns it. */
  async function newToken(tx: Transaction, userId: string, type: string, relatesTo: string, token: string) {
    await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, type]);
    await tx.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)`,
      [userId, type, hashToken(token), relatesTo],
    );
  }

  const lastSent = async (tx: Transaction, userId: string, type: string) =>
    (await tx.query<{ created_at: Date }>(`select created_at from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, type])).rows[0]?.created_at;

  const verifyUrl = (token: string, type: LinkType, redirectTo: string) =>
    `${issuer}/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;

  /**
   * Mails a link as GoTrue does, from supabase/config.toml's templates for the kind: the user's
   * user_metadata is the template's .Data, so its language picks the words.
   */
  function mailLink(kind: SentMailKind, to: string, token: string, redirectTo: string, user: { email: string; metadata: Record<string, unknown> | null; newEmail?: string }) {
    const type = ({ confirmation: 'signup', recovery: 'recovery', email_change: 'email_change' } as const)[kind];
    const tokenHash = hashToken(token);
    const mail = options.mails.render(kind, {
      ConfirmationURL: verifyUrl(tokenHash, type, redirectTo),
      Token: token,
      TokenHash: tokenHash,
      SiteURL: options.siteUrl,
      Email: user.email,
      NewEmail: user.newEmail ?? '',
      SendingTo: to,
      RedirectTo: redirectTo,
      Data: user.metadata ?? {},
    });
    inbox.deliver({ kind: 'email', to, ...mail });
  }

  type SendCode = (userId: string, type: string, phone: string) => Promise<void>;

  /**
   * A transaction that may issue SMS codes. The codes are sent once it has committed: the Send SMS
   * hook reads the database (the account's language), and PGlite's one connection would queue that
   * read behind this very transaction until the hook timed out. A hook that fails withdraws its code,
   * as GoTrue keeps none.
   */
  async function transactionSendingCodes(work: (tx: Transaction, sendCode: SendCode) => Promise<Reply>): Promise<Reply> {
    const codes: Array<{ userId: string; type: string; phone: string; code: string }> = [];
    const reply = await db.transaction((tx) =>
      work(tx, async (userId, type, phone) => {
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        await newToken(tx, userId, type, phone, code);
        codes.push({ userId, type, phone, code });
      }),
    );
    for (const { userId, type, phone, code } of codes) {
      if (!options.sendSmsHook) {
        inbox.deliver({ kind: 'sms', to: `+${phone}`, subject: 'SMS', text: `Your code is ${code}` });
        continue;
      }
      try {
        await callSendSmsHook(options.sendSmsHook, { id: userId, phone: `+${phone}` }, code);
      } catch (error) {
        await db.query(`delete from auth.one_time_tokens where user_id = $1 and token_type = $2`, [userId, type]);
        throw error;
      }
    }
    return reply;
  }

  /** The user a link or code belongs to, if it is current; the token is used up either way it matches. */
  async function redeem(tx: Transaction, type: string, tokenHash: string, lifetimeSeconds: number, relatesTo?: string) {
    const { rows } = await tx.query<{ user_id: string; relates_to: string; created_at: Date }>(
      `delete from auth.one_time_tokens where token_type = $1 and token_hash = $2 ${relatesTo === undefined ? '' : 'and relates_to = $3'}
       returning user_id, relates_to, created_at`,
      relatesTo === undefined ? [type, tokenHash] : [type, tokenHash, relatesTo],
    );
    const found = rows[0];
    if (!found || Date.now() - found.created_at.getTime() > lifetimeSeconds * 1000) return null;
    return found;
  }

  /** Applies an email link (signup, recovery, email change) and signs its user in. */
  async function verifyEmailLink(tx: Transaction, type: LinkType, tokenHash: string) {
    const tokenType = { signup: 'confirmation_token', recovery: 'recovery_token', email_change: 'email_change_token_new' }[type as string];
    if (!tokenType) return null;
    const found = await redeem(tx, tokenType, tokenHash, EMAIL_LINK_SECONDS);
    if (!found) return null;
    if (type === 'email_change') {
      await tx.query(`update auth.users set email = email_change, email_change = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [found.user_id]);
      await tx.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`, [found.user_id, found.relates_to]);
    } else {
      await tx.query(`update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [found.user_id]);
    }
    return startSession(tx, issuer, found.user_id, type === 'recovery' ? 'otp' : 'email/signup');
  }

  const currentCaller = async (): Promise<{ ok: true; userId: string; sessionId: string } | { ok: false; reply: Reply }> => {
    const token = header(incoming, 'authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    const checked = token ? verifyJwt(token, apiClaimsSchema) : undefined;
    if (!checked?.ok) {
      return { ok: false, reply: authError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${checked?.reason ?? 'token is missing'}`) };
    }
    const { sub, session_id: sessionId } = checked.claims;
    if (!sub || !sessionId) return { ok: false, reply: authError(403, 'bad_jwt', 'invalid claim: missing sub claim') };
    const session = await db.query(`select 1 from auth.sessions where id = $1 and user_id = $2`, [sessionId, sub]);
    if (session.rows.length === 0) {
      return { ok: false, reply: authError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist') };
    }
    return { ok: true, userId: sub, sessionId };
  };

  // What the project allows, as GoTrue answers it; like Supabase's gateway, only with a project key
  // (`npm run preflight` checks a deployment's anon key this way).
  if (method === 'GET' && route === '/settings') {
    const apiKey = header(incoming, 'apikey');
    if (!apiKey || !verifyJwt(apiKey, apiClaimsSchema).ok) return json(401, { message: 'Invalid API key' });
    return authJson(200, { external: { email: true, phone: true }, disable_signup: false, mailer_autoconfirm: false, phone_autoconfirm: false, sms_provider: 'emulator' });
  }

  if (method === 'POST' && route === '/token') {
    const grant = incoming.url.searchParams.get('grant_type');
    if (grant === 'password') {
      const body = parseJsonBody(incoming, passwordGrantSchema);
      if (!body.ok) return body.reply;
      return db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string; email_confirmed_at: Date | null }>(
          `select id, email_confirmed_at from auth.users
            where lower(email) = lower($1) and encrypted_password = extensions.crypt($2, encrypted_password)
              and deleted_at is null and (banned_until is null or banned_until < now())`,
          [body.value.email, body.value.password],
        );
        const user = rows[0];
        if (!user) return authError(400, 'invalid_credentials', 'Invalid login credentials');
        if (!user.email_confirmed_at) return authError(400, 'email_not_confirmed', 'Email not confirmed');
        return authJson(200, await startSession(tx, issuer, user.id, 'password'));
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
        const user = (await tx.query<UserRow>(selectUser('u.id = $1'), [token.user_id])).rows[0];
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

  if (method === 'POST' && route === '/signup') {
    const body = parseJsonBody(incoming, signUpSchema);
    if (!body.ok) return body.reply;
    const { email, password, data, code_challenge: codeChallenge } = body.value;
    if (codeChallenge) return notImplemented(method, '/auth/v1/signup with PKCE (the storefront uses the implicit flow)');
    if (!email) return notImplemented(method, '/auth/v1/signup without an email (phone or anonymous sign-up)');
    if (!EMAIL_FORMAT.test(email)) return authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    if (!password) return authError(422, 'validation_failed', 'Signup requires a valid password');
    const weak = weakPassword(password);
    if (weak) return weak;
    const redirectTo = allowedRedirect(incoming.url.searchParams.get('redirect_to'));
    return db.transaction(async (tx) => {
      const existing = (await tx.query<UserRow>(selectUser('lower(u.email) = lower($1)'), [email])).rows[0];
      if (existing?.email_confirmed_at) {
        // GoTrue with confirmations on: a confirmed address gets a look-alike user with no identities,
        // so the answer does not reveal more than "check your inbox" would.
        const now = new Date().toISOString();
        return authJson(200, {
          id: randomUUID(), aud: 'authenticated', role: 'authenticated', email, phone: '',
          confirmation_sent_at: now, app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: data ?? {}, identities: [], created_at: now, updated_at: now, is_anonymous: false,
        });
      }
      let userId = existing?.id;
      if (userId) {
        const wait = tooSoon('over_email_send_rate_limit', await lastSent(tx, userId, 'confirmation_token'), EMAIL_MAX_FREQUENCY_SECONDS);
        if (wait) return wait;
        await tx.query(
          `update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf')), raw_user_meta_data = $3, updated_at = now() where id = $1`,
          [userId, password, JSON.stringify(data ?? {})],
        );
      } else {
        userId = randomUUID();
        await tx.query(
          `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', lower($2), extensions.crypt($3, extensions.gen_salt('bf')), now(),
                   '{"provider": "email", "providers": ["email"]}', $4, now(), now())`,
          [userId, email, password, JSON.stringify(data ?? {})],
        );
        await tx.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
           values ($1::text, $1::text::uuid, jsonb_build_object('sub', $1::text, 'email', lower($2::text), 'email_verified', false), 'email', now(), now())`,
          [userId, email],
        );
      }
      const token = randomBytes(28).toString('hex');
      await newToken(tx, userId, 'confirmation_token', email.toLowerCase(), token);
      mailLink('confirmation', email.toLowerCase(), token, redirectTo, { email: email.toLowerCase(), metadata: data ?? {} });
      const user = (await tx.query<UserRow>(selectUser('u.id = $1'), [userId])).rows[0]!;
      return authJson(200, { ...userJson(user), confirmation_sent_at: new Date().toISOString() });
    });
  }

  if (method === 'POST' && route === '/recover') {
    const body = parseJsonBody(incoming, recoverSchema);
    if (!body.ok) return body.reply;
    if (body.value.code_challenge) return notImplemented(method, '/auth/v1/recover with PKCE (the storefront uses the implicit flow)');
    const redirectTo = allowedRedirect(incoming.url.searchParams.get('redirect_to'));
    // Like GoTrue, the answer never reveals whether an account exists.
    return db.transaction(async (tx) => {
      const user = (await tx.query<{ id: string; email: string; raw_user_meta_data: Record<string, unknown> | null }>(`select id, email, raw_user_meta_data from auth.users where lower(email) = lower($1)`, [body.value.email])).rows[0];
      if (!user) return authJson(200, {});
      const wait = tooSoon('over_email_send_rate_limit', await lastSent(tx, user.id, 'recovery_token'), EMAIL_MAX_FREQUENCY_SECONDS);
      if (wait) return wait;
      const token = randomBytes(28).toString('hex');
      await newToken(tx, user.id, 'recovery_token', user.email, token);
      mailLink('recovery', user.email, token, redirectTo, { email: user.email, metadata: user.raw_user_meta_data });
      return authJson(200, {});
    });
  }

  if (method === 'POST' && route === '/otp') {
    const body = parseJsonBody(incoming, otpSchema);
    if (!body.ok) return body.reply;
    if (!body.value.phone) return notImplemented(method, '/auth/v1/otp for email (the storefront sends codes by SMS only)');
    if ((body.value.channel ?? 'sms') !== 'sms') return notImplemented(method, `/auth/v1/otp over ${body.value.channel}`);
    const phone = normalisePhone(body.value.phone);
    if (!/^[1-9]\d{7,14}$/.test(phone)) return authError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
    return transactionSendingCodes(async (tx, sendCode) => {
      let userId = (await tx.query<{ id: string }>(`select id from auth.users where phone = $1`, [phone])).rows[0]?.id;
      if (!userId) {
        if (body.value.create_user === false) return authError(422, 'otp_disabled', 'Signups not allowed for otp');
        userId = randomUUID();
        await tx.query(
          `insert into auth.users (instance_id, id, aud, role, phone, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
           values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, '{"provider": "phone", "providers": ["phone"]}', $3, now(), now())`,
          [userId, phone, JSON.stringify(body.value.data ?? {})],
        );
        await tx.query(
          `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
           values ($1::text, $1::text::uuid, jsonb_build_object('sub', $1::text, 'phone', $2::text, 'phone_verified', false), 'phone', now(), now())`,
          [userId, phone],
        );
      }
      const wait = tooSoon('over_sms_send_rate_limit', await lastSent(tx, userId, 'confirmation_token'), SMS_MAX_FREQUENCY_SECONDS);
      if (wait) return wait;
      await sendCode(userId, 'confirmation_token', phone);
      return authJson(200, { message_id: `local-${randomBytes(8).toString('hex')}` });
    });
  }

  if (method === 'GET' && route === '/verify') {
    const params = incoming.url.searchParams;
    const type = params.get('type') as LinkType | null;
    const redirectTo = allowedRedirect(params.get('redirect_to'));
    const session = type && linkTypes.includes(type) && params.get('token')
      ? await db.transaction((tx) => verifyEmailLink(tx, type, params.get('token')!))
      : null;
    const fragment = session
      ? new URLSearchParams({
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: 'bearer',
          type: type!,
        })
      : new URLSearchParams(LINK_EXPIRED);
    return { status: 303, headers: { location: `${redirectTo}#${fragment.toString()}` } };
  }

  if (method === 'POST' && route === '/verify') {
    const body = parseJsonBody(incoming, verifySchema);
    if (!body.ok) return body.reply;
    const { type, token, token_hash: tokenHash, phone } = body.value;
    const expired = () => authError(403, 'otp_expired', 'Token has expired or is invalid');
    return db.transaction(async (tx) => {
      if (type === 'sms' || type === 'phone_change') {
        if (!phone || !token) return authError(400, 'validation_failed', 'Verify requires a phone number and a token');
        const number = normalisePhone(phone);
        const found = await redeem(tx, type === 'sms' ? 'confirmation_token' : 'phone_change_token', hashToken(token), SMS_CODE_SECONDS, number);
        if (!found) return expired();
        if (type === 'phone_change') {
          const taken = await tx.query(`select 1 from auth.users where phone = $1 and id <> $2`, [number, found.user_id]);
          if (taken.rows.length > 0) return authError(422, 'phone_exists', 'A user with this phone number has already been registered');
        }
        await tx.query(`update auth.users set phone = $2, phone_confirmed_at = now(), updated_at = now() where id = $1`, [found.user_id, number]);
        return authJson(200, await startSession(tx, issuer, found.user_id, 'otp'));
      }
      if (!tokenHash) return notImplemented(method, `/auth/v1/verify with an emailed code (the storefront sends links)`);
      const session = await verifyEmailLink(tx, type, tokenHash);
      return session ? authJson(200, session) : expired();
    });
  }

  if (method === 'PUT' && route === '/user') {
    const caller = await currentCaller();
    if (!caller.ok) return caller.reply;
    const body = parseJsonBody(incoming, updateUserSchema);
    if (!body.ok) return body.reply;
    const { email, phone, password, data } = body.value;
    if (body.value.code_challenge) return notImplemented(method, '/auth/v1/user with PKCE (the storefront uses the implicit flow)');
    const redirectTo = allowedRedirect(incoming.url.searchParams.get('redirect_to'));
    return transactionSendingCodes(async (tx, sendCode) => {
      const user = (await tx.query<UserRow>(selectUser('u.id = $1'), [caller.userId])).rows[0];
      if (!user) return authError(404, 'user_not_found', 'User not found');
      if (password !== undefined) {
        const weak = weakPassword(password);
        if (weak) return weak;
        const same = await tx.query(`select 1 from auth.users where id = $1 and encrypted_password = extensions.crypt($2, encrypted_password)`, [user.id, password]);
        if (same.rows.length > 0) return authError(422, 'same_password', 'New password should be different from the old password.');
        await tx.query(`update auth.users set encrypted_password = extensions.crypt($2, extensions.gen_salt('bf')), updated_at = now() where id = $1`, [user.id, password]);
      }
      if (data !== undefined) {
        await tx.query(`update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`, [user.id, JSON.stringify(data)]);
      }
      if (email !== undefined && email.toLowerCase() !== (user.email ?? '').toLowerCase()) {
        if (!EMAIL_FORMAT.test(email)) return authError(400, 'validation_failed', 'Unable to validate email address: invalid format');
        const taken = await tx.query(`select 1 from auth.users where lower(email) = lower($1) and id <> $2`, [email, user.id]);
        if (taken.rows.length > 0) return authError(422, 'email_exists', 'A user with this email address has already been registered');
        const wait = tooSoon('over_email_send_rate_limit', await lastSent(tx, user.id, 'email_change_token_new'), EMAIL_MAX_FREQUENCY_SECONDS);
        if (wait) return wait;
        const token = randomBytes(28).toString('hex');
        await newToken(tx, user.id, 'email_change_token_new', email.toLowerCase(), token);
        await tx.query(`update auth.users set email_change = lower($2), email_change_sent_at = now() where id = $1`, [user.id, email]);
        mailLink('email_change', email.toLowerCase(), token, redirectTo, { email: user.email ?? '', newEmail: email.toLowerCase(), metadata: { ...user.raw_user_meta_data, ...data } });
      }
      if (phone !== undefined && normalisePhone(phone) !== (user.phone ?? '')) {
        const number = normalisePhone(phone);
        if (!/^[1-9]\d{7,14}$/.test(number)) return authError(400, 'validation_failed', 'Invalid phone number format (E.164 required)');
        const taken = await tx.query(`select 1 from auth.users where phone = $1 and id <> $2`, [number, user.id]);
        if (taken.rows.length > 0) return authError(422, 'phone_exists', 'A user with this phone number has already been registered');
        const wait = tooSoon('over_sms_send_rate_limit', await lastSent(tx, user.id, 'phone_change_token'), SMS_MAX_FREQUENCY_SECONDS);
        if (wait) return wait;
        await sendCode(user.id, 'phone_change_token', number);
      }
      const updated = (await tx.query<UserRow>(selectUser('u.id = $1'), [user.id])).rows[0]!;
      return authJson(200, userJson(updated));
    });
  }

  if ((method === 'GET' && route === '/user') || (method === 'POST' && route === '/logout')) {
    const caller = await currentCaller();
    if (!caller.ok) return caller.reply;
    const { userId: sub, sessionId } = caller;
    if (method === 'GET') {
      const user = (await db.query<UserRow>(selectUser('u.id = $1'), [sub])).rows[0];
      return user ? authJson(200, userJson(user)) : authError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    }
    const scope = incoming.url.searchParams.get('scope') ?? 'global';
    if (scope === 'local') await db.query(`delete from auth.sessions where id = $1`, [sessionId]);
    else if (scope === 'others') await db.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [sub, sessionId]);
    else if (scope === 'global') await db.query(`delete from auth.sessions where user_id = $1`, [sub]);
    else return authError(400, 'validation_failed', `unsupported logout scope ${scope}`);
    return { status: 204, headers: API_VERSION };
  }

  const adminUser = route.match(/^\/admin\/users\/([0-9a-f-]{36})$/);
  if (adminUser && (method === 'GET' || method === 'DELETE')) {
    const token = header(incoming, 'authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    const checked = token ? verifyJwt(token, apiClaimsSchema) : undefined;
    if (!checked?.ok || checked.claims.role !== 'service_role') {
      return authError(403, 'not_admin', 'User not allowed');
    }
    if (method === 'GET') {
      const user = (await db.query<UserRow>(selectUser('u.id = $1'), [adminUser[1]])).rows[0];
      return user ? authJson(200, userJson(user)) : authError(404, 'user_not_found', 'User not found');
    }
    const deleted = await db.query(`delete from auth.users where id = $1 returning id`, [adminUser[1]]);
    return deleted.rows.length > 0 ? authJson(200, {}) : authError(404, 'user_not_found', 'User not found');
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
    const { rows } = await db.query<UserRow>(`${selectUser('true')} order by u.created_at, u.id limit $1 offset $2`, [perPage, (page - 1) * perPage]);
    const total = (await db.query<{ count: number }>(`select count(*)::int as count from auth.users`)).rows[0]?.count ?? 0;
    return json(200, { users: rows.map(userJson), aud: 'authenticated' }, { ...API_VERSION, 'x-total-count': String(total) });
  }
  const id = route.match(/^\/admin\/users\/([0-9a-f-]{36})$/)?.[1];
  if (id && incoming.method === 'PUT') {
    const body = parseJsonBody(incoming, adminUpdateSchema);
    if (!body.ok) return body.reply;
    const { rows } = await db.query<UserRow>(
      `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || $2::jsonb,
              raw_user_meta_data = coalesce(u.raw_user_meta_data, '{}'::jsonb) || $3::jsonb, updated_at = now()
        where u.id = $1 returning ${userColumns}`,
      [id, JSON.stringify(body.value.app_metadata ?? {}), JSON.stringify(body.value.user_metadata ?? {})],
    );
    return rows[0] ? authJson(200, userJson(rows[0])) : authError(404, 'user_not_found', 'User not found');
  }
  return notImplemented(incoming.method, `/auth/v1${route}`);
}
