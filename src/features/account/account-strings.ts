/** Texts of sign-up, password reset, mobile sign-in and the account pages, in one place for tests. */
export const SIGNUP_HEADING = 'Create your account';
export const CHECK_INBOX_HEADING = 'Check your inbox';
export const checkInboxMessage = (email: string) =>
  `We've sent a confirmation link to ${email}. Open it to finish creating your account; you'll be signed in.`;
export const SIGNED_UP_MESSAGE = 'Your email is confirmed and you are signed in. Welcome to MediKart!';

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

export const RESET_HEADING = 'Choose a new password';
export const RESET_DONE_MESSAGE = 'Your password is changed and you are signed in. Taking you to the products...';
export const RESET_LINK_EXPIRED = 'This reset link has expired or was already used. Send yourself a new one below.';
export const RESET_LINK_MISSING = 'Open this page from the link in your password reset email. Need a new one? Send it below.';
export const SAME_PASSWORD = 'Your new password must be different from the old one.';

export const OTP_TAB = 'Mobile number';
export const EMAIL_TAB = 'Email';
export const OTP_SENT = (mobile: string) => `We've sent a 6-digit code by SMS to ${mobile}.`;
export const OTP_ERRORS = {
  wrong: "That code isn't right. Check the SMS and try again.",
  expired: 'That code has expired. Send a new code.',
  used: 'That code was already used. Send a new code.',
  format: 'Enter the 6-digit code from the SMS.',
} as const;
/** How long a texted code lasts (supabase/config.toml [auth.sms] otp_expiry) and when a new one may be sent. */
export const OTP_LIFETIME_MS = 5 * 60_000;
export const OTP_RESEND_SECONDS = 30;

export const ACCOUNT_HEADING = 'My account';
export const ACCOUNT_LINK = 'Account';
export const PROFILE_SAVED = 'Your details are saved.';
export const EMAIL_CHANGE_SENT = (email: string) => `We've sent a link to ${email}. Open it to confirm your new email.`;
export const EMAIL_CHANGED = 'Your new email is confirmed.';
export const MOBILE_CHANGED = 'Your mobile number is confirmed.';
export const PASSWORD_CHANGED = 'Your password is changed.';
export const DELETE_CONFIRM =
  'Delete your account? Your profile, cart, saved addresses and prescriptions are removed for good. This cannot be undone.';
export const DELETED_HEADING = 'Your account is deleted';
export const KEPT_EXPLANATION =
  'Indian GST law requires us to keep tax invoices for 72 months, so orders you paid for are kept without your name, email, mobile or prescriptions.';
