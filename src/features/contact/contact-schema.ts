import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_SUBJECT_VALUES, type ContactField } from './contact-fields';
import { contact } from '../../domain/strings/english/contact';
import { fill } from '../../domain/strings/format';


/**
 * What the form sends to contact_submissions: name, email, phone and message trimmed, an empty
 * phone sent as null. Limits apply to the trimmed text, which is what is stored.
 */
export const contactSubmissionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, contact.nameMissing)
    .max(CONTACT_LIMITS.name, fill(contact.nameTooLong, { max: CONTACT_LIMITS.name })),
  email: z
    .string()
    .trim()
    .min(1, contact.emailMissing)
    .max(CONTACT_LIMITS.email, fill(contact.emailTooLong, { max: CONTACT_LIMITS.email }))
    .pipe(z.email(contact.emailInvalid)),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, fill(contact.phoneTooLong, { max: CONTACT_LIMITS.phone }))
    .transform((phone) => (phone === '' ? null : phone)),
  subject: z.enum(CONTACT_SUBJECT_VALUES, { error: contact.subjectMissing }),
  message: z.string().trim().min(1, contact.messageMissing),
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
