import { phonePeVerifyFailed, words } from './checkout-strings';
import { PaymentApiError } from './payment-api';
import { phonePeOutcome, type PhonePeOutcome } from './phonepe-outcome';
import { CART_PATH, type PendingPhonePePayment } from './phonepe-transaction';
import type { PhonePeVerifyResponse } from '../../domain/payment-contract';

/** How long the callback page shows its answer before returning to /cart (spec: 3 s). */
export const CALLBACK_REDIRECT_MS = 3000;

/** The id PhonePe sends back in the address, else the one stored before leaving. */
export function callbackTransactionId(search: string, stored: string | null): string | null {
  return new URLSearchParams(search).get('merchantTransactionId') || stored;
}

/**
 * Where the callback page goes after its answer, and the sentence that says so: the page the stored
 * payment started on when it is this transaction, else the cart (the spec's return).
 */
export function callbackReturn(transactionId: string | null, stored: PendingPhonePePayment | null): { path: string; sentence: string } {
  const path = stored && stored.merchantTransactionId === transactionId ? stored.returnPath : CART_PATH;
  return { path, sentence: path === CART_PATH ? words().returningToCart : words().returningToRequest };
}

/**
 * The callback page's answer. It only reports: the page the payment started on verifies again
 * (idempotently) and is the one that empties its cart and forgets the stored payment.
 */
export async function callbackOutcome(transactionId: string | null, verify: (id: string) => Promise<PhonePeVerifyResponse>): Promise<PhonePeOutcome> {
  if (!transactionId) return { kind: 'failed', message: words().noTransactionId, final: true };
  try {
    return phonePeOutcome(await verify(transactionId));
  } catch (error) {
    console.error('PhonePe verification failed', error);
    const message = error instanceof PaymentApiError ? error.message : phonePeVerifyFailed(0, String(error));
    return { kind: 'failed', message, final: false };
  }
}
