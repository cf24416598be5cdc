/** Customer-facing strings of ordering with a prescription. */
export const ORDER_WITH_PRESCRIPTION = 'Order with prescription';
export const ORDER_WITH_PRESCRIPTION_INTRO =
  'Upload a photo or PDF of your doctor\u2019s prescription. Our pharmacist reads it, builds your order and sends it to you to approve. Nothing is charged now.';
export const NOTE_LABEL = 'Note for the pharmacist (optional)';
export const NOTE_PLACEHOLDER = 'For example: all medicines for 30 days';
export const CHOOSE_FILES = 'Prescription photos or PDFs';
export const SEND_REQUEST = 'Send to pharmacist';
export const SENDING_REQUEST = 'Sending...';
export const NO_FILE_CHOSEN = 'Add a photo or PDF of your prescription.';
export const REMOVE_FILE = 'Remove';
export const REQUEST_NOT_SENT = 'Your request could not be sent. Your details and files are still here: please try again.';
export const REQUEST_NOT_FOUND = 'We could not find this prescription request. Check the link in your mail.';
export const REQUEST_CANNOT_SHOW = 'This request cannot be shown. Sign in to the account it was made from, or open the link in your mail.';
export const REQUEST_RECEIVED = 'We have your prescription';
export const EXPIRED_EXPLAINED = 'This request was not approved within 7 days, so it has expired. Upload your prescription again to order.';
export const PROPOSAL_HEADING = 'Medicines proposed by our pharmacist';
export const NOT_SUPPLIED_HEADING = 'Not included';
export const REMOVE_LINE = 'Remove';
export const RESTORE_LINE = 'Add back';
export const APPROVE_AND_PAY = 'Approve and pay';
/** The second online method's button, beside the first one's plain APPROVE_AND_PAY. */
export const APPROVE_AND_PAY_WITH = (method: string) => `Approve and pay with ${method}`;
export const CASH_ON_DELIVERY = 'Approve and pay cash on delivery';
export const NOTHING_KEPT = 'You have removed every medicine. Add one back to approve and pay.';
export const GOES_TO_REQUEST_ADDRESS = 'Your order goes to the address on this request, with the prescription our pharmacist has already checked.';
export const PAID_ORDER = 'Your order';

/** A cheaper medicine of the same salt offered on the proposal, pack for pack. */
export const SUBSTITUTE_OFFER = (name: string, each: string, saving: string) => `Same salt, cheaper: ${name} at ${each} each (you save ${saving}).`;
export const SWITCH_TO = (name: string) => `Switch to ${name}`;
export const SWITCHED_TO = (name: string, saving: string) => `Switched to ${name}, the same salt: you save ${saving}.`;
export const KEEP_PROPOSED = (name: string) => `Keep ${name}`;
