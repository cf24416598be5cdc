import type { StringTable } from '../../domain/strings/table';
import { DEFAULT_LANGUAGE } from '../../domain/default-language';
import type { LanguageCode } from '../../domain/language';
import { PAGE_TEXT_ID } from '../page-text-id';

let pageTable: Partial<StringTable> | null | undefined;

const pageTextElement = () => (typeof document === 'undefined' ? null : document.getElementById(PAGE_TEXT_ID));

/** The page's language: what an order placed from it is written in. */
export const pageLanguage = (): LanguageCode => pageTextElement()?.dataset.language ?? DEFAULT_LANGUAGE;

/** The locale of the page's language (numbers, dates, count forms); English's on the default language's pages. */
export const pageLocale = (): string => pageTextElement()?.dataset.locale ?? 'en-IN';

/** The page's own addresses' prefix ('/hi' on a Hindi page, '' on the default language's), for links the browser writes. */
export const pagePathPrefix = (): string => pageTextElement()?.dataset.pathPrefix ?? '';

/**
 * A section of the page's strings table for code that writes text in the browser. A page in another
 * language than the default carries the sections its scripts need as JSON (components/PageText.astro);
 * the default language's page carries none, and the English section the code imports is used, as
 * when rendering at build time. So the browser downloads a language's words with the page's HTML,
 * never as JavaScript.
 */
export function pageText<Section extends keyof StringTable>(section: Section, english: StringTable[Section]): StringTable[Section] {
  if (typeof document === 'undefined') return english;
  if (pageTable === undefined) {
    const element = pageTextElement();
    pageTable = element?.textContent ? (JSON.parse(element.textContent) as Partial<StringTable>) : null;
  }
  return pageTable?.[section] ?? english;
}
