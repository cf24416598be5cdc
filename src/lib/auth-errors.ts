import type { AuthError } from '@supabase/supabase-js';
import { SIGNUP_ERRORS, type AuthErrorSentences } from './auth-error-sentences';

export { SIGNUP_ERRORS };

/** Whether a failure was the network (fetch failed or auth-js retried without an answer). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const auth = error as Partial<AuthError> | null;
  return auth?.name === 'AuthRetryableFetchError' && (auth.status === 0 || auth.status === undefined);
}

/** One clear sentence for an auth failure, by GoTrue's error code, in the page's language (`sentences`); the server's own text otherwise. */
export function authErrorMessage(error: unknown, sentences: AuthErrorSentences = SIGNUP_ERRORS): string {
  if (isNetworkFailure(error)) return sentences.network;
  const auth = error as Partial<AuthError> | null;
  switch (auth?.code) {
    case 'weak_password':
      return sentences.weakPassword;
    case 'user_already_exists':
    case 'email_exists':
      return sentences.alreadyRegistered;
    case 'over_email_send_rate_limit':
    case 'over_sms_send_rate_limit':
    case 'over_request_rate_limit':
      return sentences.rateLimited;
    case 'validation_failed':
      return /phone/i.test(auth.message ?? '') ? sentences.invalidMobile : auth.message || sentences.unknown;
    default:
      if (auth?.status === 429) return sentences.rateLimited;
      return auth?.message || sentences.unknown;
  }
}
