import { describe, expect, it } from 'vitest';
import { authErrorMessage, SIGNUP_ERRORS } from './auth-errors';

describe('auth failures in one sentence', () => {
  it('names weak passwords, taken emails, rate limits and network failures', () => {
    expect(authErrorMessage({ name: 'AuthWeakPasswordError', code: 'weak_password', status: 422, message: 'Password should be at least 8 characters.' })).toBe(SIGNUP_ERRORS.weakPassword);
    expect(authErrorMessage({ name: 'AuthApiError', code: 'email_exists', status: 422, message: 'A user with this email address has already been registered' })).toBe(SIGNUP_ERRORS.alreadyRegistered);
    expect(authErrorMessage({ name: 'AuthApiError', code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes...' })).toBe(SIGNUP_ERRORS.rateLimited);
    expect(authErrorMessage({ name: 'AuthApiError', status: 429, message: 'Too many requests' })).toBe(SIGNUP_ERRORS.rateLimited);
    expect(authErrorMessage({ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' })).toBe(SIGNUP_ERRORS.network);
    expect(authErrorMessage(new TypeError('Failed to fetch'))).toBe(SIGNUP_ERRORS.network);
    expect(authErrorMessage({ name: 'AuthApiError', code: 'validation_failed', status: 400, message: 'Invalid phone number format (E.164 required)' })).toBe(SIGNUP_ERRORS.invalidMobile);
  });

  it("passes on the server's own sentence for anything else", () => {
    expect(authErrorMessage({ name: 'AuthApiError', code: 'email_not_confirmed', status: 400, message: 'Email not confirmed' })).toBe('Email not confirmed');
  });
});
