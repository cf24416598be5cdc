import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { CourierQuote, ShipmentStatus, TrackingScan } from '../../../domain/shipping';
import { CourierError, type CourierAdapter, type ShipmentOrder, type TrackingUpdate } from './courier';

/**
 * Shiprocket's external API (https://apidocs.shiprocket.in, base https://apiv2.shiprocket.in/v1/external):
 * a JWT from POST auth/login (valid 10 days; kept for 9 and fetched again on a 401), then Bearer
 * calls. Weights are kilograms and money rupees on the wire; the shop keeps grams and paise.
 */

export const SHIPROCKET_API = 'https://apiv2.shiprocket.in/v1/external';
const TOKEN_DAYS = 9;
const TIMEOUT_MS = 10_000;

export interface ShiprocketSettings {
  email: string;
  password: string;
  /** The pickup location's nickname, exactly as the Shiprocket panel lists it. */
  pickupLocation: string;
  pickupPinCode: string;
  webhookToken: string;
  apiBase: string;
}

/**
 * Shiprocket's shipment status ids (the tracking webhook's shipment_status_id / current_status_id,
 * "sr-status" on each scan) in the shop's terms; ids not listed (pickup scheduling, warehouse steps)
 * move nothing and are kept as scans.
 */
export const SHIPROCKET_STATUS: Readonly<Record<number, ShipmentStatus>> = {
  6: 'in_transit', // SHIPPED
  7: 'delivered',
  8: 'cancelled',
  9: 'rto_in_transit', // RTO INITIATED
  10: 'returned_to_origin', // RTO DELIVERED
  12: 'lost',
  14: 'rto_in_transit', // RTO ACKNOWLEDGED
  17: 'out_for_delivery',
  18: 'in_transit',
  21: 'delivery_failed', // UNDELIVERED (an NDR)
  22: 'in_transit', // DELAYED
  38: 'in_transit', // REACHED AT DESTINATION HUB
  39: 'in_transit', // MISROUTED
  40: 'rto_in_transit', // RTO NDR
  41: 'rto_in_transit', // RTO OUT FOR DELIVERY
  42: 'picked_up',
  45: 'cancelled', // CANCELLED BEFORE DISPATCHED
  46: 'rto_in_transit',
  76: 'lost', // UNTRACEABLE
};

const statusOf = (id: number | string | null | undefined): ShipmentStatus | null => {
  const number = typeof id === 'string' ? Number(id) : id;
  return number !== null && number !== undefined && Number.isInteger(number) ? (SHIPROCKET_STATUS[number] ?? null) : null;
};

const loginAnswer = z.object({ token: z.string().min(1) });

const courierCompany = z.object({
  courier_company_id: z.coerce.number().int(),
  courier_name: z.string(),
  rate: z.coerce.number(),
  estimated_delivery_days: z.coerce.number().int().min(0),
  cod: z.coerce.number().int(),
});
const serviceabilityAnswer = z.union([
  z.object({ status: z.literal(200), data: z.object({ available_courier_companies: z.array(z.unknown()) }) }),
  // An unserviceable pair is answered with status 404 in the body and no data.
  z.object({ status: z.literal(404), message: z.string().optional() }),
]);

const createAnswer = z.object({ order_id: z.coerce.number().int(), shipment_id: z.coerce.number().int(), status: z.string().optional() });
const awbAnswer = z.object({
  awb_assign_status: z.literal(1),
  response: z.object({ data: z.object({ awb_code: z.string().min(1), courier_company_id: z.coerce.number().int(), courier_name: z.string() }) }),
});
const labelAnswer = z.object({ label_created: z.literal(1), label_url: z.url() });
const pickupAnswer = z.object({
  pickup_status: z.literal(1),
  response: z.object({ pickup_scheduled_date: z.string().nullable().optional(), pickup_token_number: z.string().nullable().optional() }),
});
const manifestAnswer = z.object({ status: z.literal(1), manifest_url: z.url() });

/** A scan as Shiprocket sends it, in the webhook and in track/awb's shipment_track_activities. */
const scanSchema = z.object({
  date: z.string(),
  activity: z.string().default(''),
  location: z.string().default(''),
  'sr-status': z.union([z.string(), z.number()]).nullable().optional(),
  'sr-status-label': z.string().nullable().optional(),
});

