/** Texts of the sign-up page and the errors shared by the account forms. */
/** Texts of sign-up, password reset, mobile sign-in and the account pages, in one place for tests. */
export const SIGNUP_HEADING = 'Create your account';

export const CHECK_INBOX_HEADING = 'Check your inbox';

export const checkInboxMessage = (email: string) =>
  `We've sent a confirmation link to ${email}. Open it to finish creating your account; you'll be signed in.`;

export { SIGNUP_ERRORS } from '../../lib/auth-error-sentences';

export const FIELD_ERRORS = {
  fullName: 'Enter your full name.',
  email: 'Enter a valid email address.',
  password: 'Use at least 8 characters with at least one letter and one digit.',
  passwordsDiffer: 'The two passwords are not the same.',
  terms: 'Please confirm you are 18 or older and accept the Terms and Privacy Policy.',
} as const;
