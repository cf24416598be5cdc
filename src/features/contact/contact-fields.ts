/** The contact form's fields, subjects and limits: what the form renders before any validation code loads. */

/** The contact form's subjects: stored value and the label the dropdown shows (spec section 5). */
export const CONTACT_SUBJECTS = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'order', label: 'Order Support' },
  { value: 'technical', label: 'Technical Issue' },
  { value: 'prescription', label: 'Prescription Help' },
  { value: 'billing', label: 'Billing Question' },
  { value: 'partnership', label: 'Partnership Opportunity' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'other', label: 'Other' },
] as const;

export const CONTACT_SUBJECT_VALUES = CONTACT_SUBJECTS.map((subject) => subject.value) as [
  (typeof CONTACT_SUBJECTS)[number]['value'],
  ...(typeof CONTACT_SUBJECTS)[number]['value'][],
];

export const CONTACT_LIMITS = { name: 100, email: 255, phone: 20 } as const;

export type ContactField = 'name' | 'email' | 'phone' | 'subject' | 'message';
/** What the form holds while typing: every field as text, the subject empty until chosen. */
export type ContactFormValues = Record<ContactField, string>;
