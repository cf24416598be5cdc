import type { User } from '@supabase/supabase-js';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { LANGUAGE_STORAGE_KEY } from '../../lib/language-choice';
import { DEFAULT_LANGUAGE } from '../../domain/default-language';

/** The language last saved to the signed-in account from this browser, so it is saved once per change. */
const SAVED_KEY = `${LANGUAGE_STORAGE_KEY}-saved`;

/** The save under way: updateUser's own USER_UPDATED event calls here again before it returns. */
let saving: string | null = null;

/**
 * The language chosen with the switch (remembered in this browser) saved on the signed-in customer's
 * account (public.profiles, their own row through RLS): the account's messages follow it. Nothing
 * to do until a language has been chosen, or when this one is saved (and copied) already.
 *
 * The profile stays the account's language. user_metadata.language is a copy for Supabase Auth's
 * own mails only (supabase/templates pick their words by it), so a reset-password mail asked for
 * later is in the language chosen last.
 */
export async function saveLanguageChoice(user: Pick<User, 'id' | 'user_metadata'>): Promise<void> {
  const chosen = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  const saved = `${user.id}:${chosen}`;
  if (!chosen || saving === saved || (localStorage.getItem(SAVED_KEY) === saved && user.user_metadata?.language === chosen)) return;
  saving = saved;
  try {
    const supabase = await loadSupabase();
    // The row's user_id is the caller's own (its default, auth.uid()); only the language is written.
    const { error } = await supabase.from('profiles').upsert({ language: chosen }, { onConflict: 'user_id' });
    if (error) return;
    if (user.user_metadata?.language !== chosen) {
      const copied = await supabase.auth.updateUser({ data: { language: chosen } });
      if (copied.error) return;
    }
    localStorage.setItem(SAVED_KEY, saved);
  } finally {
    saving = null;
  }
}

/**
 * A browser where no language has been chosen takes the signed-in account's, when the page is written
 * in it too: the customer who chose Hindi on their phone opens the store signed in on a laptop and
 * reads Hindi. The account's language is user_metadata's copy of the profile (it comes with the
 * session, no request). English is never forced on a page: one opened in Hindi without a choice stays.
 * Answers whether the page is on its way to the account's language.
 */
export function takeAccountLanguage(user: Pick<User, 'user_metadata'>): boolean {
  const account: unknown = user.user_metadata?.language;
  const root = document.documentElement;
  if (typeof account !== 'string' || !/^[a-z]{2}$/.test(account) || account === DEFAULT_LANGUAGE) return false;
  if (localStorage.getItem(LANGUAGE_STORAGE_KEY) !== null || root.dataset.language === account || !root.hasAttribute(`data-in-${account}`)) return false;
  localStorage.setItem(LANGUAGE_STORAGE_KEY, account);
  // The head's language script (lib/language-choice.ts) sends a page to the remembered language's at once, keeping its place.
  location.reload();
  return true;
}
