import type { DeliveryContent, DeliveryZone } from './delivery-content';
import { pinCodeSchema } from './delivery-content';
import { deliveryStrings } from './delivery-strings';
import type { DeliveryRoute } from './shipping-route';

export { pinCodeSchema };

/** Delivery promises are counted in India's calendar, whatever the server's or browser's zone. */
const INDIA_TIME_ZONE = 'Asia/Kolkata';
const SUNDAY = 0;

const indiaCalendarDay = new Intl.DateTimeFormat('en-CA', { timeZone: INDIA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The answer to "do you deliver to this PIN code?": the route (own zone or courier), the promise and its sentence, or why not. */
export type PinCodeCheck =
  | { serviceable: true; pinCode: string; zone: DeliveryRoute; promisedDate: string; codAllowed: boolean; message: string }
  | { serviceable: false; message: string };

/** An own zone as a route: the pharmacy's riders, no courier. */
export function ownZoneRoute(zone: DeliveryZone): DeliveryRoute {
  return { provider: 'own-zone', id: zone.id, name: zone.name, codAllowed: zone.codAllowed, courier: null };
}

/** The calendar date in India at this instant, as YYYY-MM-DD. */
export function indiaDate(now: Date): string {
  return indiaCalendarDay.format(now);
}

function toUtcNoon(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/**
 * The date `businessDays` business days after the order day (the order day itself never counts).
 * Business days are Monday to Saturday minus the content's non-delivery dates.
 */
export function addBusinessDays(orderDate: string, businessDays: number, nonDeliveryDates: readonly string[]): string {
  const closed = new Set(nonDeliveryDates);
  const day = toUtcNoon(orderDate);
  let counted = 0;
  while (counted < businessDays) {
    day.setUTCDate(day.getUTCDate() + 1);
    const date = day.toISOString().slice(0, 10);
    if (day.getUTCDay() !== SUNDAY && !closed.has(date)) counted += 1;
  }
  return day.toISOString().slice(0, 10);
}

const longDateParts = new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });

/** "Delivery by Tuesday, 24 November" for the date 2026-11-24. */
export function deliveryBySentence(promisedDate: string): string {
  const parts = longDateParts.formatToParts(toUtcNoon(promisedDate));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return deliveryStrings.deliveryBy(`${part('weekday')}, ${part('day')} ${part('month')}`);
}

export function zoneOfPinCode(pinCode: string, content: DeliveryContent): DeliveryZone | undefined {
  const value = Number(pinCode);
  return content.zones.find((zone) => zone.pinCodes.some((range) => range.first <= value && value <= range.last));
}

/**
 * The PIN-code check against the pharmacy's own zones, answered at once in the browser and repeated
 * by the server: a PIN code no zone claims is not served by the shop's riders (a courier may still
 * serve it: src/features/shipping asks).
 */
export function checkPinCode(pin: string, content: DeliveryContent, now: Date): PinCodeCheck {
  const parsed = pinCodeSchema.safeParse(pin);
  if (!parsed.success) return { serviceable: false, message: deliveryStrings.invalidPinCode };
  const pinCode = parsed.data;
  const zone = zoneOfPinCode(pinCode, content);
  if (!zone) return { serviceable: false, message: deliveryStrings.notServiceable(pinCode) };
  const promisedDate = addBusinessDays(indiaDate(now), zone.deliveryBusinessDays, content.nonDeliveryDates);
  return { serviceable: true, pinCode, zone: ownZoneRoute(zone), promisedDate, codAllowed: zone.codAllowed, message: deliveryBySentence(promisedDate) };
}

export interface CodLine {
  name: string;
  codAvailable: boolean;
}

export type CodEligibility = { allowed: true } | { allowed: false; reason: string };

/** Cash on delivery needs every line to allow it, a zone that offers it, and a total within the limit. */
export function codEligibility(lines: readonly CodLine[], zone: Pick<DeliveryZone, 'codAllowed'>, totalPaise: number, limitPaise: number): CodEligibility {
  const excluded = lines.find((line) => !line.codAvailable);
  if (excluded) return { allowed: false, reason: deliveryStrings.codNotForProduct(excluded.name) };
  if (!zone.codAllowed) return { allowed: false, reason: deliveryStrings.codNotInArea };
  if (totalPaise > limitPaise) return { allowed: false, reason: deliveryStrings.codAboveLimit(limitPaise) };
  return { allowed: true };
}
