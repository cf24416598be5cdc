import { prescriptionRequest as englishPrescriptionRequest } from './strings/english/prescriptionRequest';
import { fill } from './strings/format';

/** Customer-facing strings of ordering with a prescription, from the strings tables. */
const text = englishPrescriptionRequest;
export const REQUEST_NOT_FOUND = text.notFound;
export const REQUEST_CANNOT_SHOW = text.cannotShow;
export const PROPOSAL_HEADING = text.proposalHeading;
export const NOT_SUPPLIED_HEADING = text.notSuppliedHeading;
export const REMOVE_LINE = text.removeLine;
export const RESTORE_LINE = text.restoreLine;
export const APPROVE_AND_PAY = text.approveAndPay;
/** The second online method's button, beside the first one's plain APPROVE_AND_PAY. */
export const APPROVE_AND_PAY_WITH = (method: string) => fill(text.approveAndPayWith, { method });
export const CASH_ON_DELIVERY = text.cashOnDelivery;
export const NOTHING_KEPT = text.nothingKept;
export const GOES_TO_REQUEST_ADDRESS = text.goesToRequestAddress;

/** A cheaper medicine of the same salt offered on the proposal, pack for pack. */
export const SUBSTITUTE_OFFER = (name: string, each: string, saving: string) => fill(text.substituteOffer, { name, each, saving });
export const SWITCH_TO = (name: string) => fill(text.switchTo, { name });
export const SWITCHED_TO = (name: string, saving: string) => fill(text.switchedTo, { name, saving });
export const KEEP_PROPOSED = (name: string) => fill(text.keepProposed, { name });
