/** Texts and timings of signing in with a code sent by SMS. */
export const OTP_SENT = (mobile: string) => `We've sent a 6-digit code by SMS to ${mobile}.`;

export const OTP_ERRORS = {
  wrong: "That code isn't right. Check the SMS and try again.",
  expired: 'That code has expired. Send a new code.',
  used: 'That code was already used. Send a new code.',
  format: 'Enter the 6-digit code from the SMS.',
  noAccount:
    'No MediKart account uses this mobile number yet. Sign in with your email and add the number on your account page, or create an account.',
} as const;

/** How long a texted code lasts (supabase/config.toml [auth.sms] otp_expiry) and when a new one may be sent. */
export const OTP_LIFETIME_MS = 5 * 60_000;

export const OTP_RESEND_SECONDS = 30;
