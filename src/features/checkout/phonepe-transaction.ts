import { paiseFromRupees, rupeesText } from '../../domain/money';
import { PAYMENT_METHODS, type PaymentMethod } from '../cart/public';

/** sessionStorage keys of a PhonePe payment in flight: they survive the trip to PhonePe and back. */
export const PHONEPE_STORAGE_KEYS = {
  transactionId: 'phonepe-merchant-transaction-id',
  total: 'phonepe-payment-total',
  method: 'phonepe-payment-method',
  returnPath: 'phonepe-return-path',
} as const;

/** Where a PhonePe payment comes back to unless it started elsewhere (spec: the cart verifies it). */
export const CART_PATH = '/cart';

export interface PendingPhonePePayment {
  merchantTransactionId: string;
  /** The total as the customer saw it when leaving for PhonePe (stored as the spec's rupees). */
  totalPaise: number;
  method: PaymentMethod;
  /**
   * The page the customer paid from, which the callback page returns to and which alone verifies
   * the payment: /cart, or a prescription request's page (whose cart is not the shopping cart).
   */
  returnPath: string;
}

/** A path on this site (never another origin, which '//host' or '/\host' would be), else the cart. */
export function returnPathOf(text: string | null): string {
  return text && text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\') ? text : CART_PATH;
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
  storage.setItem(PHONEPE_STORAGE_KEYS.returnPath, payment.returnPath);
}

/**
 * The stored payment, or null when there is none (or it was tampered into nonsense). Given a page's
 * path, only a payment that started on that page: /cart must not verify (and empty the shopping cart
 * for) a prescription request's payment, nor the request page the cart's. Plain checks rather than
 * zod: this runs as /cart loads, and zod would be most of that page's script.
 */
export function readPendingPayment(storage: Storage, page?: string): PendingPhonePePayment | null {
  const merchantTransactionId = storage.getItem(PHONEPE_STORAGE_KEYS.transactionId);
  const totalText = storage.getItem(PHONEPE_STORAGE_KEYS.total);
  const method = PAYMENT_METHODS.find((option) => option.value === storage.getItem(PHONEPE_STORAGE_KEYS.method))?.value;
  const totalPaise = totalText === null ? null : paiseFromRupees(totalText);
  // A payment stored before pages other than the cart could pay has no return path: it is the cart's.
  const returnPath = returnPathOf(storage.getItem(PHONEPE_STORAGE_KEYS.returnPath));
  if (!merchantTransactionId || totalPaise === null || !method) return null;
  if (page !== undefined && page !== returnPath) return null;
  return { merchantTransactionId, totalPaise, method, returnPath };
}

export function clearPendingPayment(storage: Storage): void {
  for (const key of Object.values(PHONEPE_STORAGE_KEYS)) storage.removeItem(key);
}
