import { paiseFromRupees, rupeesText } from '@/domain/money';
import { PAYMENT_METHODS, type PaymentMethod } from '@/features/cart/public';

/** sessionStorage keys of a PhonePe payment in flight: they survive the trip to PhonePe and back. */
export const PHONEPE_STORAGE_KEYS = {
  transactionId: 'phonepe-merchant-transaction-id',
  total: 'phonepe-payment-total',
  method: 'phonepe-payment-method',
} as const;

export interface PendingPhonePePayment {
  merchantTransactionId: string;
  /** The total as the customer saw it when leaving for PhonePe (stored as the spec's rupees). */
  totalPaise: number;
  method: PaymentMethod;
}

/** 'TXN_' + the time + random letters and digits: unique per attempt, within the contract's pattern. */
export function newMerchantTransactionId(now: number = Date.now(), random: () => number = Math.random): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const suffix = Array.from({ length: 8 }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
  return `TXN_${now}_${suffix}`;
}

export function storePendingPayment(storage: Storage, payment: PendingPhonePePayment): void {
  storage.setItem(PHONEPE_STORAGE_KEYS.transactionId, payment.merchantTransactionId);
  storage.setItem(PHONEPE_STORAGE_KEYS.total, rupeesText(payment.totalPaise));
  storage.setItem(PHONEPE_STORAGE_KEYS.method, payment.method);
}

/**
 * The stored payment, or null when there is none (or it was tampered into nonsense). Three plain
 * checks rather than zod: this runs as /cart loads, and zod would be most of that page's script.
 */
export function readPendingPayment(storage: Storage): PendingPhonePePayment | null {
  const merchantTransactionId = storage.getItem(PHONEPE_STORAGE_KEYS.transactionId);
  const totalText = storage.getItem(PHONEPE_STORAGE_KEYS.total);
  const method = PAYMENT_METHODS.find((option) => option.value === storage.getItem(PHONEPE_STORAGE_KEYS.method))?.value;
  const totalPaise = totalText === null ? null : paiseFromRupees(totalText);
  if (!merchantTransactionId || totalPaise === null || !method) return null;
  return { merchantTransactionId, totalPaise, method };
}

export function clearPendingPayment(storage: Storage): void {
  for (const key of Object.values(PHONEPE_STORAGE_KEYS)) storage.removeItem(key);
}
