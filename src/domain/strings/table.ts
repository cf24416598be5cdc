import type english from './languages/en';
import type { LanguageSettings } from './settings';

export type { LanguageSettings } from './settings';

/**
 * A language the shop writes: its settings and its table of every customer-facing string. English's
 * table (languages/en.ts) is the source of the keys; every other language's table has the same shape,
 * so a missing key fails the type check and strings.test.ts.
 *
 * Strings are data, not code: a text with values holds `{name}` placeholders (filled by `fill`), a
 * count has `one`/`other` forms (chosen by `countText`). So a page can hand a section of its table
 * to an island or a plain script as JSON in the HTML, and the browser never downloads a language's
 * table as JavaScript.
 */
export interface Language {
  settings: LanguageSettings;
  text: StringTable;
}


/** A count's forms, chosen with Intl.PluralRules: Indian languages need `one` and `other`. */
export interface CountForms {
  one: string;
  other: string;
}

type Widened<T> = T extends string ? string : T extends readonly (infer Item)[] ? readonly Widened<Item>[] : { readonly [Key in keyof T]: Widened<T[Key]> };

export type StringTable = Widened<(typeof english)['text']>;
