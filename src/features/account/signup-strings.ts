import { auth as englishAuth } from '../../domain/strings/english/auth';
import { fill } from '../../domain/strings/format';

/** Texts of the sign-up page and the errors shared by the account forms, from the strings tables. */
const text = englishAuth;

export const checkInboxMessage = (email: string) => fill(text.checkInbox, { email });

export { SIGNUP_ERRORS } from '../../lib/auth-error-sentences';

export const FIELD_ERRORS = {
  fullName: text.fullNameError,
  email: text.emailError,
  password: text.passwordError,
  passwordsDiffer: text.passwordsDiffer,
  terms: text.termsError,
} as const;
