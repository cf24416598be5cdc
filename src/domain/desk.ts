/** The pharmacy desk's rules, shared by the desk pages and the desk functions. */
import { linePaise, type OrderLine } from './order-line';
import type { OrderStatus } from './order-status';

export const staffRoles = ['pharmacist', 'support'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const isStaffRole = (role: string): role is StaffRole => staffRoles.some((staffRole) => staffRole === role);

/**
 * Everyone who signs in to the desk: the order staff, marketing, who see campaign sales only, and
 * the owner (or accountant), who sees the month's GST returns and the daily reports only.
 */
export const deskRoles = [...staffRoles, 'marketing', 'owner'] as const;
export type DeskRole = (typeof deskRoles)[number];

/** The desk page each role works on, named for the sentence a role sees on a page that is not theirs. */
export const deskHomes: Readonly<Record<DeskRole, { path: string; name: string }>> = {
  pharmacist: { path: '/desk', name: 'Order queue' },
  support: { path: '/desk', name: 'Order queue' },
  marketing: { path: '/desk/campaigns', name: 'Campaign sales' },
  owner: { path: '/desk/reports', name: 'Reports' },
};

export const rejectionReasons = ['illegible', 'expired', 'not_prescribed', 'quantity_exceeds', 'patient_details_missing', 'other'] as const;
/** A line rejected as Other needs a note: the desk says so beside the line before sending, and the review function refuses without one in the same words. */
export const OTHER_NEEDS_NOTE = 'Write a note when the reason is Other.';
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

/** Once it has left, the pharmacy may take it back (a parcel returned undelivered, or a return after delivery). */
export const returnableByStaff: readonly OrderStatus[] = ['shipped', 'delivered'];

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

/** PhonePe's merchantRefundId limit; Razorpay's idempotency header is as short or shorter in practice. */
export const MAX_REFUND_KEY_LENGTH = 63;

/**
 * The refund's idempotency key: the same rejected lines of one order are refunded once. The line
 * numbers are listed while they fit the providers' 63 characters; past that (many lines rejected)
 * the set is written as a bit mask in hex, one bit per line, so it stays short and one-to-one.
 */
export function rejectedLinesRefundKey(orderId: string, rejected: readonly number[]): string {
  const prefix = `rx-${orderId.replaceAll('-', '')}-`;
  const listed = `${prefix}${[...new Set(rejected)].sort((a, b) => a - b).join('_')}`;
  if (listed.length <= MAX_REFUND_KEY_LENGTH) return listed;
  const mask = rejected.reduce((bits, index) => bits | (1n << BigInt(index)), 0n);
  const masked = `${prefix}m${mask.toString(16)}`;
  if (masked.length > MAX_REFUND_KEY_LENGTH) throw new Error(`an order has at most 50 lines; line ${Math.max(...rejected)} cannot be refunded by key`);
  return masked;
}

/** A human age, e.g. "45 min" or "3 h 10 min". */
export function orderAge(sinceMs: number): string {
  const minutes = Math.max(0, Math.floor(sinceMs / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}
