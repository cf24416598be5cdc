import { z } from 'zod';
import { address } from './strings/english/address';

import { ADDRESS_LABELS, INDIAN_STATES } from './address-options';

export { ADDRESS_LABELS, INDIAN_STATES, type AddressLabel, type IndianState } from './address-options';
export { MAX_ADDRESSES } from './address-limit';
export { formatAddress } from './address-format';
export { formatIndianMobile, localMobileDigits } from './indian-mobile';

/**
 * A delivery address in India, as the customer types it and as public.addresses stores it. The
 * table's checks (supabase/migrations/20261123000200_customer_accounts.sql) mirror this schema:
 * change both together. Checkout reuses it for the address an order ships to.
 */

/** Each field's message (the strings tables' address section, English). */
export const ADDRESS_MESSAGES = address;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/**
 * An Indian mobile number typed as 10 digits (spaces, a leading +91, 91 or 0 allowed), stored
 * E.164: +91 followed by 10 digits starting 6-9.
 */
export const indianMobileSchema = z
  .string()
  .transform((value) => digitsOnly(value).replace(/^(?:\+?91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, ADDRESS_MESSAGES.mobile))
  .transform((digits) => `+91${digits}`);

const text = (required: string, max: number, tooLong: string) => z.string().trim().min(1, required).max(max, tooLong);

export const addressSchema = z.object({
  full_name: text(ADDRESS_MESSAGES.fullName, 100, ADDRESS_MESSAGES.fullNameTooLong),
  mobile: indianMobileSchema,
  line1: text(ADDRESS_MESSAGES.line1, 200, ADDRESS_MESSAGES.line1TooLong),
  area: text(ADDRESS_MESSAGES.area, 100, ADDRESS_MESSAGES.tooLong),
  landmark: z
    .string()
    .trim()
    .max(100, ADDRESS_MESSAGES.tooLong)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null),
  city: text(ADDRESS_MESSAGES.city, 100, ADDRESS_MESSAGES.tooLong),
  state: z.enum(INDIAN_STATES, { error: ADDRESS_MESSAGES.state }),
  pin_code: z.string().trim().regex(/^[1-9]\d{5}$/, ADDRESS_MESSAGES.pinCode),
  label: z.enum(ADDRESS_LABELS, { error: ADDRESS_MESSAGES.label }).default('Home'),
  is_default: z.boolean().default(false),
});

/** What the form sends in (strings as typed). */
export type AddressInput = z.input<typeof addressSchema>;
/** A valid address, ready for public.addresses. */
export type Address = z.output<typeof addressSchema>;
/** A saved row. */
export type SavedAddress = Address & { id: string; created_at: string };

export type AddressField = keyof Address;

/** The first message for each field that is wrong, for showing beside the field. */
export function addressErrors(error: z.ZodError): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as AddressField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
