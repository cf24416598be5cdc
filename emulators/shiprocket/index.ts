import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { listen, readBody, sendJson, sendText } from '../http-kit.ts';

/**
 * A local Shiprocket: the external API the shop calls (https://apidocs.shiprocket.in, under
 * /v1/external) and the tracking webhook it receives (Settings > API > Webhooks: the token goes in
 * the x-api-key header). Every Indian PIN code is served by a small rule, a few are not, and a parcel
 * walks through its statuses when a test (or a person) asks at /_emulator/…. Anything it does not
 * understand is refused out loud, in Shiprocket's error shape { message, status_code }.
 *
 * The serviceability rule: PIN codes of the Andaman and Nicobar Islands (744…) and Ladakh (1941…)
 * are served by nobody; the north-east (78…, 79…) has no cash on delivery; elsewhere three couriers
 * answer, their days growing with the distance between the first digits of the two PIN codes.
 */

export interface ShiprocketEmulatorOptions {
  port?: number;
  host?: string;
  email: string;
  password: string;
  pickupLocation: string;
  /** Where the shop's tracking webhook listens, and the token it expects in x-api-key; null sends none. */
  webhookUrl: string | null;
  webhookToken: string;
  /** The clock the emulator stamps scans with (tests move it). */
  now?: () => Date;
}

export interface EmulatedShipment {
  srOrderId: number;
  shipmentId: number;
  orderId: string;
  pinCode: string;
  cod: boolean;
  subTotal: number;
  awb: string | null;
  courierId: number | null;
  courierName: string | null;
  status: { id: number; label: string };
  scans: Array<{ date: string; status: string; activity: string; location: string; 'sr-status': string; 'sr-status-label': string }>;
  isReturn: boolean;
  ndrActions: Array<{ action: string; comments: string }>;
  cancelled: boolean;
  pickupRequested: boolean;
  awbAssignedAt: string | null;
  pickupScheduledAt: string | null;
}

export interface RunningShiprocketEmulator {
  url: string;
  shipments: EmulatedShipment[];
  /** Adds a scan to a parcel and posts the webhook, as the courier's update would. */
  scan(awb: string, step: ScanStep, reason?: string): Promise<{ webhookStatus: number | null }>;
  close(): Promise<void>;
}

export const EMULATED_COURIERS = [
  { id: 10, name: 'Delhivery Surface', baseRupees: 45, perHalfKg: 20, days: [2, 3, 5], cod: true },
  { id: 51, name: 'Xpressbees', baseRupees: 55, perHalfKg: 22, days: [2, 3, 4], cod: true },
  { id: 33, name: 'Blue Dart Air', baseRupees: 110, perHalfKg: 40, days: [1, 2, 2], cod: false },
] as const;

/** Shiprocket's COD ceiling for one shipment, in rupees. */
export const EMULATED_COD_LIMIT_RUPEES = 50_000;

export const unserviceablePinCode = (pin: string): boolean => pin.startsWith('744') || pin.startsWith('1941');
const codPinCode = (pin: string): boolean => !pin.startsWith('78') && !pin.startsWith('79');

/** The statuses a test can walk a parcel through, with Shiprocket's ids and labels. */
export const SCAN_STEPS = {
  picked_up: { id: 42, label: 'PICKED UP', code: 'X-PPOM', activity: 'Shipment picked up', location: 'Pickup hub' },
  in_transit: { id: 18, label: 'IN TRANSIT', code: 'X-DLL2F', activity: 'Bag added to trip', location: 'Transit hub' },
  out_for_delivery: { id: 17, label: 'OUT FOR DELIVERY', code: 'X-DDD3FD', activity: 'Out for delivery', location: 'Destination hub' },
  delivered: { id: 7, label: 'DELIVERED', code: 'EOD-38', activity: 'Delivered to consignee', location: 'Destination hub' },
  undelivered: { id: 21, label: 'UNDELIVERED', code: 'EOD-11', activity: 'Consignee not available', location: 'Destination hub' },
  rto_initiated: { id: 9, label: 'RTO INITIATED', code: 'RT-101', activity: 'Return to origin initiated', location: 'Destination hub' },
  rto_delivered: { id: 10, label: 'RTO DELIVERED', code: 'RT-110', activity: 'Returned to shipper', location: 'Pickup hub' },
} as const;
export type ScanStep = keyof typeof SCAN_STEPS;

const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 288 432]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

