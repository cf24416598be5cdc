/** Texts of the sign-up page and the errors shared by the account forms. */
/** Texts of sign-up, password reset, mobile sign-in and the account pages, in one place for tests. */
export const SIGNUP_HEADING = 'Create your account';

export const CHECK_INBOX_HEADING = 'Check your inbox';

export const checkInboxMessage = (email: string) =>
  `We've sent a confirmation link to ${email}. Open it to finish creating your account; you'll be signed in.`;

export const SIGNUP_ERRORS = {
  alreadyRegistered: 'This email is already registered. Sign in, or reset your password if you have forgotten it.',
  weakPassword: 'Choose a stronger password: at least 8 characters with at least one letter and one digit.',
  invalidMobile: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
  rateLimited: 'Too many attempts just now. Please wait a minute and try again.',
  network: "We couldn't reach MediKart. Check your internet connection and try again.",
  unknown: 'Something went wrong. Please try again.',
} as const;

export const FIELD_ERRORS = {
  fullName: 'Enter your full name.',
  email: 'Enter a valid email address.',
  password: 'Use at least 8 characters with at least one letter and one digit.',
  passwordsDiffer: 'The two passwords are not the same.',
  terms: 'Please confirm you are 18 or older and accept the Terms and Privacy Policy.',
} as const;
