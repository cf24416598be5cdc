import type { CourierQuote, ShipmentStatus, ShippingProvider, TrackingScan } from '../../../domain/shipping';

/**
 * What the shop asks of a courier provider, in its own terms; the Shiprocket client is the first
 * adapter (shiprocket.ts) and the pharmacy's own zones need none (they are answered from content).
 */
export interface CourierAdapter {
  provider: Exclude<ShippingProvider, 'own-zone'>;
  /** The couriers serving a delivery PIN code from the pickup location; none when nobody does. */
  serviceability(query: { pinCode: string; weightGrams: number; cod: boolean }): Promise<CourierQuote[]>;
  /** Creates (or, for the same order number, finds) the provider's order and shipment. */
  createShipment(order: ShipmentOrder): Promise<{ providerOrderId: string; providerShipmentId: string }>;
  assignAwb(providerShipmentId: string, courierId: number): Promise<{ awb: string; courierId: number; courierName: string }>;
  /** The label PDF's address. */
  label(providerShipmentId: string): Promise<string>;
  /** Asks the courier to collect these shipments: one request for a day's batch. */
  requestPickup(providerShipmentIds: readonly string[]): Promise<{ pickupDate: string | null; token: string | null }>;
  /** The manifest PDF's address for a batch handed over together. */
  manifest(providerShipmentIds: readonly string[]): Promise<string>;
  track(awb: string): Promise<TrackingUpdate>;
  cancel(providerOrderId: string): Promise<void>;
  /** The customer's answer to a failed delivery: try again, or send it back. */
  ndrAction(awb: string, action: 'reattempt' | 'return', comment: string): Promise<void>;
  /** Books a reverse pickup from the customer back to the pharmacy. */
  createReturn(order: ShipmentOrder & { reason: string }): Promise<{ providerOrderId: string; providerShipmentId: string }>;
}

/** The parcel as the shop describes it to the provider (amounts in paise, weight in grams). */
export interface ShipmentOrder {
  orderNumber: string;
  /** YYYY-MM-DD HH:mm in India. */
  orderDate: string;
  invoiceNumber: string | null;
  customer: { name: string; mobile: string; email: string | null; line1: string; line2: string | null; city: string; state: string; pinCode: string };
  lines: Array<{ name: string; sku: string; units: number; unitPricePaise: number; hsn?: string }>;
  cod: boolean;
  totalPaise: number;
  weightGrams: number;
  /** The parcel's size in cm; a pharmacy's standard box unless the desk says otherwise. */
  box: { lengthCm: number; breadthCm: number; heightCm: number };
}

/** A tracking answer or webhook in the shop's terms. */
export interface TrackingUpdate {
  awb: string;
  /** The provider's reference for our order (our order number). */
  orderNumber: string | null;
  courierName: string | null;
  status: ShipmentStatus | null;
  /** The provider's own words for the status, kept for the desk. */
  providerStatus: string;
  /** Why a delivery attempt failed (NDR), when the courier said. */
  failureReason: string | null;
  scans: TrackingScan[];
  isReturn: boolean;
}

/** A provider call that failed: `temporary` when trying again later may work (the network, a 5xx, a 429). */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly temporary: boolean,
  ) {
    super(message);
  }
}
