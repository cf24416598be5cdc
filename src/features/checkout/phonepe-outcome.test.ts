import { describe, expect, it } from 'vitest';
import { phonePeOutcome } from './phonepe-outcome';

describe('phonePeOutcome', () => {
  it('a completed payment is verified and final', () => {
    expect(phonePeOutcome({ verified: true, data: { state: 'COMPLETED', responseCode: 'PAYMENT_SUCCESS' } })).toEqual({
      kind: 'verified',
      message: 'Payment verified successfully! Order placed.',
      final: true,
    });
  });

  it('a pending payment is not final, so it can be checked again', () => {
    expect(phonePeOutcome({ verified: false, data: { state: 'PENDING', responseCode: 'PAYMENT_PENDING' } })).toEqual({
      kind: 'pending',
      message: 'Payment is still pending. Please wait...',
      final: false,
    });
  });

  it('a failed payment names the state and the response code', () => {
    expect(phonePeOutcome({ verified: false, data: { state: 'FAILED', responseCode: 'PAYMENT_ERROR' } })).toEqual({
      kind: 'failed',
      message: 'Payment verification failed. State: FAILED, Response: PAYMENT_ERROR',
      final: true,
    });
  });

  it('a completed state the server did not verify counts as declined', () => {
    expect(phonePeOutcome({ verified: false, data: { state: 'COMPLETED', responseCode: 'PAYMENT_SUCCESS' } })).toEqual({
      kind: 'failed',
      message: 'Payment verification failed or was declined',
      final: true,
    });
  });
});
