import type { StringTable } from '../../domain/strings/table';
import { PAGE_TEXT_ID } from '../page-text-id';

let pageTable: Partial<StringTable> | null | undefined;

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
    const element = document.getElementById(PAGE_TEXT_ID);
    pageTable = element?.textContent ? (JSON.parse(element.textContent) as Partial<StringTable>) : null;
  }
  return pageTable?.[section] ?? english;
}
