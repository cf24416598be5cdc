import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { identifyBuyer } from './buyer';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';

/**
 * POST /api/prescriptions/claim {cartSessionId, paths} with `Authorization: Bearer <access token>`
 * -> 200 {moved: {<guest path>: <customer path>}}.
 *
 * A guest's prescriptions live in `guest-<cart session id>/`, which only that browser knows; on
 * sign-in the browser hands them over and each file is copied into the customer's own folder with
 * its prescription_files record, so the payment functions (which accept only the buyer's folder)
 * and the back office find it on the account. A path whose file no longer exists is left out of
 * `moved`; the cart then asks for the prescription again.
 */
export const claimRequestSchema = z.strictObject({
  cartSessionId: z.uuid({ error: 'cartSessionId must be a UUID' }),
  paths: z.array(z.string().max(300), { error: 'paths must be a list of storage paths' }).max(50),
});

export interface ClaimedFile {
  contentType: string;
}

/** The storage and records the claim touches, as the service role. */
export interface GuestPrescriptionStore {
  userIdOfAccessToken(accessToken: string): Promise<string | null>;
  /** Copies `from` to `to`; null when `from` does not exist. Copying onto an earlier copy is fine. */
  copy(from: string, to: string): Promise<ClaimedFile | null>;
  /** Records the file on the customer's account once. */
  record(userId: string, path: string, contentType: string): Promise<void>;
}

const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,200}$/;

export async function claimGuestPrescriptions(req: Request, store: GuestPrescriptionStore): Promise<Response> {
  requirePost(req);
  // The caller before the body: a prober without a sign-in learns nothing of the body's shape.
  // With an Authorization header identifyBuyer answers the customer or refuses; the cart session
  // id it would name a guest by is not needed.
  if (req.headers.get('authorization') === null) throw new HttpRefusal(401, 'Sign in to keep your prescriptions on your account.');
  const buyer = await identifyBuyer(req, '', (token) => store.userIdOfAccessToken(token));
  if (buyer.kind !== 'customer') throw new HttpRefusal(401, 'Sign in to keep your prescriptions on your account.');
  const body = parseBody(claimRequestSchema, parseJson(await readRawBody(req)));

  const guestFolder = `guest-${body.cartSessionId}/`;
  const moved: Record<string, string> = {};
  for (const path of new Set(body.paths)) {
    const fileName = path.slice(guestFolder.length);
    if (!path.startsWith(guestFolder) || !FILE_NAME.test(fileName)) {
      throw new HttpRefusal(422, `Prescription file ${path} is not in this cart's guest folder.`);
    }
    const target = `${buyer.userId}/${fileName}`;
    const copied = await store.copy(path, target);
    if (!copied) continue;
    await store.record(buyer.userId, target, copied.contentType);
    moved[path] = target;
  }
  return jsonResponse({ moved });
}

const BUCKET = 'prescriptions';
const DUPLICATE = /already exists|duplicate/i;

/** The real store: Supabase storage and the prescription_files table through the service role. */
export class SupabaseGuestPrescriptionStore implements GuestPrescriptionStore {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  async userIdOfAccessToken(accessToken: string): Promise<string | null> {
    const { data, error } = await this.client.auth.getUser(accessToken);
    if (error && (error.status === undefined || error.status >= 500)) throw new Error(`checking the access token: ${error.message}`);
    return data.user?.id ?? null;
  }

  async copy(from: string, to: string): Promise<ClaimedFile | null> {
    const { data: exists } = await this.client.storage.from(BUCKET).exists(from);
    if (!exists) return null;
    const { data: file, error: readError } = await this.client.storage.from(BUCKET).download(from);
    if (readError) throw new Error(`reading ${from}: ${readError.message}`);
    const contentType = file.type || 'application/octet-stream';
    const { error: writeError } = await this.client.storage.from(BUCKET).upload(to, file, { contentType, upsert: false });
    if (writeError && !DUPLICATE.test(writeError.message)) throw new Error(`writing ${to}: ${writeError.message}`);
    return { contentType };
  }

  async record(userId: string, path: string, contentType: string): Promise<void> {
    const { data, error: readError } = await this.client.from('prescription_files').select('id').eq('file_url', path).limit(1);
    if (readError) throw new Error(`reading the records of ${path}: ${readError.message}`);
    if (data.length > 0) return;
    const { error } = await this.client.from('prescription_files').insert({
      request_id: userId,
      file_name: path.slice(userId.length + 1),
      file_url: path,
      file_type: contentType,
      uploaded_by: userId,
    });
    if (error) throw new Error(`recording ${path}: ${error.message}`);
  }
}
