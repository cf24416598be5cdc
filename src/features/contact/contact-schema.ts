import { z } from 'zod';

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

const subjectValues = CONTACT_SUBJECTS.map((subject) => subject.value) as [
  (typeof CONTACT_SUBJECTS)[number]['value'],
  ...(typeof CONTACT_SUBJECTS)[number]['value'][],
];

export const CONTACT_LIMITS = { name: 100, email: 255, phone: 20 } as const;

/**
 * What the form sends to contact_submissions: name, email, phone and message trimmed, an empty
 * phone sent as null. Limits apply to the trimmed text, which is what is stored.
 */
export const contactSubmissionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your full name.')
    .max(CONTACT_LIMITS.name, `Full name must be at most ${CONTACT_LIMITS.name} characters.`),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your email address.')
    .max(CONTACT_LIMITS.email, `Email must be at most ${CONTACT_LIMITS.email} characters.`)
    .pipe(z.email('Please enter a valid email address.')),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, `Phone must be at most ${CONTACT_LIMITS.phone} characters.`)
    .transform((phone) => (phone === '' ? null : phone)),
  subject: z.enum(subjectValues, { error: 'Please choose a subject.' }),
  message: z.string().trim().min(1, 'Please enter your message.'),
});

export type ContactField = keyof z.input<typeof contactSubmissionSchema>;
/** What the form holds while typing: every field as text, the subject empty until chosen. */
export type ContactFormValues = Record<ContactField, string>;

/** Field name to its first error message, for showing each error next to its field. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}
