/** Texts of /reset-password and of password changes. */
export const RESET_HEADING = 'Choose a new password';

export const RESET_DONE_MESSAGE = 'Your password is changed and you are signed in. Taking you to the products...';

export const RESET_LINK_EXPIRED = 'This reset link has expired or was already used. Send yourself a new one below.';

export const RESET_LINK_MISSING = 'Open this page from the link in your password reset email. Need a new one? Send it below.';

export const SAME_PASSWORD = 'Your new password must be different from the old one.';
