import { account as englishAccount } from '../../domain/strings/english/account';
import { fill } from '../../domain/strings/format';

/** Texts of the account pages, from the strings tables. */
const text = englishAccount;
export const SIGNED_UP_MESSAGE = text.signedUp;

export const ACCOUNT_HEADING = text.heading;
export const PROFILE_SAVED = text.profileSaved;
export const EMAIL_CHANGE_SENT = (email: string) => fill(text.emailChangeSent, { email });
export const EMAIL_CHANGED = text.emailChanged;
export const MOBILE_CHANGED = text.mobileChanged;
export const PASSWORD_CHANGED = text.passwordChanged;
export const DELETE_CONFIRM = text.deleteConfirm;
export const DELETED_HEADING = text.deletedHeading;
export const KEPT_EXPLANATION = text.keptExplanation;
