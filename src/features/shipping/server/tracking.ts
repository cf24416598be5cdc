import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { isGuestOrderToken } from '../../../domain/guest-order-link';
import { isOrderNumber } from '../../../domain/order-status';
import { canMoveShipment, shipmentStatuses, trackingUrl, type ShipmentStatus, type TrackingScan } from '../../../domain/shipping';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, requirePost } from '../../../lib/server/http';
import { CourierError, type CourierAdapter, type TrackingUpdate } from './courier';
import { isShiprocketWebhookToken, readShiprocketWebhook, shiprocketWebhookSchema } from './shiprocket';

/**
 * The courier's news, applied once however often it comes: Shiprocket posts every status with all
 * scans so far (its tracking webhook), and reconciliation asks for parcels whose news stopped. Each
 * scan is kept once; the parcel moves only forward (domain/shipping.ts); a delivered forward parcel
 * moves its order to delivered (cash on delivery is then paid), a returned one is left to the desk
 * to check (unopened or not) before stock and money move.
 */

export interface TrackingDependencies {
  db: SupabaseClient;
  now: () => Date;
  /** Runs after a change that queued messages: sends them (never throws). */
  afterChange(orderId: string): Promise<void>;
}

const parcelSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  direction: z.enum(['forward', 'return']),
  status: z.string(),
  failed_attempts: z.number().int(),
  awb: z.string().nullable(),
});

export type AppliedUpdate = { applied: false; reason: string } | { applied: true; orderId: string; from: string; to: ShipmentStatus | null; scansAdded: number };

export async function applyTrackingUpdate(deps: TrackingDependencies, update: TrackingUpdate): Promise<AppliedUpdate> {
  const { data, error } = await deps.db.from('shipments').select('id, order_id, direction, status, failed_attempts, awb').eq('awb', update.awb).maybeSingle();
  if (error) throw new Error(`finding the parcel with AWB ${update.awb}: ${error.message}`);
  if (!data) return { applied: false, reason: `no parcel with AWB ${update.awb}` };
  const parcel = parcelSchema.parse(data);

  const scans = update.scans.map((scan) => ({ shipment_id: parcel.id, at: scan.at, status: scan.status, activity: scan.activity.slice(0, 300) || update.providerStatus, location: scan.location.slice(0, 200) }));
  let scansAdded = 0;
  if (scans.length > 0) {
    const { data: added, error: scanError } = await deps.db.from('shipment_scans').upsert(scans, { onConflict: 'shipment_id,at,activity', ignoreDuplicates: true }).select('at');
    if (scanError) throw new Error(`recording the scans of AWB ${update.awb}: ${scanError.message}`);
    scansAdded = added?.length ?? 0;
  }
  const from = parcel.status === 'booking' ? 'booked' : (parcel.status as ShipmentStatus);
  const to = update.status;
  const lastScan = update.scans.at(-1)?.at ?? null;
  if (!to || !(shipmentStatuses as readonly string[]).includes(from) || !canMoveShipment(from, to)) {
    if (lastScan) await deps.db.from('shipments').update({ last_scan_at: lastScan }).eq('id', parcel.id);
    return { applied: true, orderId: parcel.order_id, from, to: null, scansAdded };
  }
  const failed = to === 'delivery_failed';
  const { error: moveError } = await deps.db
    .from('shipments')
    .update({
      status: to,
      status_at: deps.now().toISOString(),
      last_scan_at: lastScan,
      ...(failed ? { failure_reason: (update.failureReason ?? update.providerStatus).slice(0, 300), failed_attempts: parcel.failed_attempts + 1 } : {}),
    })
    .eq('id', parcel.id)
    // Only from the status read: a concurrent webhook that moved it first wins, this one is a repeat.
    .eq('status', parcel.status);
  if (moveError) throw new Error(`moving the parcel with AWB ${update.awb}: ${moveError.message}`);
  if (parcel.direction === 'forward' && to === 'delivered') await deliverOrder(deps, parcel.order_id, update.awb);
  await deps.afterChange(parcel.order_id);
  return { applied: true, orderId: parcel.order_id, from, to, scansAdded };
}