/** The tracking webhook's body (Settings > API > Webhooks), as documented. */
export const shiprocketWebhookSchema = z.object({
  awb: z.union([z.string(), z.number()]).transform(String),
  courier_name: z.string().nullable().optional(),
  current_status: z.string(),
  current_status_id: z.coerce.number().int().optional(),
  shipment_status: z.string().optional(),
  shipment_status_id: z.coerce.number().int().optional(),
  current_timestamp: z.string().optional(),
  order_id: z.string().nullable().optional(),
  scans: z.array(scanSchema).default([]),
  is_return: z.coerce.number().int().optional(),
});

const trackAnswer = z.object({
  tracking_data: z.object({
    shipment_status: z.coerce.number().int().nullable().optional(),
    shipment_track: z.array(z.object({ awb_code: z.string().nullable().optional(), courier_name: z.string().nullable().optional(), current_status: z.string().nullable().optional(), channel_order_id: z.string().nullable().optional() })).default([]),
    shipment_track_activities: z.array(scanSchema).nullable().default([]),
  }),
});

/** "2026-11-28 14:05:00" (India) -> ISO with +05:30; "28 11 2026 14:05:00" too (the webhook's current_timestamp). */
export function indiaTimestamp(value: string): string {
  const spaced = value.match(/^(\d{2}) (\d{2}) (\d{4}) (\d{2}:\d{2}(?::\d{2})?)$/);
  const normalised = spaced ? `${spaced[3]}-${spaced[2]}-${spaced[1]} ${spaced[4]}` : value;
  const match = normalised.match(/^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(?::(\d{2}))?/);
  if (!match) throw new CourierError(`Shiprocket sent a time we cannot read: "${value}"`, false);
  return `${match[1]}T${match[2]}:${match[3] ?? '00'}+05:30`;
}

function scansOf(scans: ReadonlyArray<z.infer<typeof scanSchema>>): TrackingScan[] {
  return scans
    .map((scan) => ({ at: indiaTimestamp(scan.date), status: statusOf(scan['sr-status'] ?? null), activity: scan.activity.trim(), location: scan.location.trim() }))
    .sort((a, b) => a.at.localeCompare(b.at));
}

/** The webhook body in the shop's terms; the failed attempt's reason is the courier's words on its scan. */
export function readShiprocketWebhook(body: z.infer<typeof shiprocketWebhookSchema>): TrackingUpdate {
  const status = statusOf(body.shipment_status_id ?? body.current_status_id);
  const scans = scansOf(body.scans);
  const failedScan = [...scans].reverse().find((scan) => scan.status === 'delivery_failed');
  return {
    awb: body.awb,
    orderNumber: body.order_id ?? null,
    courierName: body.courier_name ?? null,
    status,
    providerStatus: body.shipment_status ?? body.current_status,
    failureReason: status === 'delivery_failed' ? (failedScan?.activity || body.current_status) : null,
    scans,
    isReturn: body.is_return === 1,
  };
}

/** Kilograms with at most 3 decimals, as Shiprocket takes weight. */
const kilograms = (grams: number) => Math.round(grams) / 1000;
const rupees = (paise: number) => Math.round(paise) / 100;

export class ShiprocketClient implements CourierAdapter {
  readonly provider = 'shiprocket' as const;
  private token: { value: string; until: number } | null = null;

