/** The sign-in screen's texts (spec section 2 "Login" and the error catalogue). */
export const LOGIN_HEADING = 'Welcome Back';
export const LOGIN_SUCCESS_MESSAGE = 'Login successful! Redirecting...';
export const LOGIN_FAILED_MESSAGE = 'An error occurred during login. Please try again.';
export const LOGOUT_LABEL = 'Logout';
/** Where a signed-in customer goes, and after how long the success message has been seen. */
export const AFTER_LOGIN_PATH = '/products';
export const LOGIN_REDIRECT_DELAY_MS = 500;
/** The same answer whether or not an account exists, so the form cannot be used to probe for accounts. */
export const RESET_LINK_SENT_MESSAGE = "If an account exists for that email, we've sent a link to reset your password.";