/** The courier's delivery scan delivers the order: no one at the desk needs to touch it. */
async function deliverOrder(deps: TrackingDependencies, orderId: string, awb: string): Promise<void> {
  const { data, error } = await deps.db.from('orders').select('status').eq('id', orderId).single();
  if (error) throw new Error(`reading the order of AWB ${awb}: ${error.message}`);
  if (data.status !== 'shipped') return;
  const moved = await deps.db.rpc('move_order_as_staff', {
    p_order_id: orderId,
    p_expected_status: 'shipped',
    p_status: 'delivered',
    p_actor_role: 'system',
    p_actor_id: null,
    p_note: `Delivered: the courier's scan of AWB ${awb}`,
    p_courier_name: null,
    p_tracking_number: null,
  });
  // Someone at the desk marked it delivered a moment before: the same outcome.
  if (moved.error && moved.error.code !== '40001') throw new Error(`delivering the order of AWB ${awb}: ${moved.error.message}`);
}

/**
 * POST /api/shipping/courier-updates: Shiprocket's tracking webhook. The token set beside the URL
 * comes back in x-api-key (checked before the body is read); an AWB we did not book is answered 200
 * and ignored, so the provider does not retry it for ever.
 */
export async function handleCourierUpdate(req: Request, deps: TrackingDependencies, webhookToken: string | null): Promise<Response> {
  requirePost(req);
  if (!webhookToken) throw new HttpRefusal(404, 'Courier tracking is not set up for this shop.');
  if (!isShiprocketWebhookToken(req.headers.get('x-api-key'), webhookToken)) throw new HttpRefusal(401, 'The x-api-key header does not match SHIPROCKET_WEBHOOK_TOKEN.');
  const body = parseBody(shiprocketWebhookSchema, parseJson(await readRawBody(req)));
  const applied = await applyTrackingUpdate(deps, readShiprocketWebhook(body));
  return jsonResponse(applied.applied ? { ok: true, status: applied.to ?? applied.from } : { ok: true, ignored: applied.reason });
}

/** What the order page shows of the parcel: the courier, a tracking link, its status and the latest scans. */
export interface ParcelView {
  courierName: string;
  awb: string;
  trackingUrl: string | null;
  status: ShipmentStatus;
  failureReason: string | null;
  failedAttempts: number;
  reattemptRequested: boolean;
  scans: TrackingScan[];
}

const SCANS_SHOWN = 12;

/**
 * GET /api/shipping/parcel?number=MK-…[&key=…]: the order's parcel for its owner (Bearer token) or a
 * guest with the order's signed key; { parcel: null } before it is booked.
 */
