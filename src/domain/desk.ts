/** The pharmacy desk's rules, shared by the desk pages and the desk functions. */
import { linePaise, type OrderLine } from './order-line';
import type { OrderStatus } from './order-status';

export const staffRoles = ['pharmacist', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const rejectionReasons = ['illegible', 'expired', 'not_prescribed', 'quantity_exceeds', 'patient_details_missing', 'other'] as const;
export type RejectionReason = (typeof rejectionReasons)[number];

export const rejectionReasonLabels: Readonly<Record<RejectionReason, string>> = {
  illegible: 'Prescription illegible',
  expired: 'Prescription expired',
  not_prescribed: 'Medicine not prescribed',
  quantity_exceeds: 'Quantity exceeds prescription',
  patient_details_missing: 'Patient details missing',
  other: 'Other',
};

/** Orders a pharmacist can still decide lines on ('placed' is an online payment still open). */
export const reviewStatuses: readonly OrderStatus[] = ['prescription_review'];

/** The fulfilment steps staff take, each from the one status it leaves. */
export const fulfilmentSteps = {
  packed: 'confirmed',
  shipped: 'packed',
  delivered: 'shipped',
} as const satisfies Partial<Record<OrderStatus, OrderStatus>>;
export type FulfilmentStep = keyof typeof fulfilmentSteps;

/** Staff may cancel an order until it leaves the pharmacy. */
export const cancellableByStaff: readonly OrderStatus[] = ['placed', 'prescription_review', 'confirmed', 'packed'];

/** Orders waiting longer than this are highlighted in the queue. */
export const REVIEW_TARGET_MS = 2 * 60 * 60 * 1000;

/** What the rejected lines cost the customer, in paise (each line's frozen charged price times quantity). */
export function rejectedLinesPaise(lines: readonly OrderLine[], rejected: readonly number[]): number {
  return rejected.reduce((sum, index) => {
    const line = lines[index];
    if (!line) throw new Error(`the order has no line ${index}`);
    return sum + linePaise(line);
  }, 0);
}

/** The refund's idempotency key: the same rejected lines of one order are refunded once. */
export function rejectedLinesRefundKey(orderId: string, rejected: readonly number[]): string {
  return `rx-${orderId.replaceAll('-', '')}-${[...rejected].sort((a, b) => a - b).join('_')}`;
}

/** A human age, e.g. "45 min" or "3 h 10 min". */
export function orderAge(sinceMs: number): string {
  const minutes = Math.max(0, Math.floor(sinceMs / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}
