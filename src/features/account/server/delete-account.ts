import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { HttpRefusal, jsonResponse, parseBody } from '../../../lib/server/http';
import { languageOrEnglish } from '../../../lib/server/answered-in';
import type { LanguageCode } from '../../../domain/language';
import english from '../../../domain/strings/languages/en';
import type { StringTable } from '../../../domain/strings/table';
import { deleteAccountRequestSchema, type DeletionResult } from './deletion-result';

const PRESCRIPTIONS_BUCKET = 'prescriptions';

const envSchema = z.object({
  SUPABASE_URL: z.url({ error: 'SUPABASE_URL is not set' }),
  SUPABASE_SERVICE_ROLE_KEY: z.string({ error: 'SUPABASE_SERVICE_ROLE_KEY is not set' }).min(1, 'SUPABASE_SERVICE_ROLE_KEY is not set'),
});

const summarySchema = z.object({
  kept_paid_orders: z.number().int(),
  removed_unpaid_orders: z.number().int(),
  removed_addresses: z.number().int(),
  removed_prescription_records: z.number().int(),
});

/** JSON with the security headers every /api answer carries. */
const reply = (body: unknown, status = 200) => jsonResponse(body, status);

/** The service-role client of the function; the key never leaves the server. */
export function adminClient(source: Record<string, string | undefined> = process.env): SupabaseClient {
  const env = envSchema.parse(source);
  return createClient(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, { auth: { persistSession: false, autoRefreshToken: false } });
}

/**
 * The language the account page asked in: `?language=` on the address it calls (none, from an older
 * page: English). In the query, so the caller is still refused before anything of a body is read.
 */
function requestLanguage(req: Request): LanguageCode {
  return parseBody(deleteAccountRequestSchema, Object.fromEntries(new URL(req.url).searchParams)).language;
}

/**
 * POST /api/account/delete?language= with the customer's own access token: refused
 * while an order is on its way (409); otherwise removes their prescription files,
 * then (delete_customer_data) cart, addresses, prescription records and unpaid orders, keeps paid
 * orders anonymised, and finally deletes the auth user. Each step can be retried if a later one fails.
 * Every refusal is said in the page's language.
 */
export async function deleteAccount(req: Request, admin: SupabaseClient): Promise<Response> {
  if (req.method !== 'POST') return reply({ error: `Method ${req.method} is not allowed; use POST` }, 405);
  let language: LanguageCode;
  try {
    language = requestLanguage(req);
  } catch (error) {
    if (error instanceof HttpRefusal) return reply({ error: error.message }, error.status);
    throw error;
  }
  const { refusals } = (await languageOrEnglish(language)).text;
  try {
    return await deleteCustomer(req, admin, refusals);
  } catch (error) {
    console.error('[account-delete]', error);
    return reply({ error: refusals.deleteUnavailable }, 500);
  }
}

async function deleteCustomer(req: Request, admin: SupabaseClient, refusals: StringTable['refusals']): Promise<Response> {
  const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) return reply({ error: refusals.deleteSignIn }, 401);
  const { data: who, error: whoError } = await admin.auth.getUser(token);
  if (whoError || !who.user) return reply({ error: refusals.deleteSessionEnded }, 401);
  const userId = who.user.id;

  // Checked before anything is removed: the database refuses too, but the files would be gone.
  const { data: open, error: openError } = await admin.rpc('customer_has_open_orders', { p_user_id: userId });
  if (openError) throw new Error(`checking open orders failed: ${openError.message}`);
  if (open === true) return reply({ error: refusals.deleteOrdersOnTheirWay }, 409);

  const bucket = admin.storage.from(PRESCRIPTIONS_BUCKET);
  const { data: files, error: listError } = await bucket.list(userId, { limit: 1000 });
  if (listError) throw new Error(`listing prescriptions failed: ${listError.message}`);
  if (files.length > 0) {
    const { error } = await bucket.remove(files.map((file) => `${userId}/${file.name}`));
    if (error) throw new Error(`removing prescriptions failed: ${error.message}`);
  }

  const { data, error } = await admin.rpc('delete_customer_data', { p_user_id: userId });
  if (error) throw new Error(`delete_customer_data failed: ${error.message}`);
  const summary = summarySchema.parse(data);

  const { error: deleteError } = await admin.auth.admin.deleteUser(userId);
  if (deleteError) throw new Error(`deleting the auth user failed: ${deleteError.message}`);

  const result: DeletionResult = {
    deleted: true,
    removed: { addresses: summary.removed_addresses, prescriptions: summary.removed_prescription_records, unpaidOrders: summary.removed_unpaid_orders },
    kept: { paidOrders: summary.kept_paid_orders },
  };
  return reply(result);
}

/** The Netlify function body: a failure before the request is read (its settings) is logged and answered in English, without details. */
export async function handleDeleteAccount(req: Request): Promise<Response> {
  try {
    return await deleteAccount(req, adminClient());
  } catch (error) {
    console.error('[account-delete]', error);
    return reply({ error: english.text.refusals.deleteUnavailable }, 500);
  }
}
