import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { indiaDate } from '../../../domain/delivery';
import type { DeliveryContent } from '../../../domain/delivery-content';
import { orderLineSchema } from '../../../domain/order-line-schema';
import { unitPricePaise } from '../../../domain/order-line';
import { chooseCourier, trackingUrl } from '../../../domain/shipping';
import { HttpRefusal } from '../../../lib/server/http';
import { CourierError, type CourierAdapter, type ShipmentOrder } from './courier';
import { courierRuleOf } from './serviceability';

/**
 * Booking a parcel in one action, safe to press again: the shipment row is written first
 * ('booking'), and each step's result (the provider's order, the AWB, the label) is kept as it comes
 * back, so a retry resumes where the last try stopped and never books a second parcel. A courier
 * that refuses the AWB leaves nothing booked: the provider's order is cancelled and the row cleared.
 */

/** A pharmacy's standard box; the courier bills by the larger of weight and volume. */
export const STANDARD_BOX = { lengthCm: 20, breadthCm: 15, heightCm: 10 } as const;

export interface DispatchDependencies {
  db: SupabaseClient;
  courier: CourierAdapter;
  content: DeliveryContent;
  now: () => Date;
}

export interface BookedParcel {
  awb: string;
  courierName: string;
  labelUrl: string;
  trackingUrl: string | null;
  invoiceNumber: string | null;
}

const orderSchema = z.object({
  id: z.string(),
  order_number: z.string(),
  created_at: z.string(),
  provider: z.string(),
  amount_paise: z.number().int(),
  lines: z.array(orderLineSchema),
  delivery_name: z.string().nullable(),
  delivery_mobile: z.string().nullable(),
  delivery_email: z.string().nullable(),
  delivery_line1: z.string().nullable(),
  delivery_line2: z.string().nullable(),
  delivery_city: z.string().nullable(),
  delivery_state: z.string().nullable(),
  delivery_pin_code: z.string().nullable(),
  delivery_zone_id: z.string().nullable(),
});
const ORDER_COLUMNS = 'id, order_number, created_at, provider, amount_paise, lines, delivery_name, delivery_mobile, delivery_email, delivery_line1, delivery_line2, delivery_city, delivery_state, delivery_pin_code, delivery_zone_id';

export const shipmentRowSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  status: z.string(),
  provider_order_id: z.string().nullable(),
  provider_shipment_id: z.string().nullable(),
  awb: z.string().nullable(),
  courier_id: z.number().nullable(),
  courier_name: z.string().nullable(),
  weight_grams: z.number().int(),
  invoice_number: z.string().nullable(),
  label_url: z.string().nullable(),
  pickup_date: z.string().nullable(),
});
export type ShipmentRow = z.infer<typeof shipmentRowSchema>;
export const SHIPMENT_COLUMNS = 'id, order_id, status, provider_order_id, provider_shipment_id, awb, courier_id, courier_name, weight_grams, invoice_number, label_url, pickup_date';

/** "2026-11-28 10:30" in India, as Shiprocket takes an order date. */
const indiaMinute = (iso: string) => new Date(new Date(iso).getTime() + 330 * 60_000).toISOString().slice(0, 16).replace('T', ' ');

async function one<T>(what: string, query: PromiseLike<{ data: unknown; error: { message: string } | null }>, schema: z.ZodType<T>): Promise<T> {
  const { data, error } = await query;
  if (error) throw new Error(`${what}: ${error.message}`);
  return schema.parse(data);
}

/** Says what to do about a provider's failure: try again (nothing is booked twice), or what to fix. */
function refusalOf(error: unknown, orderNumber: string): never {
  if (error instanceof CourierError) {
    throw new HttpRefusal(error.temporary ? 503 : 422, error.temporary ? `${error.message}. Press Dispatch again: nothing is booked twice.` : `${error.message}. Nothing is booked for ${orderNumber}; fix this and press Dispatch again.`);
  }
  throw error;
}

/**
 * Books order `orderId`'s parcel with the courier the owner's rule picks and returns its AWB and
 * label. `issueInvoice` is asked once per parcel (its number goes to the provider with the parcel).
 */
