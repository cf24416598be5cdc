import { auth as englishAuth } from '../../domain/strings/english/auth';
import { layout as englishLayout } from '../../domain/strings/english/layout';

/** The sign-in screen's texts (spec section 2 "Login" and the error catalogue), from the strings tables. */
export const LOGIN_HEADING = englishAuth.loginHeading;
export const LOGIN_SUCCESS_MESSAGE = englishAuth.loginSuccess;
export const LOGIN_FAILED_MESSAGE = englishAuth.loginFailed;
export const LOGOUT_LABEL = englishLayout.logout;
/** Where a signed-in customer goes, and after how long the success message has been seen. */
export const AFTER_LOGIN_PATH = '/products';
export const LOGIN_REDIRECT_DELAY_MS = 500;
/** The same answer whether or not an account exists, so the form cannot be used to probe for accounts. */
export const RESET_LINK_SENT_MESSAGE = englishAuth.resetLinkSent;
