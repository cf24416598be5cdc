import { z } from 'zod';

export { DEFAULT_LANGUAGE } from './default-language';

/**
 * A language as pages, orders, accounts and messages carry it: an ISO 639-1 code ('en', 'hi', 'kn').
 * Which languages the shop writes is the strings tables' business; an order keeps the code the customer
 * chose, and a message without a text in that language goes out in English.
 */
export const languageCodeSchema = z.string().regex(/^[a-z]{2}$/, 'Choose a language.');
export type LanguageCode = z.infer<typeof languageCodeSchema>;
