import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../domain/language';

/**
 * The languages the shop writes, as the build's tools (the content editor's configuration, the
 * content check) find them: one file per language in src/domain/strings/languages. Pages and
 * browser code use the registry (domain/strings/registry.ts) instead.
 */
export function languageFileCodes(directory = fileURLToPath(new URL('../domain/strings/languages', import.meta.url))): LanguageCode[] {
  return readdirSync(directory)
    .map((file) => /^([a-z]{2})\.ts$/.exec(file)?.[1])
    .filter((code): code is LanguageCode => code !== undefined)
    .sort();
}

/** Every language but the default: each has its own folder of policy translations. */
export const translatedLanguageCodes = (directory?: string): LanguageCode[] => languageFileCodes(directory).filter((code) => code !== DEFAULT_LANGUAGE);
