import { addressErrors, type SavedAddress } from '../../domain/address';
import { checkPinCode, codEligibility, type CodLine, type PinCodeCheck } from '../../domain/delivery';
import type { DeliveryContent } from '../../domain/delivery-content';
import { deliveryDetailsSchema, GUEST_EMAIL_MESSAGE, type DeliveryDetailsInput } from '../../domain/payment-contract';

export const DELIVERY_FIELDS = ['full_name', 'mobile', 'line1', 'area', 'landmark', 'city', 'state', 'pin_code', 'email'] as const;
export type DeliveryField = (typeof DELIVERY_FIELDS)[number];
export type DeliveryValues = Record<DeliveryField, string>;

export const emptyDeliveryValues: DeliveryValues = { full_name: '', mobile: '', line1: '', area: '', landmark: '', city: '', state: '', pin_code: '', email: '' };

export interface DeliveryReading {
  details: DeliveryDetailsInput | null;
  errors: Partial<Record<DeliveryField, string>>;
  check: PinCodeCheck | null;
}

/**
 * Reads the form with the same schema the server uses: the details when all is valid, else each
 * field's first error; a guest must give an email. The PIN code is checked as soon as it has 6 digits.
 */
export function readDeliveryForm(values: DeliveryValues, guest: boolean, content: DeliveryContent, now: Date): DeliveryReading {
  const input: DeliveryDetailsInput = { ...values, email: values.email.trim() === '' ? undefined : values.email.trim() } as DeliveryDetailsInput;
  const parsed = deliveryDetailsSchema.safeParse(input);
  // addressErrors keys each first message by its field, the email included.
  const errors = (parsed.success ? {} : addressErrors(parsed.error)) as Partial<Record<DeliveryField, string>>;
  if (guest && !input.email) errors.email = GUEST_EMAIL_MESSAGE;
  const check = /^\d{6}$/.test(values.pin_code.trim()) ? checkPinCode(values.pin_code, content, now) : null;
  const valid = Object.keys(errors).length === 0;
  return { details: valid ? input : null, errors, check };
}

/** Why cash on delivery cannot take this order, or null: it needs a PIN code we deliver to first. */
export function codRefusalOf(check: PinCodeCheck | null, lines: readonly CodLine[], totalPaise: number, content: DeliveryContent, needsPinCode: string): string | null {
  if (!check?.serviceable) return needsPinCode;
  const eligibility = codEligibility(lines, check.zone, totalPaise, content.codLimitPaise);
  return eligibility.allowed ? null : eligibility.reason;
}

/** A saved address as the order's details (the account's email tells the customer about the order). */
export function savedAddressDetails(address: SavedAddress, email: string | null): DeliveryDetailsInput {
  const { full_name, mobile, line1, area, landmark, city, state, pin_code } = address;
  return { full_name, mobile, line1, area, landmark, city, state, pin_code, ...(email ? { email } : {}) };
}

