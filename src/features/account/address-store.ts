import type { SupabaseClient } from '@supabase/supabase-js';
import type { Address, SavedAddress } from '../../domain/address';
import { addressBook } from '../../domain/strings/english/addressBook';

const COLUMNS = 'id, full_name, mobile, line1, area, landmark, city, state, pin_code, label, is_default, created_at';

// English; the address book says them in the page's language (the addressBook section).
export const ADDRESS_LIMIT_MESSAGE = addressBook.limit;
export const ADDRESS_SAVE_FAILED = addressBook.saveFailed;

/** The signed-in customer's saved addresses in public.addresses (row-level security keeps them theirs). */
export async function listAddresses(supabase: SupabaseClient): Promise<SavedAddress[]> {
  const { data, error } = await supabase.from('addresses').select(COLUMNS).order('created_at', { ascending: true });
  if (error) throw error;
  return data as SavedAddress[];
}

export type SaveResult = { ok: true } | { ok: false; message: string };

const failure = (error: { message?: string; hint?: string | null }): SaveResult => ({
  ok: false,
  message: error.message?.includes('addresses_limit') ? ADDRESS_LIMIT_MESSAGE : ADDRESS_SAVE_FAILED,
});

export async function saveAddress(supabase: SupabaseClient, address: Address, id?: string): Promise<SaveResult> {
  const { error } = id ? await supabase.from('addresses').update(address).eq('id', id) : await supabase.from('addresses').insert(address);
  return error ? failure(error) : { ok: true };
}

export async function makeDefault(supabase: SupabaseClient, id: string): Promise<SaveResult> {
  const { error } = await supabase.from('addresses').update({ is_default: true }).eq('id', id);
  return error ? failure(error) : { ok: true };
}

export async function deleteAddress(supabase: SupabaseClient, id: string): Promise<SaveResult> {
  const { error } = await supabase.from('addresses').delete().eq('id', id);
  return error ? failure(error) : { ok: true };
}
