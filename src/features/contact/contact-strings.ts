/** The contact form's texts (spec sections 2, 8 and 9). */
export const CONTACT_FORM_HEADING = 'Send us a Message';
export const CONTACT_SENDING_LABEL = 'Sending...';
export const CONTACT_THANK_YOU = "Thank you for your message! We'll get back to you within 24 hours.";
export const CONTACT_THANK_YOU_NOTE = 'This message will be shown for a week from your submission date.';
export const CONTACT_FAILED_MESSAGE = 'An unexpected error occurred. Please try again.';
/** The panel's fallback when the message never reached the server (offline, blocked, client failed to load). */
export const CONTACT_NOT_SENT_MESSAGE = 'Sorry, there was an error sending your message. Please try again.';
/** After a failed send the red panel gives way to the form again. */
export const CONTACT_ERROR_RESET_MS = 5000;

/** The business behind the storefront, as shown beside the form. */
export const STORE_CONTACT = {
  company: 'MediKart Health Private Limited',
  city: 'Bengaluru',
  email: 'support@medikart.example',
  phone: '+91 80 4000 0000',
} as const;
