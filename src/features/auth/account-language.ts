import { loadSupabase } from '../../lib/browser/load-supabase';
import { LANGUAGE_STORAGE_KEY } from '../../lib/language-choice';

/** The language last saved to the signed-in account from this browser, so it is saved once per change. */
const SAVED_KEY = `${LANGUAGE_STORAGE_KEY}-saved`;

/**
 * The language chosen with the switch (remembered in this browser) saved on the signed-in customer's
 * account (public.profiles, their own row through RLS): the account's messages follow it. Nothing
 * to do until a language has been chosen, or when this one is saved already.
 */
export async function saveLanguageChoice(userId: string): Promise<void> {
  const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  const saved = `${userId}:${chosen}`;
  if (!chosen || localStorage.getItem(SAVED_KEY) === saved) return;
  const supabase = await loadSupabase();
  // The row's user_id is the caller's own (its default, auth.uid()); only the language is written.
  const { error } = await supabase.from('profiles').upsert({ language: chosen }, { onConflict: 'user_id' });
  if (!error) localStorage.setItem(SAVED_KEY, saved);
}