  constructor(
    private readonly settings: ShiprocketSettings,
    private readonly fetcher: typeof fetch = fetch,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private url(path: string): string {
    return `${this.settings.apiBase.replace(/\/+$/, '')}/${path}`;
  }

  private async send(what: string, path: string, init: { method: 'GET' | 'POST'; body?: unknown; auth?: boolean }): Promise<{ status: number; body: unknown }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (init.auth !== false) headers.authorization = `Bearer ${await this.bearer()}`;
    let response: Response;
    try {
      response = await this.fetcher(this.url(path), {
        method: init.method,
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new CourierError(`Shiprocket did not answer the ${what} (${(error as Error).message}); try again in a minute`, true);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      throw new CourierError(`Shiprocket answered the ${what} with HTTP ${response.status} and no JSON; try again in a minute`, true);
    }
    return { status: response.status, body };
  }

  /** A call with the token, logging in again once if Shiprocket says it expired. */
  private async call<T extends z.ZodType>(what: string, path: string, schema: T, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<z.output<T>> {
    let answer = await this.send(what, path, init);
    if (answer.status === 401) {
      this.token = null;
      answer = await this.send(what, path, init);
    }
    if (answer.status === 429 || answer.status >= 500) throw new CourierError(`Shiprocket could not take the ${what} just now (HTTP ${answer.status}); try again in a minute`, true);
    const parsed = schema.safeParse(answer.body);
    if (answer.status >= 400 || !parsed.success) throw new CourierError(`Shiprocket refused the ${what}: ${messageOf(answer.body) ?? `HTTP ${answer.status}`}`, false);
    return parsed.data;
  }

  private async bearer(): Promise<string> {
    if (this.token && this.token.until > this.now().getTime()) return this.token.value;
    const answer = await this.send('sign-in', 'auth/login', { method: 'POST', body: { email: this.settings.email, password: this.settings.password }, auth: false });
    const parsed = loginAnswer.safeParse(answer.body);
    if (answer.status >= 500) throw new CourierError(`Shiprocket could not sign us in just now (HTTP ${answer.status}); try again in a minute`, true);
    if (!parsed.success) throw new CourierError(`Shiprocket refused the API user's sign-in: check SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD (${messageOf(answer.body) ?? `HTTP ${answer.status}`})`, false);
    this.token = { value: parsed.data.token, until: this.now().getTime() + TOKEN_DAYS * 24 * 3600 * 1000 };
    return this.token.value;
  }

  async serviceability(query: { pinCode: string; weightGrams: number; cod: boolean }): Promise<CourierQuote[]> {
    const params = new URLSearchParams({
      pickup_postcode: this.settings.pickupPinCode,
      delivery_postcode: query.pinCode,
      weight: String(kilograms(query.weightGrams)),
      cod: query.cod ? '1' : '0',
    });
    const answer = await this.call('serviceability check', `courier/serviceability/?${params}`, serviceabilityAnswer, { method: 'GET' });
    if (answer.status === 404) return [];
    // One courier's odd entry must not hide the others: each is read on its own.
    return answer.data.available_courier_companies.flatMap((raw) => {
      const company = courierCompany.safeParse(raw);
      if (!company.success) return [];
      const { courier_company_id, courier_name, rate, estimated_delivery_days, cod } = company.data;
      return [{ courierId: courier_company_id, name: courier_name, etaDays: estimated_delivery_days, ratePaise: Math.round(rate * 100), cod: cod === 1 }];
    });
  }

  private orderBody(order: ShipmentOrder) {
    const { customer } = order;
    const [first, ...rest] = customer.name.trim().split(/\s+/);
    return {
      order_id: order.orderNumber,
      order_date: order.orderDate,
      pickup_location: this.settings.pickupLocation,
      ...(order.invoiceNumber ? { invoice_number: order.invoiceNumber } : {}),
      billing_customer_name: first,
      billing_last_name: rest.join(' '),
      billing_address: customer.line1,
      ...(customer.line2 ? { billing_address_2: customer.line2 } : {}),
      billing_city: customer.city,
      billing_pincode: customer.pinCode,
      billing_state: customer.state,
      billing_country: 'India',
      ...(customer.email ? { billing_email: customer.email } : {}),
      billing_phone: customer.mobile.replace(/^\+91/, ''),
      shipping_is_billing: true,
      order_items: order.lines.map((line) => ({ name: line.name, sku: line.sku, units: line.units, selling_price: rupees(line.unitPricePaise), ...(line.hsn ? { hsn: line.hsn } : {}) })),
      payment_method: order.cod ? 'COD' : 'Prepaid',
      sub_total: rupees(order.totalPaise),
      length: order.box.lengthCm,
      breadth: order.box.breadthCm,
      height: order.box.heightCm,
      weight: kilograms(order.weightGrams),
    };
  }

  async createShipment(order: ShipmentOrder): Promise<{ providerOrderId: string; providerShipmentId: string }> {
    const answer = await this.call(`order ${order.orderNumber}`, 'orders/create/adhoc', createAnswer, { method: 'POST', body: this.orderBody(order) });
    return { providerOrderId: String(answer.order_id), providerShipmentId: String(answer.shipment_id) };
  }

  async assignAwb(providerShipmentId: string, courierId: number): Promise<{ awb: string; courierId: number; courierName: string }> {
    const answer = await this.call(`AWB for shipment ${providerShipmentId}`, 'courier/assign/awb', awbAnswer, { method: 'POST', body: { shipment_id: Number(providerShipmentId), courier_id: courierId } });
    const { awb_code, courier_company_id, courier_name } = answer.response.data;
    return { awb: awb_code, courierId: courier_company_id, courierName: courier_name };
  }

  async label(providerShipmentId: string): Promise<string> {
    return (await this.call(`label for shipment ${providerShipmentId}`, 'courier/generate/label', labelAnswer, { method: 'POST', body: { shipment_id: [Number(providerShipmentId)] } })).label_url;
  }

  async requestPickup(providerShipmentIds: readonly string[]): Promise<{ pickupDate: string | null; token: string | null }> {
    const answer = await this.call('pickup request', 'courier/generate/pickup', pickupAnswer, { method: 'POST', body: { shipment_id: providerShipmentIds.map(Number) } });
    return { pickupDate: answer.response.pickup_scheduled_date ?? null, token: answer.response.pickup_token_number ?? null };
  }

  async manifest(providerShipmentIds: readonly string[]): Promise<string> {
    return (await this.call('manifest', 'manifests/generate', manifestAnswer, { method: 'POST', body: { shipment_id: providerShipmentIds.map(Number) } })).manifest_url;
  }

  async track(awb: string): Promise<TrackingUpdate> {
    const answer = await this.call(`tracking of AWB ${awb}`, `courier/track/awb/${encodeURIComponent(awb)}`, trackAnswer, { method: 'GET' });
    const data = answer.tracking_data;
    // Listed newest first: reversed, so scans stamped the same second keep their order.
    const scans = scansOf([...(data.shipment_track_activities ?? [])].reverse());
    const status = statusOf(data.shipment_status ?? null);
    const track = data.shipment_track[0];
    const failed = [...scans].reverse().find((scan) => scan.status === 'delivery_failed');
    return {
      awb,
      orderNumber: track?.channel_order_id ?? null,
      courierName: track?.courier_name ?? null,
      status,
      providerStatus: track?.current_status ?? '',
      failureReason: status === 'delivery_failed' ? (failed?.activity ?? track?.current_status ?? null) : null,
      scans,
      isReturn: false,
    };
  }

  async cancel(providerOrderId: string): Promise<void> {
    await this.call(`cancellation of order ${providerOrderId}`, 'orders/cancel', z.unknown(), { method: 'POST', body: { ids: [Number(providerOrderId)] } });
  }

  async ndrAction(awb: string, action: 'reattempt' | 'return', comment: string): Promise<void> {
    await this.call(`delivery instruction for AWB ${awb}`, `ndr/${encodeURIComponent(awb)}/action`, z.unknown(), {
      method: 'POST',
      body: { action: action === 'reattempt' ? 're-attempt' : 'return', comments: comment },
    });
  }

  async createReturn(order: ShipmentOrder & { reason: string }): Promise<{ providerOrderId: string; providerShipmentId: string }> {
    const forward = this.orderBody(order);
    const body = {
      order_id: `${order.orderNumber}-R`,
      order_date: order.orderDate,
      pickup_customer_name: forward.billing_customer_name,
      pickup_last_name: forward.billing_last_name,
      pickup_address: forward.billing_address,
      ...(order.customer.line2 ? { pickup_address_2: order.customer.line2 } : {}),
      pickup_city: forward.billing_city,
      pickup_state: forward.billing_state,
      pickup_country: 'India',
      pickup_pincode: forward.billing_pincode,
      pickup_phone: forward.billing_phone,
      ...(order.customer.email ? { pickup_email: order.customer.email } : {}),
      shipping_customer_name: this.settings.pickupLocation,
      shipping_pincode: this.settings.pickupPinCode,
      shipping_country: 'India',
      order_items: forward.order_items,
      payment_method: 'Prepaid',
      sub_total: forward.sub_total,
      length: forward.length,
      breadth: forward.breadth,
      height: forward.height,
      weight: forward.weight,
    };
    const answer = await this.call(`return of order ${order.orderNumber}`, 'orders/create/return', createAnswer, { method: 'POST', body });
    return { providerOrderId: String(answer.order_id), providerShipmentId: String(answer.shipment_id) };
  }
}

/** Shiprocket's own words for a refusal: `message`, or an AWB's `response.data.awb_assign_error`. */
function messageOf(body: unknown): string | null {
  const said = z
    .union([z.object({ message: z.string() }).transform((answer) => answer.message), z.object({ response: z.object({ data: z.object({ awb_assign_error: z.string() }) }) }).transform((answer) => answer.response.data.awb_assign_error)])
    .safeParse(body);
  return said.success ? said.data : null;
}

/** The webhook's own check, as Shiprocket documents it: the token set beside the URL comes back in x-api-key. */
export function isShiprocketWebhookToken(header: string | null, expected: string): boolean {
  if (!header) return false;
  const given = Buffer.from(header);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}
