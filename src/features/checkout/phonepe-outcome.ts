import type { PhonePeVerifyResponse } from '../../domain/payment-contract';
import { phonePeStateFailed, words } from './checkout-strings';

/**
 * What a PhonePe verify reply means for the customer. `final` says whether the stored payment may be
 * forgotten: a pending payment stays stored so it can be checked again.
 */
export type PhonePeOutcome =
  | { kind: 'verified'; message: string; final: true }
  | { kind: 'pending'; message: string; final: false }
  | { kind: 'failed'; message: string; final: boolean };

/** The reply was already checked against the contract by the payment API (an off-contract one throws there). */
export function phonePeOutcome({ verified, data }: PhonePeVerifyResponse): PhonePeOutcome {
  if (verified && data.state === 'COMPLETED') return { kind: 'verified', message: words().phonePeVerified, final: true };
  if (data.state === 'PENDING') return { kind: 'pending', message: words().phonePePending, final: false };
  if (data.state === 'FAILED') return { kind: 'failed', message: phonePeStateFailed(data.state, data.responseCode), final: true };
  return { kind: 'failed', message: words().phonePeDeclined, final: true };
}
