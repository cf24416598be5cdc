import { auth as englishAuth } from '../../domain/strings/english/auth';

/** Texts of /reset-password and of password changes, from the strings tables. */
export const RESET_HEADING = englishAuth.resetHeading;

export const RESET_DONE_MESSAGE = englishAuth.resetDone;

export const RESET_LINK_EXPIRED = englishAuth.resetLinkExpired;

export const RESET_LINK_MISSING = englishAuth.resetLinkMissing;

export const SAME_PASSWORD = englishAuth.samePassword;
