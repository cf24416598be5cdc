/**
 * English is the spec's text and the language of every page outside /<code>/, of the desk and of any
 * message without its own. Its own module, without zod, so the browser's smallest scripts (a page's
 * words, its addresses) can know it (language.ts re-exports it beside the code's schema).
 */
export const DEFAULT_LANGUAGE = 'en';
