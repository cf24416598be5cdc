import type { SupabaseClient } from '@supabase/supabase-js';
import { loadSupabase } from '../../lib/browser/load-supabase';
import type { CartLine } from '../../domain/cart-line';
import { $prescriptionLinks } from './prescription-links';
import { contentTypeOf, isAcceptedContentType, prescriptionFolder, prescriptionPath } from './prescription-files';
import { FILES_TOO_LARGE, UNSUPPORTED_FILE_TYPE } from './prescription-strings';

const BUCKET = 'prescriptions';
/** The spec's upload cache setting (3600 s) and signed address lifetime (24 hours). */
const CACHE_CONTROL_SECONDS = '3600';
const SIGNED_URL_SECONDS = 24 * 60 * 60;

/** A failed save; `reason` is the line the customer is shown under 'Failed to save prescription', if known. */
export class PrescriptionSaveError extends Error {
  constructor(
    message: string,
    readonly reason: string | null,
  ) {
    super(message);
    this.name = 'PrescriptionSaveError';
  }
}

export interface SavedPrescriptionFile {
  path: string;
  name: string;
  type: string;
}


function reasonForUploadFailure(contentType: string, error: { message: string; statusCode?: string }): string | null {
  if (!isAcceptedContentType(contentType) || /mime|content.?type/i.test(error.message)) return UNSUPPORTED_FILE_TYPE;
  if (error.statusCode === '413' || /too large|size/i.test(error.message)) return FILES_TOO_LARGE;
  return null;
}

async function uploadOne(supabase: SupabaseClient, folder: string, file: File): Promise<SavedPrescriptionFile> {
  const contentType = contentTypeOf(file);
  const path = prescriptionPath(folder, file.name, crypto.randomUUID());
  const { error } = await supabase.storage
    .from(BUCKET)
    .upload(path, file, { upsert: false, cacheControl: CACHE_CONTROL_SECONDS, contentType });
  if (error) {
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'string' ? error.statusCode : undefined;
    throw new PrescriptionSaveError(`Upload of ${file.name} failed: ${error.message}`, reasonForUploadFailure(contentType, { message: error.message, statusCode }));
  }
  return { path, name: file.name, type: contentType };
}

/** Records the files against the account: prescription_files rows and the cart row's attachments. */
async function recordForAccount(supabase: SupabaseClient, userId: string, files: readonly SavedPrescriptionFile[], lines: readonly CartLine[]): Promise<void> {
  // Only signed-in customers get here: the stored-cart shape (and its zod) loads with them alone.
  const { toStoredItem, storedCartTotal } = await import('../../domain/account-cart');
  const { error: recordError } = await supabase.from('prescription_files').insert(
    files.map((file) => ({ request_id: userId, file_name: file.name, file_url: file.path, file_type: file.type, uploaded_by: userId })),
  );
  if (recordError) throw new PrescriptionSaveError(`Recording prescription files failed: ${recordError.message}`, null);

  const uploadedAt = new Date().toISOString();
  const attachments = files.map((file) => ({ path: file.path, name: file.name, type: file.type, uploaded_at: uploadedAt }));
  const { data: row, error: readError } = await supabase.from('cart').select('id,attachments').eq('user_id', userId).maybeSingle();
  if (readError) throw new PrescriptionSaveError(`Reading the cart row failed: ${readError.message}`, null);
  const { error: writeError } = row
    ? await supabase
        .from('cart')
        .update({ attachments: [...(Array.isArray(row.attachments) ? row.attachments : []), ...attachments], updated_at: uploadedAt })
        .eq('id', row.id)
    : await supabase.from('cart').upsert(
        { user_id: userId, items: lines.map(toStoredItem), cart_total: storedCartTotal(lines), attachments, updated_at: uploadedAt },
        { onConflict: 'user_id' },
      );
  if (writeError) throw new PrescriptionSaveError(`Saving the cart attachments failed: ${writeError.message}`, null);
}

async function signLinks(supabase: SupabaseClient, files: readonly SavedPrescriptionFile[]): Promise<void> {
  const links: Record<string, string> = { ...$prescriptionLinks.get() };
  for (const file of files) {
    const { data, error } = await supabase.storage.from(BUCKET).createSignedUrl(file.path, SIGNED_URL_SECONDS);
    if (error) throw new PrescriptionSaveError(`Signing ${file.path} failed: ${error.message}`, null);
    links[file.path] = data.signedUrl;
  }
  $prescriptionLinks.set(links);
}

/**
 * Uploads the chosen files to the private prescriptions bucket, under the signed-in customer's
 * folder or the guest cart session's, and for a signed-in customer records them on the account.
 * Throws PrescriptionSaveError on any failure; the caller accepts nothing then.
 */
export async function savePrescription(
  files: readonly File[],
  cart: { sessionId: string; items: readonly CartLine[] },
): Promise<SavedPrescriptionFile[]> {
  const supabase = await loadSupabase();
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id ?? null;
  const folder = prescriptionFolder(userId, cart.sessionId);
  const saved = await Promise.all(files.map((file) => uploadOne(supabase, folder, file)));
  if (userId) {
    await recordForAccount(supabase, userId, saved, cart.items);
    await signLinks(supabase, saved);
  }
  return saved;
}

/**
 * Uploads files to one folder of the private bucket and records nothing else (an order with a
 * prescription records them on its request). Same rules and refusal sentences as savePrescription.
 */
export async function uploadPrescriptionFiles(files: readonly File[], folder: string): Promise<SavedPrescriptionFile[]> {
  const supabase = await loadSupabase();
  return Promise.all(files.map((file) => uploadOne(supabase, folder, file)));
}
