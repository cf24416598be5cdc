import { auth as englishAuth } from '../../domain/strings/english/auth';
import { fill } from '../../domain/strings/format';

/** Texts and timings of signing in with a code sent by SMS; the text is in the strings tables. */
const text = englishAuth;
export const OTP_SENT = (mobile: string) => fill(text.otpSent, { mobile });

export const OTP_ERRORS = {
  wrong: text.otpWrong,
  expired: text.otpExpired,
  used: text.otpUsed,
  format: text.otpFormat,
  noAccount: text.otpNoAccount,
} as const;

/** How long a texted code lasts (supabase/config.toml [auth.sms] otp_expiry) and when a new one may be sent. */
export const OTP_LIFETIME_MS = 5 * 60_000;

export const OTP_RESEND_SECONDS = 30;
