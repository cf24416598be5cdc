import type { AuthError } from '@supabase/supabase-js';
import { SIGNUP_ERRORS } from './auth-error-sentences';

export { SIGNUP_ERRORS };

/** Whether a failure was the network (fetch failed or auth-js retried without an answer). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const auth = error as Partial<AuthError> | null;
  return auth?.name === 'AuthRetryableFetchError' && (auth.status === 0 || auth.status === undefined);
}

/** One clear sentence for an auth failure, by GoTrue's error code; the server's own text otherwise. */
export function authErrorMessage(error: unknown): string {
  if (isNetworkFailure(error)) return SIGNUP_ERRORS.network;
  const auth = error as Partial<AuthError> | null;
  switch (auth?.code) {
    case 'weak_password':
      return SIGNUP_ERRORS.weakPassword;
    case 'user_already_exists':
    case 'email_exists':
      return SIGNUP_ERRORS.alreadyRegistered;
    case 'over_email_send_rate_limit':
    case 'over_sms_send_rate_limit':
    case 'over_request_rate_limit':
      return SIGNUP_ERRORS.rateLimited;
    case 'validation_failed':
      return /phone/i.test(auth.message ?? '') ? SIGNUP_ERRORS.invalidMobile : auth.message || SIGNUP_ERRORS.unknown;
    default:
      if (auth?.status === 429) return SIGNUP_ERRORS.rateLimited;
      return auth?.message || SIGNUP_ERRORS.unknown;
  }
}
