/** The sentences auth failures are told with (sign-up, sign-in by code, account changes); apart so a page can show one without the mapping. */
export const SIGNUP_ERRORS = {
  alreadyRegistered: 'This email is already registered. Sign in, or reset your password if you have forgotten it.',
  weakPassword: 'Choose a stronger password: at least 8 characters with at least one letter and one digit.',
  invalidMobile: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
  rateLimited: 'Too many attempts just now. Please wait a minute and try again.',
  network: "We couldn't reach MediKart. Check your internet connection and try again.",
  unknown: 'Something went wrong. Please try again.',
} as const;
