import type { LanguageCode } from '../language';

/** How a language is named and written: the settings beside its table (table.ts). */
export interface LanguageSettings {
  code: LanguageCode;
  /** The language's own name, as the language switch shows it. */
  name: string;
  /** <html lang>. */
  htmlLang: string;
  /** For Intl (numbers, dates, plurals); always Latin digits, as Indian shops print prices. */
  locale: string;
  /** og:locale. */
  ogLocale: string;
}
