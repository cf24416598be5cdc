import { DEFAULT_LANGUAGE, type LanguageCode } from '../../domain/language';
import english from '../../domain/strings/languages/en';
import { sentenceIn } from '../../domain/strings/sentences';
import type { Language } from '../../domain/strings/table';
import { HttpRefusal } from './http';

/**
 * A language's table on the server: its file in src/domain/strings/languages, found by its code
 * (the bundler takes every file there), so a language added there is spoken here too. Null for a
 * code the shop has no table for.
 */
export async function languageTable(code: LanguageCode): Promise<Language | null> {
  if (!/^[a-z]{2}$/.test(code)) return null;
  try {
    return ((await import(`../../domain/strings/languages/${code}.ts`)) as { default: Language }).default;
  } catch {
    return null;
  }
}

/** The table a customer who reads `code` is answered from: that language's, or English's when the shop has none (or no code was given). */
export async function languageOrEnglish(code: LanguageCode | null | undefined): Promise<Language> {
  return (code && code !== DEFAULT_LANGUAGE && (await languageTable(code))) || english;
}

/**
 * Runs a function's work for a customer who reads `language`: a refusal it throws reaches them in
 * that language when its English sentence is one of the tables' (else as written). The desk's
 * functions never call this: the desk stays English.
 */
export async function answeredIn<T>(language: LanguageCode, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof HttpRefusal) || language === DEFAULT_LANGUAGE) throw error;
    const table = await languageTable(language);
    throw table ? new HttpRefusal(error.status, sentenceIn(error.message, english.text, table.text)) : error;
  }
}
