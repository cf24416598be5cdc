import { phonePeVerifyResponseSchema } from './server/contract';
import { PHONEPE_DECLINED, PHONEPE_PENDING, PHONEPE_VERIFIED, phonePeStateFailed } from './checkout-strings';

/**
 * What a PhonePe verify reply means for the customer. `final` says whether the stored payment may be
 * forgotten: a pending payment stays stored so it can be checked again.
 */
export type PhonePeOutcome =
  | { kind: 'verified'; message: string; final: true }
  | { kind: 'pending'; message: string; final: false }
  | { kind: 'failed'; message: string; final: boolean };

export function phonePeOutcome(reply: unknown): PhonePeOutcome {
  const parsed = phonePeVerifyResponseSchema.safeParse(reply);
  if (!parsed.success) return { kind: 'failed', message: PHONEPE_DECLINED, final: true };
  const { verified, data } = parsed.data;
  if (verified && data.state === 'COMPLETED') return { kind: 'verified', message: PHONEPE_VERIFIED, final: true };
  if (data.state === 'PENDING') return { kind: 'pending', message: PHONEPE_PENDING, final: false };
  return { kind: 'failed', message: phonePeStateFailed(data.state, data.responseCode), final: true };
}
