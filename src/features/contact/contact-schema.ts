import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_SUBJECT_VALUES, type ContactField } from './contact-fields';


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
  subject: z.enum(CONTACT_SUBJECT_VALUES, { error: 'Please choose a subject.' }),
  message: z.string().trim().min(1, 'Please enter your message.'),
});


/** Field name to its first error message, for showing each error next to its field. */
export function contactFieldErrors(error: z.ZodError): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}
