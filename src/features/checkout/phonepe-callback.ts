import { NO_TRANSACTION_ID, phonePeVerifyFailed } from './checkout-strings';
import { PaymentApiError } from './payment-api';
import { phonePeOutcome, type PhonePeOutcome } from './phonepe-outcome';
import type { PhonePeVerifyResponse } from '../../domain/payment-contract';

/** How long the callback page shows its answer before returning to /cart (spec: 3 s). */
export const CALLBACK_REDIRECT_MS = 3000;

/** The id PhonePe sends back in the address, else the one stored before leaving. */
export function callbackTransactionId(search: string, stored: string | null): string | null {
  return new URLSearchParams(search).get('merchantTransactionId') || stored;
}

/**
 * The callback page's answer. It only reports: the cart page verifies again (idempotently) and is
 * the one that empties the cart and forgets the stored payment.
 */
export async function callbackOutcome(transactionId: string | null, verify: (id: string) => Promise<PhonePeVerifyResponse>): Promise<PhonePeOutcome> {
  if (!transactionId) return { kind: 'failed', message: NO_TRANSACTION_ID, final: true };
  try {
    return phonePeOutcome(await verify(transactionId));
  } catch (error) {
    console.error('PhonePe verification failed', error);
    const message = error instanceof PaymentApiError ? error.message : phonePeVerifyFailed(0, String(error));
    return { kind: 'failed', message, final: false };
  }
}
