import { z } from 'zod';
import { indianMobileSchema } from '../../domain/address';
import { FIELD_ERRORS } from './signup-strings';

/** Supabase's password rule as configured (minimum 8, letters and digits). */
export const passwordSchema = z
  .string()
  .min(8, FIELD_ERRORS.password)
  .regex(/[A-Za-z]/, FIELD_ERRORS.password)
  .regex(/\d/, FIELD_ERRORS.password);

export const signUpSchema = z.object({
  full_name: z.string().trim().min(1, FIELD_ERRORS.fullName).max(100, FIELD_ERRORS.fullName),
  email: z.email(FIELD_ERRORS.email),
  mobile: indianMobileSchema,
  password: passwordSchema,
  terms: z.literal(true, { error: FIELD_ERRORS.terms }),
});
export type SignUp = z.output<typeof signUpSchema>;

export const newPasswordSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: FIELD_ERRORS.passwordsDiffer, path: ['confirm'] });

export const otpCodeSchema = z.string().trim().regex(/^\d{6}$/);

/** The account page's details; a customer may have no mobile number yet (left empty, nothing changes). */
export const profileSchema = z.object({
  full_name: z.string().trim().min(1, FIELD_ERRORS.fullName).max(100, FIELD_ERRORS.fullName),
  email: z.email(FIELD_ERRORS.email),
  mobile: z.union([z.literal('').transform(() => null), indianMobileSchema]),
});

/** The first message per field, for showing beside each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
