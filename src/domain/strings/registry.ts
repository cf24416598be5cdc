import { DEFAULT_LANGUAGE, type LanguageCode } from '../language';
import type { Language, StringTable } from './table';

/**
 * Every file in languages/ is a language the shop writes: adding one adds its pages under /<code>/,
 * its entry in the language switch, its hreflang links and its place in the key checks. Nothing else
 * names the languages. (Only pages and browser code read this registry: Vite gathers the files.)
 */
export function languagesFrom(files: Readonly<Record<string, Language>>): ReadonlyMap<LanguageCode, Language> {
  const languages = new Map<LanguageCode, Language>();
  for (const [file, language] of Object.entries(files)) {
    const code = /([a-z]{2})\.ts$/.exec(file)?.[1];
    if (code !== language.settings.code) throw new Error(`${file} holds the language '${language.settings.code}': name the file ${language.settings.code}.ts`);
    languages.set(code, language);
  }
  if (!languages.has(DEFAULT_LANGUAGE)) throw new Error(`No table for the default language '${DEFAULT_LANGUAGE}'`);
  // The default language first: the switch lists it first and its pages have no prefix.
  return new Map([...languages].sort(([a], [b]) => Number(b === DEFAULT_LANGUAGE) - Number(a === DEFAULT_LANGUAGE) || a.localeCompare(b)));
}

export const LANGUAGES = languagesFrom(import.meta.glob<Language>('./languages/*.ts', { eager: true, import: 'default' }));

/** The languages with pages of their own under /<code>/ (every one but the default). */
export const PREFIXED_LANGUAGES: readonly LanguageCode[] = [...LANGUAGES.keys()].filter((code) => code !== DEFAULT_LANGUAGE);

export function languageOf(code: LanguageCode): Language {
  const language = LANGUAGES.get(code);
  if (!language) throw new Error(`The shop has no table for the language '${code}'`);
  return language;
}

export const textOf = (code: LanguageCode): StringTable => languageOf(code).text;

/** The static paths of a page built once per prefixed language: /hi/cart, /hi/products, … */
export const languagePaths = () => PREFIXED_LANGUAGES.map((lang) => ({ params: { lang }, props: { language: lang } }));
