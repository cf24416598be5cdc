import { contact as englishContact } from '../../domain/strings/english/contact';

/** The contact form's texts (spec sections 2, 8 and 9), from the strings tables. */
const text = englishContact;
export const CONTACT_FORM_HEADING = text.formHeading;
export const CONTACT_SENDING_LABEL = text.sending;
export const CONTACT_THANK_YOU = text.thankYou;
export const CONTACT_THANK_YOU_NOTE = text.thankYouNote;
export const CONTACT_FAILED_MESSAGE = text.failed;
/** The panel's fallback when the message never reached the server (offline, blocked, client failed to load). */
export const CONTACT_NOT_SENT_MESSAGE = text.notSent;
/** After a failed send the red panel gives way to the form again. */
export const CONTACT_ERROR_RESET_MS = 5000;

/** The business behind the storefront, as shown beside the form. */
export const STORE_CONTACT = {
  company: 'MediKart Health Private Limited',
  city: 'Bengaluru',
  email: 'support@medikart.example',
  phone: '+91 80 4000 0000',
} as const;