const required = z.string().trim().min(1);
const pinCode = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[1-9][0-9]{5}$/, 'must be a 6-digit PIN code'));
const item = z.object({ name: required, sku: required, units: z.coerce.number().int().positive(), selling_price: z.coerce.number().nonnegative(), hsn: z.union([z.string(), z.number()]).optional() });
const dimensions = {
  length: z.coerce.number().positive(),
  breadth: z.coerce.number().positive(),
  height: z.coerce.number().positive(),
  weight: z.coerce.number().positive(),
};
const adhocOrder = z.object({
  order_id: required.max(50),
  order_date: required,
  pickup_location: required,
  billing_customer_name: required,
  billing_last_name: z.string().optional(),
  billing_address: required,
  billing_address_2: z.string().optional(),
  billing_city: required,
  billing_pincode: pinCode,
  billing_state: required,
  billing_country: required,
  billing_email: z.string().optional(),
  billing_phone: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[6-9][0-9]{9}$/, 'must be a 10-digit mobile number')),
  shipping_is_billing: z.union([z.boolean(), z.literal(1), z.literal(0)]),
  order_items: z.array(item).min(1),
  payment_method: z.enum(['COD', 'Prepaid']),
  sub_total: z.coerce.number().positive(),
  invoice_number: z.string().optional(),
  ...dimensions,
});
const returnOrder = z.object({
  order_id: required.max(50),
  order_date: required,
  pickup_customer_name: required,
  pickup_address: required,
  pickup_city: required,
  pickup_state: required,
  pickup_country: required,
  pickup_pincode: pinCode,
  pickup_phone: z.union([z.string(), z.number()]).transform(String),
  shipping_customer_name: required,
  shipping_pincode: pinCode,
  shipping_country: required,
  order_items: z.array(item).min(1),
  payment_method: z.literal('Prepaid'),
  sub_total: z.coerce.number().positive(),
  ...dimensions,
});

/** "2026-11-28 14:05:00" in India for an instant. */
function indiaStamp(at: Date): string {
  const india = new Date(at.getTime() + 330 * 60_000);
  return india.toISOString().slice(0, 19).replace('T', ' ');
}

function quote(pickup: string, delivery: string, weightKg: number) {
  const distance = pickup.slice(0, 2) === delivery.slice(0, 2) ? 0 : pickup[0] === delivery[0] ? 1 : 2;
  const halfKgs = Math.max(1, Math.ceil(weightKg / 0.5));
  return EMULATED_COURIERS.map((courier) => ({
    courier_company_id: courier.id,
    courier_name: courier.name,
    rate: courier.baseRupees + courier.perHalfKg * (halfKgs - 1) + distance * 10,
    estimated_delivery_days: String(courier.days[distance]),
    etd: '',
    cod: courier.cod && codPinCode(delivery) ? 1 : 0,
    freight_charge: courier.baseRupees,
    is_surface: courier.id !== 33,
  }));
}

