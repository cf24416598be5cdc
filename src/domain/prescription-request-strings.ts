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
