import { DEFAULT_LANGUAGE } from '../default-language';
import type { LanguageCode } from '../language';

/**
 * A page's address in a language, from its default-language address: the default language's pages
 * have no prefix ('/products/x'), every other's sit under '/<code>' ('/hi/products/x', '/hi' for the
 * landing page).
 */
export function pathIn(language: LanguageCode, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path;
  return path === '/' ? `/${language}` : `/${language}${path}`;
}

/** The same, from a page's own prefix ('/hi', or '' on the default language's): for links the browser writes. */
export const pathUnder = (prefix: string, path: string): string => (prefix === '' ? path : path === '/' ? prefix : `${prefix}${path}`);

/** The language a path is in ('/hi/cart' → 'hi', when 'hi' is one of `prefixed`) and its default-language path. */
export function withoutLanguage(path: string, prefixed: readonly LanguageCode[]): { language: LanguageCode; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(path);
  if (!match || !prefixed.includes(match[1]!)) return { language: DEFAULT_LANGUAGE, path };
  return { language: match[1]!, path: match[2] === '' ? '/' : match[2]! };
}
