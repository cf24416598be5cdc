/** After a failed send the red panel gives way to the form again. */
export const CONTACT_ERROR_RESET_MS = 5000;

/** The business behind the storefront, as shown beside the form. */
export const STORE_CONTACT = {
  company: 'MediKart Health Private Limited',
  city: 'Bengaluru',
  email: 'support@medikart.example',
  phone: '+91 80 4000 0000',
} as const;
