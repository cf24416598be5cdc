/** Texts of the account pages. */
export const SIGNED_UP_MESSAGE = 'Your email is confirmed and you are signed in. Welcome to MediKart!';

export const ACCOUNT_HEADING = 'My account';
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
