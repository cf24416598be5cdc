/**
 * How an order reaches a PIN code, apart from shipping.ts so the PIN-code check (delivery.ts) and
 * the shipping rules can both name it without importing each other.
 */

export const shippingProviders = ['own-zone', 'shiprocket'] as const;
export type ShippingProvider = (typeof shippingProviders)[number];

/** One courier's offer for a PIN code, as the aggregator quoted it (rate in paise). */
export interface CourierQuote {
  courierId: number;
  name: string;
  /** The courier's estimate from pickup to the door, in days. */
  etaDays: number;
  ratePaise: number;
  cod: boolean;
}

/** How the owner picks among the couriers that serve a PIN code. */
export type CourierRule = { rule: 'cheapest' } | { rule: 'fastest' } | { rule: 'preferred'; courier: string };

/**
 * How an order reaches a PIN code: an own zone, or a courier through the aggregator. `id` is what
 * the order records (orders.delivery_zone_id): the zone's id, or the provider's name.
 */
export interface DeliveryRoute {
  provider: ShippingProvider;
  id: string;
  name: string;
  codAllowed: boolean;
  /** The courier chosen for the promise; null for an own zone. */
  courier: CourierQuote | null;
}