export async function bookParcel(deps: DispatchDependencies, orderId: string, weightGrams: number, staffId: string, issueInvoice: () => Promise<string>): Promise<BookedParcel> {
  const order = await one('reading the order to dispatch', deps.db.from('orders').select(ORDER_COLUMNS).eq('id', orderId).single(), orderSchema);
  if (order.delivery_zone_id !== deps.courier.provider) {
    throw new HttpRefusal(409, `Order ${order.order_number} goes with the pharmacy's own delivery (${order.delivery_zone_id ?? 'no zone'}): mark it shipped with the rider's name instead.`);
  }
  const { error: reserveError } = await deps.db
    .from('shipments')
    .upsert({ order_id: order.id, direction: 'forward', provider: deps.courier.provider, weight_grams: weightGrams, booked_by: staffId }, { onConflict: 'order_id,direction', ignoreDuplicates: true });
  if (reserveError) throw new Error(`reserving the parcel of ${order.order_number}: ${reserveError.message}`);
  let row = await one('reading the parcel', deps.db.from('shipments').select(SHIPMENT_COLUMNS).eq('order_id', order.id).eq('direction', 'forward').single(), shipmentRowSchema);
  const update = async (values: Record<string, unknown>) => {
    row = await one('recording the parcel', deps.db.from('shipments').update(values).eq('id', row.id).select(SHIPMENT_COLUMNS).single(), shipmentRowSchema);
  };
  if (row.status !== 'booking' && row.label_url && row.awb && row.courier_name) return parcelOf(deps, row);
  if (row.status === 'booking' && row.weight_grams !== weightGrams) await update({ weight_grams: weightGrams });

  const invoiceNumber = row.invoice_number ?? (await issueInvoice());
  if (!row.invoice_number) await update({ invoice_number: invoiceNumber });
  const cod = order.provider === 'cod';
  try {
    if (!row.provider_shipment_id) {
      const created = await deps.courier.createShipment(shipmentOrderOf(order, invoiceNumber, weightGrams, cod));
      await update({ provider_order_id: created.providerOrderId, provider_shipment_id: created.providerShipmentId });
    }
    if (!row.awb) {
      const couriers = await deps.courier.serviceability({ pinCode: order.delivery_pin_code!, weightGrams, cod });
      const chosen = chooseCourier(couriers, courierRuleOf(deps.content), { cod });
      if (!chosen) {
        await cancelUnbooked(deps, row.provider_order_id!, update);
        throw new HttpRefusal(422, `No courier ${cod ? 'collects cash on delivery' : 'delivers'} to ${order.delivery_pin_code} today. Nothing is booked for ${order.order_number}; call the customer${cod ? ' to pay online' : ''} or cancel the order.`);
      }
      let assigned;
      try {
        assigned = await deps.courier.assignAwb(row.provider_shipment_id!, chosen.courierId);
      } catch (error) {
        if (error instanceof CourierError && !error.temporary) await cancelUnbooked(deps, row.provider_order_id!, update);
        throw error;
      }
      await update({ status: 'booked', awb: assigned.awb, courier_id: assigned.courierId, courier_name: assigned.courierName, status_at: deps.now().toISOString() });
    }
    if (!row.label_url) await update({ label_url: await deps.courier.label(row.provider_shipment_id!) });
  } catch (error) {
    refusalOf(error, order.order_number);
  }
  return parcelOf(deps, row);
}

/** A provider order whose AWB was refused is cancelled and forgotten, so nothing stays half-booked. */
async function cancelUnbooked(deps: DispatchDependencies, providerOrderId: string, update: (values: Record<string, unknown>) => Promise<void>): Promise<void> {
  await deps.courier.cancel(providerOrderId);
  await update({ provider_order_id: null, provider_shipment_id: null });
}

function parcelOf(deps: DispatchDependencies, row: ShipmentRow): BookedParcel {
  return { awb: row.awb!, courierName: row.courier_name!, labelUrl: row.label_url!, trackingUrl: trackingUrl(deps.courier.provider, row.awb!), invoiceNumber: row.invoice_number };
}

function shipmentOrderOf(order: z.infer<typeof orderSchema>, invoiceNumber: string, weightGrams: number, cod: boolean): ShipmentOrder {
  if (!order.delivery_name || !order.delivery_mobile || !order.delivery_line1 || !order.delivery_city || !order.delivery_state || !order.delivery_pin_code) {
    throw new HttpRefusal(422, `Order ${order.order_number} has no complete delivery address to book a courier for.`);
  }
  return {
    orderNumber: order.order_number,
    orderDate: indiaMinute(order.created_at),
    invoiceNumber,
    customer: { name: order.delivery_name, mobile: order.delivery_mobile, email: order.delivery_email, line1: order.delivery_line1, line2: order.delivery_line2, city: order.delivery_city, state: order.delivery_state, pinCode: order.delivery_pin_code },
    lines: order.lines.map((line) => ({ name: line.name, sku: String(line.product_id), units: line.quantity, unitPricePaise: unitPricePaise(line) })),
    cod,
    totalPaise: order.amount_paise,
    weightGrams,
    box: STANDARD_BOX,
  };
}

export interface PickupBatch {
  day: string;
  parcels: number;
  token: string | null;
  manifestUrl: string;
}

