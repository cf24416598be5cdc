import { auth } from '../domain/strings/english/auth';
import type { StringTable } from '../domain/strings/table';

/** The sentences auth failures are told with (sign-up, sign-in by code, account changes); apart so a page can show one without the mapping. */
export const authErrorSentences = (text: Pick<StringTable['auth'], 'alreadyRegistered' | 'weakPassword' | 'invalidMobile' | 'rateLimited' | 'network' | 'unknown'>) => ({
  alreadyRegistered: text.alreadyRegistered,
  weakPassword: text.weakPassword,
  invalidMobile: text.invalidMobile,
  rateLimited: text.rateLimited,
  network: text.network,
  unknown: text.unknown,
});

export type AuthErrorSentences = ReturnType<typeof authErrorSentences>;

export const SIGNUP_ERRORS: AuthErrorSentences = /* @__PURE__ */ authErrorSentences(auth);
