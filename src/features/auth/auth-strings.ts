import { auth as englishAuth } from '../../domain/strings/english/auth';

/** The sign-in screen's texts (spec section 2 "Login" and the error catalogue), from the strings tables. */
export const LOGIN_FAILED_MESSAGE = englishAuth.loginFailed;
/** Where a signed-in customer goes, and after how long the success message has been seen. */
export const AFTER_LOGIN_PATH = '/products';
export const LOGIN_REDIRECT_DELAY_MS = 500;