/**
 * The day's pickup: one request for every parcel booked and not yet collected, and the manifest
 * the rider signs. Pressed again the same day, it adds only the parcels booked since.
 */
export async function requestDayPickup(deps: DispatchDependencies): Promise<PickupBatch> {
  const day = indiaDate(deps.now());
  // A parcel without its label yet is not ready to hand over: its dispatch is pressed again first.
  const waiting = (
    await one('reading the parcels to collect', deps.db.from('shipments').select(SHIPMENT_COLUMNS).eq('direction', 'forward').eq('status', 'booked').is('pickup_date', null), z.array(shipmentRowSchema))
  ).filter((row) => row.label_url !== null);
  if (waiting.length === 0) throw new HttpRefusal(409, 'No booked parcel is waiting for a pickup: dispatch an order first.');
  const ids = waiting.map((row) => row.provider_shipment_id!);
  let pickup: { token: string | null };
  let manifestUrl: string;
  try {
    pickup = await deps.courier.requestPickup(ids);
    manifestUrl = await deps.courier.manifest(ids);
  } catch (error) {
    refusalOf(error, `today's ${waiting.length} parcel${waiting.length === 1 ? '' : 's'}`);
  }
  const { error } = await deps.db.from('shipments').update({ pickup_date: day, manifest_url: manifestUrl }).in('id', waiting.map((row) => row.id));
  if (error) throw new Error(`recording the pickup: ${error.message}`);
  const { error: dayError } = await deps.db.from('shipping_pickups').upsert({ india_date: day, provider: deps.courier.provider, token: pickup.token, manifest_url: manifestUrl, requested_at: deps.now().toISOString() });
  if (dayError) throw new Error(`recording the day's pickup: ${dayError.message}`);
  return { day, parcels: waiting.length, token: pickup.token, manifestUrl };
}

/**
 * A customer's return of an unopened item (the returns policy): a reverse pickup from their address
 * back to the pharmacy, booked with the same provider; the customer is told the day (the shipment's
 * 'booked' queues the message). Safe to press again: a return already booked is answered as it is.
 */
export async function bookReturnPickup(deps: DispatchDependencies, orderId: string, reason: string, staffId: string): Promise<{ awb: string; courierName: string }> {
  const order = await one('reading the order to collect', deps.db.from('orders').select(ORDER_COLUMNS).eq('id', orderId).single(), orderSchema);
  const forward = await one('reading the delivered parcel', deps.db.from('shipments').select(SHIPMENT_COLUMNS).eq('order_id', order.id).eq('direction', 'forward').maybeSingle(), shipmentRowSchema.nullable());
  if (!forward || forward.status !== 'delivered') throw new HttpRefusal(409, `Order ${order.order_number} has no parcel delivered by courier to collect back.`);
  const { error: reserveError } = await deps.db
    .from('shipments')
    .upsert({ order_id: order.id, direction: 'return', provider: deps.courier.provider, weight_grams: forward.weight_grams, booked_by: staffId }, { onConflict: 'order_id,direction', ignoreDuplicates: true });
  if (reserveError) throw new Error(`reserving the return of ${order.order_number}: ${reserveError.message}`);
  let row = await one('reading the return', deps.db.from('shipments').select(SHIPMENT_COLUMNS).eq('order_id', order.id).eq('direction', 'return').single(), shipmentRowSchema);
  if (row.status !== 'booking') return { awb: row.awb!, courierName: row.courier_name! };
  const update = async (values: Record<string, unknown>) => {
    row = await one('recording the return', deps.db.from('shipments').update(values).eq('id', row.id).select(SHIPMENT_COLUMNS).single(), shipmentRowSchema);
  };
  try {
    if (!row.provider_shipment_id) {
      const created = await deps.courier.createReturn({ ...shipmentOrderOf(order, forward.invoice_number ?? '', forward.weight_grams, false), reason });
      await update({ provider_order_id: created.providerOrderId, provider_shipment_id: created.providerShipmentId });
    }
    const couriers = await deps.courier.serviceability({ pinCode: order.delivery_pin_code!, weightGrams: forward.weight_grams, cod: false });
    const chosen = chooseCourier(couriers, courierRuleOf(deps.content));
    if (!chosen) throw new HttpRefusal(422, `No courier collects from ${order.delivery_pin_code} today: ask the customer to post it, or try again tomorrow.`);
    const assigned = await deps.courier.assignAwb(row.provider_shipment_id!, chosen.courierId);
    await update({ status: 'booked', awb: assigned.awb, courier_id: assigned.courierId, courier_name: assigned.courierName, status_at: deps.now().toISOString() });
  } catch (error) {
    refusalOf(error, order.order_number);
  }
  return { awb: row.awb!, courierName: row.courier_name! };
}
