import english from '../../domain/strings/languages/en';

/** Texts of /reset-password and of password changes, from the strings tables. */
export const RESET_HEADING = english.text.auth.resetHeading;

export const RESET_DONE_MESSAGE = english.text.auth.resetDone;

export const RESET_LINK_EXPIRED = english.text.auth.resetLinkExpired;

export const RESET_LINK_MISSING = english.text.auth.resetLinkMissing;

export const SAME_PASSWORD = english.text.auth.samePassword;
