import type { PinCodeCheck } from '../../domain/delivery';
import { deliveryStrings, deliveryStringsIn } from '../../domain/delivery-strings';
import { formatDate } from '../../domain/strings/format';
import type { StringTable } from '../../domain/strings/table';

type DeliveryText = StringTable['delivery'];

/**
 * The delivery check's sentences in the page's language. The check itself (domain/delivery.ts) writes
 * English; these say the same thing from what it found, so the rule stays in one place.
 */
export function pinCodeSentence(check: PinCodeCheck, pinCode: string, text: DeliveryText, locale: string): string {
  const local = deliveryStringsIn(text);
  if (check.serviceable) {
    const when = formatDate(new Date(`${check.promisedDate}T12:00:00Z`), { locale }, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    return local.deliveryBy(when);
  }
  // The courier provider could not be asked (src/features/delivery/courier-check.ts): try again, not "no".
  if (check.message === deliveryStrings.checkUnavailable(pinCode.trim())) return local.checkUnavailable(pinCode.trim());
  return check.message === deliveryStrings.invalidPinCode ? local.invalidPinCode : local.notServiceable(pinCode.trim());
}

/** Why cash on delivery is not offered, in the page's language (the check's English reason, said again). */
export function codReasonIn(reason: string, productNames: readonly string[], limitPaise: number, text: DeliveryText): string {
  const local = deliveryStringsIn(text);
  if (reason === deliveryStrings.codNotInArea) return local.codNotInArea;
  if (reason === deliveryStrings.codAboveLimit(limitPaise)) return local.codAboveLimit(limitPaise);
  if (reason === deliveryStrings.codNeedsPinCode) return local.codNeedsPinCode;
  const name = productNames.find((candidate) => reason === deliveryStrings.codNotForProduct(candidate));
  return name === undefined ? reason : local.codNotForProduct(name);
}
