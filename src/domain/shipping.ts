/**
 * Shipping in the shop's terms, whichever provider carries the parcel: the pharmacy's own zones
 * (its riders, within the city) or a courier aggregator (Shiprocket: 25+ couriers, all India).
 * A PIN code is served by its own zone first; only a PIN code no zone claims asks the courier.
 */

import { addBusinessDays } from './delivery';
import type { CourierQuote, CourierRule, ShippingProvider } from './shipping-route';

export { shippingProviders, type CourierQuote, type CourierRule, type DeliveryRoute, type ShippingProvider } from './shipping-route';

/**
 * The courier the owner's rule picks: the cheapest (ties to the faster), the fastest (ties to the
 * cheaper), or the preferred one by name, falling back to the cheapest when it does not serve the
 * PIN code. With `cod`, only couriers that collect cash are considered.
 */
export function chooseCourier(couriers: readonly CourierQuote[], rule: CourierRule, options: { cod?: boolean } = {}): CourierQuote | null {
  const candidates = options.cod ? couriers.filter((courier) => courier.cod) : [...couriers];
  if (candidates.length === 0) return null;
  const cheapest = [...candidates].sort((a, b) => a.ratePaise - b.ratePaise || a.etaDays - b.etaDays)[0]!;
  if (rule.rule === 'cheapest') return cheapest;
  if (rule.rule === 'fastest') return [...candidates].sort((a, b) => a.etaDays - b.etaDays || a.ratePaise - b.ratePaise)[0]!;
  const wanted = rule.courier.trim().toLowerCase();
  return candidates.find((courier) => courier.name.toLowerCase() === wanted) ?? cheapest;
}

/**
 * The date promised to the customer: the pharmacy's packing time, then the courier's estimate,
 * both counted in business days after the order day (Sundays and the shop's holidays skipped,
 * as couriers do not deliver then).
 */
export function courierPromisedDate(orderDate: string, packingBusinessDays: number, courierEtaDays: number, nonDeliveryDates: readonly string[]): string {
  return addBusinessDays(orderDate, packingBusinessDays + courierEtaDays, nonDeliveryDates);
}

/** The parcel's journey in the shop's words; the provider's own codes map onto these. */
export const shipmentStatuses = [
  'booked',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivery_failed',
  'delivered',
  'rto_in_transit',
  'returned_to_origin',
  'cancelled',
  'lost',
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

export const shipmentStatusLabels: Readonly<Record<ShipmentStatus, string>> = {
  booked: 'Booked with the courier',
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivery_failed: 'Delivery attempt failed',
  delivered: 'Delivered',
  rto_in_transit: 'Returning to the pharmacy',
  returned_to_origin: 'Returned to the pharmacy',
  cancelled: 'Shipment cancelled',
  lost: 'Lost by the courier',
};

/** Where a status ends the parcel's journey: later scans of another status are recorded but never move it. */
export const finalShipmentStatuses: readonly ShipmentStatus[] = ['delivered', 'returned_to_origin', 'cancelled', 'lost'];

/**
 * Whether a tracking update may move a shipment from one status to another. Couriers send scans
 * late and out of order: a final status never moves; once returning, only the return's own
 * statuses follow; a forward parcel may go back to out for delivery after a failed attempt (the
 * reattempt), but never back to booked.
 */
export function canMoveShipment(from: ShipmentStatus, to: ShipmentStatus): boolean {
  if (from === to || finalShipmentStatuses.includes(from)) return false;
  if (from === 'rto_in_transit') return to === 'returned_to_origin' || to === 'lost';
  if (to === 'booked') return false;
  if (from === 'booked') return true;
  if (to === 'picked_up') return false;
  return true;
}

/** The courier's tracking page for an AWB: Shiprocket's public page works for every courier it books. */
export function trackingUrl(provider: ShippingProvider, awb: string): string | null {
  return provider === 'shiprocket' ? `https://shiprocket.co/tracking/${encodeURIComponent(awb)}` : null;
}

/** A scan as the order page shows it (time in ISO 8601, India time as the courier reported it). */
export interface TrackingScan {
  at: string;
  status: ShipmentStatus | null;
  activity: string;
  location: string;
}