export async function startShiprocketEmulator(options: ShiprocketEmulatorOptions): Promise<RunningShiprocketEmulator> {
  const now = options.now ?? (() => new Date());
  const tokens = new Set<string>();
  const shipments: EmulatedShipment[] = [];
  let nextId = 480_000_000;
  let nextAwb = 19_041_400_000_000;
  let baseUrl = '';

  const refuse = (res: ServerResponse, status: number, message: string) => sendJson(res, status, { message, status_code: status });
  const shipmentOf = (id: unknown) => shipments.find((shipment) => shipment.shipmentId === Number(id));

  async function json(req: IncomingMessage): Promise<unknown> {
    const text = await readBody(req);
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  }

  async function postWebhook(shipment: EmulatedShipment): Promise<number | null> {
    if (!options.webhookUrl) return null;
    const body = {
      awb: shipment.awb,
      courier_name: shipment.courierName,
      current_status: shipment.status.label,
      current_status_id: shipment.status.id,
      shipment_status: shipment.status.label,
      shipment_status_id: shipment.status.id,
      current_timestamp: indiaStamp(now()).replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3 $2 $1'),
      order_id: shipment.orderId,
      sr_order_id: shipment.srOrderId,
      awb_assigned_date: shipment.awbAssignedAt ?? '',
      pickup_scheduled_date: shipment.pickupScheduledAt ?? '',
      etd: '',
      scans: shipment.scans,
      is_return: shipment.isReturn ? 1 : 0,
      channel_id: 1,
      pod_status: '',
      pod: 'Not Available',
    };
    try {
      const response = await fetch(options.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': options.webhookToken }, body: JSON.stringify(body) });
      await response.arrayBuffer();
      if (!response.ok) console.error(`[Shiprocket emulator] webhook for AWB ${shipment.awb} answered ${response.status}`);
      return response.status;
    } catch (error) {
      console.error(`[Shiprocket emulator] webhook for AWB ${shipment.awb} failed: ${(error as Error).message}`);
      return null;
    }
  }

  async function scan(awb: string, step: ScanStep, reason?: string): Promise<{ webhookStatus: number | null }> {
    const shipment = shipments.find((candidate) => candidate.awb === awb);
    if (!shipment) throw new Error(`no shipment with AWB ${awb}`);
    const known = SCAN_STEPS[step];
    shipment.status = { id: known.id, label: known.label };
    // A parcel walked at once still moves a minute a scan, as a courier's scans never share a time.
    const last = shipment.scans.at(-1);
    const at = last ? new Date(Math.max(now().getTime(), Date.parse(`${last.date.replace(' ', 'T')}+05:30`) + 60_000)) : now();
    shipment.scans.push({ date: indiaStamp(at), status: known.code, activity: reason ?? known.activity, location: known.location, 'sr-status': String(known.id), 'sr-status-label': known.label });
    return { webhookStatus: await postWebhook(shipment) };
  }

  function createShipment(order: { order_id: string; pinCode: string; cod: boolean; subTotal: number }, isReturn: boolean): EmulatedShipment {
    // The same order id answers the same order: a retried create never books a second parcel.
    const existing = shipments.find((shipment) => shipment.orderId === order.order_id && shipment.isReturn === isReturn && !shipment.cancelled);
    if (existing) return existing;
    const shipment: EmulatedShipment = {
      srOrderId: ++nextId,
      shipmentId: ++nextId,
      orderId: order.order_id,
      pinCode: order.pinCode,
      cod: order.cod,
      subTotal: order.subTotal,
      awb: null,
      courierId: null,
      courierName: null,
      status: { id: 1, label: 'NEW' },
      scans: [],
      isReturn,
      ndrActions: [],
      cancelled: false,
      pickupRequested: false,
      awbAssignedAt: null,
      pickupScheduledAt: null,
    };
    shipments.push(shipment);
    return shipment;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname.replace(/\/+$/, '');
    if (req.method === 'OPTIONS') return sendJson(res, 204, {});
    const file = path.match(/^\/files\/(labels|manifests)\/(\d+)\.pdf$/);
    if (req.method === 'GET' && file) return sendText(res, 200, 'application/pdf', PDF);

    // The emulator's own controls: walk a parcel (tests, or a person trying the desk).
    const control = path.match(/^\/_emulator\/shipments\/([^/]+)\/scan$/);
    if (req.method === 'POST' && control) {
      const body = z.object({ step: z.enum(Object.keys(SCAN_STEPS) as [ScanStep, ...ScanStep[]]), reason: z.string().optional() }).safeParse(await json(req));
      if (!body.success) return refuse(res, 422, `step must be one of ${Object.keys(SCAN_STEPS).join(', ')}`);
      if (!shipments.some((shipment) => shipment.awb === decodeURIComponent(control[1]!))) return refuse(res, 404, `No shipment with AWB ${control[1]}`);
      return sendJson(res, 200, await scan(decodeURIComponent(control[1]!), body.data.step, body.data.reason));
    }
    if (req.method === 'GET' && path === '/_emulator/shipments') return sendJson(res, 200, shipments);

    if (req.method === 'POST' && path === '/v1/external/auth/login') {
      const body = z.object({ email: z.string(), password: z.string() }).safeParse(await json(req));
      if (!body.success || body.data.email !== options.email || body.data.password !== options.password) return refuse(res, 400, 'Invalid email and password combination');
      const token = `local-shiprocket-${tokens.size + 1}-${Date.now()}`;
      tokens.add(token);
      return sendJson(res, 200, { id: 1, first_name: 'API', last_name: 'User', email: options.email, company_id: 1, created_at: indiaStamp(now()), token });
    }
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer)) return refuse(res, 401, 'Token has expired');

    if (req.method === 'GET' && path === '/v1/external/courier/serviceability') {
      const pickup = url.searchParams.get('pickup_postcode') ?? '';
      const delivery = url.searchParams.get('delivery_postcode') ?? '';
      const weight = Number(url.searchParams.get('weight'));
      const cod = url.searchParams.get('cod');
      if (!/^[1-9]\d{5}$/.test(pickup) || !/^[1-9]\d{5}$/.test(delivery)) return refuse(res, 422, 'The pickup postcode and delivery postcode must be valid 6-digit PIN codes.');
      if (!(weight > 0)) return refuse(res, 422, 'The weight field is required.');
      if (cod !== null && cod !== '0' && cod !== '1') return refuse(res, 422, 'The cod field must be 0 or 1.');
      if (unserviceablePinCode(delivery)) return sendJson(res, 200, { status: 404, message: `Delivery postcode ${delivery} is not serviceable` });
      const companies = quote(pickup, delivery, weight).filter((company) => cod !== '1' || company.cod === 1);
      return sendJson(res, 200, { company_auto_shipment_insurance_setting: false, covid_zones: {}, currency: 'INR', data: { available_courier_companies: companies, recommended_courier_company_id: companies[0]?.courier_company_id }, status: 200 });
    }

    if (req.method === 'POST' && path === '/v1/external/orders/create/adhoc') {
      const body = adhocOrder.safeParse(await json(req));
      if (!body.success) return refuse(res, 422, `Oops! Invalid data: ${body.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
      if (body.data.pickup_location !== options.pickupLocation) return refuse(res, 422, `Wrong pickup location entered. Your pickup locations: ${options.pickupLocation}`);
      if (unserviceablePinCode(body.data.billing_pincode)) return refuse(res, 422, `Delivery postcode ${body.data.billing_pincode} is not serviceable`);
      const cod = body.data.payment_method === 'COD';
      if (cod && body.data.sub_total > EMULATED_COD_LIMIT_RUPEES) return refuse(res, 422, `COD orders above Rs ${EMULATED_COD_LIMIT_RUPEES} are not allowed`);
      const shipment = createShipment({ order_id: body.data.order_id, pinCode: body.data.billing_pincode, cod, subTotal: body.data.sub_total }, false);
      return sendJson(res, 200, { order_id: shipment.srOrderId, shipment_id: shipment.shipmentId, status: 'NEW', status_code: 1, onboarding_completed_now: 0, awb_code: shipment.awb ?? '', courier_company_id: shipment.courierId ?? '', courier_name: shipment.courierName ?? '' });
    }

    if (req.method === 'POST' && path === '/v1/external/orders/create/return') {
      const body = returnOrder.safeParse(await json(req));
      if (!body.success) return refuse(res, 422, `Oops! Invalid data: ${body.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
      const shipment = createShipment({ order_id: body.data.order_id, pinCode: body.data.pickup_pincode, cod: false, subTotal: body.data.sub_total }, true);
      return sendJson(res, 200, { order_id: shipment.srOrderId, shipment_id: shipment.shipmentId, status: 'RETURN PENDING', status_code: 21 });
    }

    if (req.method === 'POST' && path === '/v1/external/courier/assign/awb') {
      const body = z.object({ shipment_id: z.coerce.number().int(), courier_id: z.coerce.number().int().optional() }).safeParse(await json(req));
      if (!body.success) return refuse(res, 422, 'The shipment id field is required.');
      const shipment = shipmentOf(body.data.shipment_id);
      if (!shipment || shipment.cancelled) return refuse(res, 404, `Shipment ${body.data.shipment_id} not found`);
      const courier = EMULATED_COURIERS.find((candidate) => candidate.id === (body.data.courier_id ?? EMULATED_COURIERS[0].id));
      if (!courier) return refuse(res, 422, `Courier ${body.data.courier_id} is not available for this shipment`);
      if (shipment.cod && (!courier.cod || !codPinCode(shipment.pinCode))) {
        return sendJson(res, 200, { awb_assign_status: 0, response: { data: { awb_assign_error: `${courier.name} does not collect cash on delivery at ${shipment.pinCode}` } } });
      }
      if (shipment.awb && shipment.courierId !== courier.id) return refuse(res, 400, `AWB ${shipment.awb} is already assigned to this shipment`);
      shipment.awb ??= String(++nextAwb);
      shipment.awbAssignedAt ??= indiaStamp(now());
      shipment.courierId = courier.id;
      shipment.courierName = courier.name;
      shipment.status = { id: 52, label: 'SHIPMENT BOOKED' };
      return sendJson(res, 200, {
        awb_assign_status: 1,
        response: { data: { awb_code: shipment.awb, courier_company_id: courier.id, courier_name: courier.name, shipment_id: shipment.shipmentId, assigned_date_time: { date: indiaStamp(now()) } } },
      });
    }

    const ids = async () => z.object({ shipment_id: z.array(z.coerce.number().int()).min(1) }).safeParse(await json(req));
    if (req.method === 'POST' && path === '/v1/external/courier/generate/label') {
      const body = await ids();
      if (!body.success) return refuse(res, 422, 'The shipment id field is required.');
      const missing = body.data.shipment_id.filter((id) => !shipmentOf(id)?.awb);
      if (missing.length > 0) return refuse(res, 400, `Label cannot be generated: no AWB for shipment ${missing.join(', ')}`);
      return sendJson(res, 200, { label_created: 1, label_url: `${baseUrl}/files/labels/${body.data.shipment_id[0]}.pdf`, response: 'Label has been created and uploaded successfully!', not_created: [] });
    }
    if (req.method === 'POST' && path === '/v1/external/courier/generate/pickup') {
      const body = await ids();
      if (!body.success) return refuse(res, 422, 'The shipment id field is required.');
      const found = body.data.shipment_id.map(shipmentOf);
      if (found.some((shipment) => !shipment?.awb)) return refuse(res, 400, 'Pickup cannot be generated: a shipment has no AWB');
      for (const shipment of found) {
        shipment!.pickupRequested = true;
        shipment!.pickupScheduledAt = indiaStamp(now());
      }
      return sendJson(res, 200, { pickup_status: 1, response: { pickup_scheduled_date: indiaStamp(now()), pickup_token_number: `Reference No: ${nextId}`, status: 3, pickup_generated_date: { date: indiaStamp(now()) }, data: 'Pickup is scheduled' } });
    }
    if (req.method === 'POST' && path === '/v1/external/manifests/generate') {
      const body = await ids();
      if (!body.success) return refuse(res, 422, 'The shipment id field is required.');
      if (body.data.shipment_id.some((id) => !shipmentOf(id)?.pickupRequested)) return refuse(res, 400, 'Manifest cannot be generated before the pickup is requested');
      return sendJson(res, 200, { status: 1, manifest_url: `${baseUrl}/files/manifests/${body.data.shipment_id[0]}.pdf` });
    }
    const track = path.match(/^\/v1\/external\/courier\/track\/awb\/([^/]+)$/);
    if (req.method === 'GET' && track) {
      const shipment = shipments.find((candidate) => candidate.awb === decodeURIComponent(track[1]!));
      if (!shipment) return sendJson(res, 200, { tracking_data: { track_status: 0, error: `Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.` } });
      return sendJson(res, 200, {
        tracking_data: {
          track_status: 1,
          shipment_status: shipment.status.id,
          shipment_track: [{ id: shipment.shipmentId, awb_code: shipment.awb, courier_company_id: shipment.courierId, shipment_id: shipment.shipmentId, order_id: shipment.srOrderId, channel_order_id: shipment.orderId, courier_name: shipment.courierName, current_status: shipment.status.label, destination: shipment.pinCode }],
          shipment_track_activities: [...shipment.scans].reverse(),
          track_url: `https://shiprocket.co/tracking/${shipment.awb}`,
        },
      });
    }
    if (req.method === 'POST' && path === '/v1/external/orders/cancel') {
      const body = z.object({ ids: z.array(z.coerce.number().int()).min(1) }).safeParse(await json(req));
      if (!body.success) return refuse(res, 422, 'The ids field is required.');
      for (const id of body.data.ids) {
        const shipment = shipments.find((candidate) => candidate.srOrderId === id);
        if (shipment) shipment.cancelled = true;
      }
      return sendJson(res, 200, { status: 200, message: 'Order cancelled successfully.' });
    }
    const ndr = path.match(/^\/v1\/external\/ndr\/([^/]+)\/action$/);
    if (req.method === 'POST' && ndr) {
      const body = z.object({ action: z.enum(['re-attempt', 'return']), comments: z.string().min(1) }).safeParse(await json(req));
      if (!body.success) return refuse(res, 422, 'The action must be re-attempt or return, with comments.');
      const shipment = shipments.find((candidate) => candidate.awb === decodeURIComponent(ndr[1]!));
      if (!shipment) return refuse(res, 404, `No NDR for AWB ${ndr[1]}`);
      if (shipment.status.id !== 21) return refuse(res, 400, `AWB ${shipment.awb} has no failed delivery to act on`);
      shipment.ndrActions.push(body.data);
      return sendJson(res, 200, { status: true, message: body.data.action === 're-attempt' ? 'Reattempt request raised' : 'RTO request raised' });
    }
    return refuse(res, 404, `The Shiprocket emulator does not know ${req.method} ${url.pathname}`);
  }

  const server = await listen(options.port ?? 0, handle, 'Shiprocket', options.host);
  baseUrl = server.url;
  return { url: server.url, shipments, scan, close: server.close };
}
