import { fill, type TextValues } from './fill';
import type { CountForms, LanguageSettings } from './table';

export { fill, placeholdersOf, type TextValues } from './fill';

/**
 * A sentence some English-speaking code produced (a schema's message, a check's finding) said in
 * the page's language: the entry with the same key in `local`; the sentence itself when it is not one of `english`'s.
 */
export function sameSentenceIn<Section extends Readonly<Record<string, unknown>>>(sentence: string, english: Section, local: Section): string {
  const key = Object.keys(english).find((candidate) => english[candidate] === sentence);
  const said = key === undefined ? undefined : local[key];
  return typeof said === 'string' ? said : sentence;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The form of `forms` for `count` in the language, filled with the count and any other values. */
export function countText(forms: CountForms, count: number, locale: string, values: TextValues = {}): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale)));
  return fill(rules.select(count) === 'one' ? forms.one : forms.other, { ...values, count });
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date as the language writes it, in India's time, with Latin digits ('2 दिसंबर 2026'). */
export function formatDate(date: Date, settings: Pick<LanguageSettings, 'locale'>, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string {
  const key = `${settings.locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(settings.locale, { timeZone: 'Asia/Kolkata', ...options })));
  return format.format(date);
}