export async function handleParcel(req: Request, deps: { db: SupabaseClient; orderLinkSecret: string }): Promise<Response> {
  if (req.method !== 'GET') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use GET`);
  const url = new URL(req.url);
  const number = url.searchParams.get('number') ?? '';
  if (!isOrderNumber(number)) throw new HttpRefusal(400, 'Give the order number as ?number=MK-…');
  const { data: order, error } = await deps.db.from('orders').select('id, user_id').eq('order_number', number).maybeSingle();
  if (error) throw new Error(`reading order ${number}: ${error.message}`);
  if (!order || !(await mayRead(req, deps, order, url.searchParams.get('key')))) throw new HttpRefusal(404, 'No such order.');
  const { data: row, error: parcelError } = await deps.db
    .from('shipments')
    .select('id, provider, status, status_at, awb, courier_name, failure_reason, failed_attempts, reattempt_requested_at')
    .eq('order_id', order.id)
    .eq('direction', 'forward')
    .neq('status', 'booking')
    .maybeSingle();
  if (parcelError) throw new Error(`reading the parcel of ${number}: ${parcelError.message}`);
  if (!row) return jsonResponse({ parcel: null });
  const { data: scans, error: scanError } = await deps.db.from('shipment_scans').select('at, status, activity, location').eq('shipment_id', row.id).order('at', { ascending: false }).limit(SCANS_SHOWN);
  if (scanError) throw new Error(`reading the scans of ${number}: ${scanError.message}`);
  const parcel: ParcelView = {
    courierName: row.courier_name,
    awb: row.awb,
    trackingUrl: trackingUrl(row.provider, row.awb),
    status: row.status,
    failureReason: row.failure_reason,
    failedAttempts: row.failed_attempts,
    reattemptRequested: reattemptAskedSinceFailure(row),
    scans: (scans ?? []).map((scan) => ({ at: new Date(scan.at).toISOString(), status: scan.status, activity: scan.activity, location: scan.location })),
  };
  return jsonResponse({ parcel });
}

/** The customer asked for another attempt after the latest failed one. */
const reattemptAskedSinceFailure = (row: { status: string; status_at: string; reattempt_requested_at: string | null }) =>
  row.status === 'delivery_failed' && row.reattempt_requested_at !== null && Date.parse(row.reattempt_requested_at) >= Date.parse(row.status_at);

const reattemptSchema = z.strictObject({ number: z.string().refine(isOrderNumber, 'number must be an order number'), key: z.string().max(200).optional() });

/**
 * POST /api/shipping/reattempt {number, key?}: the customer's answer to a failed delivery, "try
 * again", passed to the courier (Shiprocket's NDR action); once per failed attempt.
 */
export async function handleReattempt(req: Request, deps: { db: SupabaseClient; orderLinkSecret: string; courier: CourierAdapter | null; now: () => Date }): Promise<Response> {
  requirePost(req);
  const body = parseBody(reattemptSchema, parseJson(await readRawBody(req)));
  const { data: order, error } = await deps.db.from('orders').select('id, user_id').eq('order_number', body.number).maybeSingle();
  if (error) throw new Error(`reading order ${body.number}: ${error.message}`);
  if (!order || !(await mayRead(req, deps, order, body.key ?? null))) throw new HttpRefusal(404, 'No such order.');
  const { data: row, error: parcelError } = await deps.db.from('shipments').select('id, status, status_at, awb, reattempt_requested_at').eq('order_id', order.id).eq('direction', 'forward').maybeSingle();
  if (parcelError) throw new Error(`reading the parcel of ${body.number}: ${parcelError.message}`);
  if (!row || row.status !== 'delivery_failed' || !deps.courier) throw new HttpRefusal(409, 'This parcel has no failed delivery to try again.');
  if (reattemptAskedSinceFailure(row)) return jsonResponse({ reattemptRequested: true });
  try {
    await deps.courier.ndrAction(row.awb, 'reattempt', 'The customer asked for another attempt on the order page');
  } catch (thrown) {
    if (thrown instanceof CourierError) throw new HttpRefusal(503, thrown.message);
    throw thrown;
  }
  const { error: saveError } = await deps.db.from('shipments').update({ reattempt_requested_at: deps.now().toISOString() }).eq('id', row.id);
  if (saveError) throw new Error(`recording the reattempt of ${body.number}: ${saveError.message}`);
  return jsonResponse({ reattemptRequested: true });
}

async function mayRead(req: Request, deps: { db: SupabaseClient; orderLinkSecret: string }, order: { id: string; user_id: string | null }, key: string | null): Promise<boolean> {
  const bearer = req.headers.get('authorization')?.match(/^Bearer (.+)$/)?.[1];
  if (bearer && order.user_id) {
    const { data } = await deps.db.auth.getUser(bearer);
    if (data.user?.id === order.user_id) return true;
  }
  return key !== null && (await isGuestOrderToken(order.id, key, deps.orderLinkSecret));
}

/** A parcel whose news stopped this long ago is asked about. */
export const STALLED_AFTER_HOURS = 24;
const STALLED_PER_RUN = 20;

export interface ShipmentReconciliation {
  asked: number;
  moved: number;
  failed: number;
}

/**
 * Parcels still on their way whose courier news stopped (no scan for a day, a webhook lost) are
 * asked about by AWB, oldest first, and their answer applied as a webhook's would be.
 */
export async function reconcileShipments(deps: TrackingDependencies & { courier: CourierAdapter }, keepGoing: () => boolean = () => true): Promise<ShipmentReconciliation> {
  const before = new Date(deps.now().getTime() - STALLED_AFTER_HOURS * 3600 * 1000).toISOString();
  const { data, error } = await deps.db
    .from('shipments')
    .select('awb, status, status_at, last_scan_at')
    .in('status', ['booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivery_failed', 'rto_in_transit'])
    .lt('status_at', before)
    .order('status_at')
    .limit(STALLED_PER_RUN * 3);
  if (error) throw new Error(`reading the parcels on their way: ${error.message}`);
  const stalled = (data ?? []).filter((row) => (row.last_scan_at ?? row.status_at) < before).slice(0, STALLED_PER_RUN);
  const report: ShipmentReconciliation = { asked: 0, moved: 0, failed: 0 };
  for (const row of stalled) {
    if (!keepGoing()) break;
    report.asked += 1;
    try {
      const applied = await applyTrackingUpdate(deps, await deps.courier.track(row.awb));
      if (applied.applied && applied.to) report.moved += 1;
    } catch (thrown) {
      report.failed += 1;
      console.error(`[shipping reconcile] AWB ${row.awb} not asked:`, thrown);
    }
  }
  return report;
}
