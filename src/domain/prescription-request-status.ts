/**
 * The life of a prescription request (a customer's prescription photo the pharmacist turns into a
 * cart). This table is the source of truth: the trigger in
 * supabase/migrations/20261126000500_prescription_requests.sql enforces the same pairs, and
 * supabase/tests/prescription-requests.test.ts tries every pair from here against it.
 */

export const prescriptionRequestStatuses = ['submitted', 'in_review', 'proposed', 'approved', 'paid', 'rejected', 'expired'] as const;
export type PrescriptionRequestStatus = (typeof prescriptionRequestStatuses)[number];

/**
 * A pharmacist may hand a request back to the queue (in_review -> submitted). A customer who
 * approved but did not pay may change the lines again (approved -> proposed). Only a proposal
 * waiting for the customer expires: a request nobody has reviewed yet is the pharmacy's delay.
 */
export const prescriptionRequestTransitions: Readonly<Record<PrescriptionRequestStatus, readonly PrescriptionRequestStatus[]>> = {
  submitted: ['in_review', 'rejected'],
  in_review: ['submitted', 'proposed', 'rejected'],
  proposed: ['approved', 'expired'],
  approved: ['paid', 'proposed', 'expired'],
  paid: [],
  rejected: [],
  expired: [],
};

export function canMovePrescriptionRequest(from: PrescriptionRequestStatus, to: PrescriptionRequestStatus): boolean {
  return prescriptionRequestTransitions[from].includes(to);
}

/** RX-<YYMM of creation in India>-<sequence of at least 6 digits>, assigned by the database. */
export const prescriptionRequestNumberPattern = /^RX-[0-9]{4}-[0-9]{6,}$/;

/** Days a customer has to approve a proposal before it expires (the database uses the same). */
export const PROPOSAL_VALID_DAYS = 7;

/** How the customer and the desk read each status. */
export const prescriptionRequestStatusLabels: Readonly<Record<PrescriptionRequestStatus, string>> = {
  submitted: 'Received: waiting for a pharmacist',
  in_review: 'A pharmacist is reading your prescription',
  proposed: 'Ready for you to approve',
  approved: 'Approved: waiting for payment',
  paid: 'Paid: your order is being packed',
  rejected: 'Not accepted',
  expired: 'Expired',
};

/** What a pharmacist records for a prescribed item the customer will not get. */
export const unfilledLineReasons = ['unavailable', 'not_prescribed'] as const;
export type UnfilledLineReason = (typeof unfilledLineReasons)[number];
