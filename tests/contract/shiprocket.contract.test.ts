import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShiprocketEmulator, type RunningShiprocketEmulator } from '../../emulators/shiprocket/index';
import { CourierError, type ShipmentOrder } from '../../src/features/shipping/server/courier';
import { isShiprocketWebhookToken, readShiprocketWebhook, ShiprocketClient, shiprocketWebhookSchema, type ShiprocketSettings } from '../../src/features/shipping/server/shiprocket';
import { expectDocumentedRequest, expectDocumentedShape, recordingFetch, type RecordedRequest } from './contract-kit';
import { assignAwb, createOrder, generateLabel, generateManifest, login, ndrAction, requestPickup, serviceability, trackAwb, trackingWebhook } from './fixtures/shiprocket/api';

// Shiprocket as its documentation describes it (fixtures/shiprocket): our client sends the
// documented requests and reads the documented answers, our webhook reader reads the documented
// body, and the emulator takes the same requests and answers in the same shapes.

const settings: ShiprocketSettings = {
  email: 'api-user@medikart.example',
  password: 'contract-password',
  pickupLocation: 'MediKart Pharmacy',
  pickupPinCode: '560001',
  webhookToken: 'contract-webhook-token-0123456789',
  apiBase: 'https://apiv2.shiprocket.in/v1/external',
};

const parcel: ShipmentOrder = {
  orderNumber: 'MK-2611-000123',
  orderDate: '2026-11-28 10:30',
  invoiceNumber: 'INV-2627-000045',
  customer: { name: 'Asha Kulkarni', mobile: '+919812345678', email: 'asha@example.in', line1: '12 FC Road', line2: 'Shivajinagar', city: 'Pune', state: 'Maharashtra', pinCode: '411001' },
  lines: [{ name: 'Paracetamol 500mg Strip', sku: '101', units: 2, unitPricePaise: 3010 }],
  cod: false,
  totalPaise: 6020,
  weightGrams: 450,
  box: { lengthCm: 20, breadthCm: 15, heightCm: 10 },
};

const queryOf = (request: RecordedRequest) => Object.fromEntries(request.url.searchParams);

describe('our Shiprocket client against the documented API', () => {
  it('signs in once with the API user, then asks serviceability with the documented query and reads each courier', async () => {
    const { fetcher, requests } = recordingFetch(login.answers.ok, serviceability.answers.ok, serviceability.answers.ok);
    const client = new ShiprocketClient(settings, fetcher);
    const couriers = await client.serviceability({ pinCode: '411001', weightGrams: 500, cod: false });
    expect(couriers).toEqual([
      { courierId: 10, name: 'Delhivery Surface', etaDays: 5, ratePaise: 6500, cod: true },
      { courierId: 33, name: 'Blue Dart Air', etaDays: 2, ratePaise: 13000, cod: false },
    ]);
    await client.serviceability({ pinCode: '411002', weightGrams: 500, cod: true });
    expect(requests.map((request) => request.url.pathname)).toEqual(['/v1/external/auth/login', '/v1/external/courier/serviceability/', '/v1/external/courier/serviceability/']);
    expectDocumentedRequest(requests[0]!, login);
    expect(JSON.parse(requests[0]!.body)).toEqual({ email: settings.email, password: settings.password });
    expectDocumentedRequest({ ...requests[1]!, body: JSON.stringify(queryOf(requests[1]!)), headers: new Headers({ ...Object.fromEntries(requests[1]!.headers), 'content-type': 'application/json' }) }, serviceability);
    expect(queryOf(requests[1]!)).toEqual({ pickup_postcode: '560001', delivery_postcode: '411001', weight: '0.5', cod: '0' });
    expect(requests[1]!.headers.get('authorization')).toBe(`Bearer ${login.answers.ok.body.token}`);
  });

  it('reads "not serviceable" (status 404 in the body) as no courier, and signs in again once when the token expired', async () => {
    const { fetcher, requests } = recordingFetch(login.answers.ok, serviceability.answers.expiredToken, login.answers.ok, serviceability.answers.notServiceable);
    expect(await new ShiprocketClient(settings, fetcher).serviceability({ pinCode: '744101', weightGrams: 500, cod: false })).toEqual([]);
    expect(requests.map((request) => request.url.pathname.split('/').at(-2) ?? '')).toHaveLength(4);
  });

  it('a server error is temporary, a refused sign-in is not', async () => {
    const down = await new ShiprocketClient(settings, recordingFetch(login.answers.ok, serviceability.answers.serverError).fetcher).serviceability({ pinCode: '411001', weightGrams: 500, cod: false }).catch((error: unknown) => error);
    expect(down).toBeInstanceOf(CourierError);
    expect((down as CourierError).temporary).toBe(true);
    const refused = await new ShiprocketClient(settings, recordingFetch(login.answers.wrongPassword).fetcher).serviceability({ pinCode: '411001', weightGrams: 500, cod: false }).catch((error: unknown) => error);
    expect((refused as CourierError).temporary).toBe(false);
    expect((refused as CourierError).message).toContain('SHIPROCKET_EMAIL and SHIPROCKET_PASSWORD');
  });

  it('books a parcel with the documented order, AWB, label, pickup and manifest calls (kilograms and rupees on the wire)', async () => {
    const { fetcher, requests } = recordingFetch(login.answers.ok, createOrder.answers.ok, assignAwb.answers.ok, generateLabel.answers.ok, requestPickup.answers.ok, generateManifest.answers.ok);
    const client = new ShiprocketClient(settings, fetcher);
    expect(await client.createShipment(parcel)).toEqual({ providerOrderId: '481234567', providerShipmentId: '480987654' });
    expect(await client.assignAwb('480987654', 10)).toEqual({ awb: '19041424751540', courierId: 10, courierName: 'Delhivery Surface' });
    expect(await client.label('480987654')).toBe(generateLabel.answers.ok.body.label_url);
    expect(await client.requestPickup(['480987654'])).toEqual({ pickupDate: '2026-11-28 12:38:23', token: 'Reference No: 194582_BIGFOOT 20260828' });
    expect(await client.manifest(['480987654'])).toBe(generateManifest.answers.ok.body.manifest_url);
    expectDocumentedRequest(requests[1]!, createOrder);
    expect(JSON.parse(requests[1]!.body)).toMatchObject({ order_id: 'MK-2611-000123', invoice_number: 'INV-2627-000045', billing_customer_name: 'Asha', billing_last_name: 'Kulkarni', billing_phone: '9812345678', payment_method: 'Prepaid', sub_total: 60.2, weight: 0.45, order_items: [{ selling_price: 30.1, units: 2 }] });
    expectDocumentedRequest(requests[2]!, assignAwb);
    expect(JSON.parse(requests[2]!.body)).toEqual({ shipment_id: 480987654, courier_id: 10 });
    for (const [index, call] of [[3, generateLabel], [4, requestPickup], [5, generateManifest]] as const) expectDocumentedRequest(requests[index]!, call);
  });

  it('an AWB the courier refuses (awb_assign_status 0) is a refusal that names the reason', async () => {
    const error = (await new ShiprocketClient(settings, recordingFetch(login.answers.ok, assignAwb.answers.refused).fetcher).assignAwb('480987654', 33).catch((thrown: unknown) => thrown)) as CourierError;
    expect(error).toBeInstanceOf(CourierError);
    expect(error.temporary).toBe(false);
  });

  it('reads tracking by AWB (scans oldest first, in India time) and sends the documented NDR action', async () => {
    const { fetcher, requests } = recordingFetch(login.answers.ok, trackAwb.answers.ok, ndrAction.answers.ok);
    const client = new ShiprocketClient(settings, fetcher);
    const update = await client.track('19041424751540');
    expect(update.status).toBe('out_for_delivery');
    expect(update.orderNumber).toBe('MK-2611-000123');
    expect(update.scans.map((scan) => [scan.at, scan.status])).toEqual([
      ['2026-11-28T18:40:00+05:30', 'picked_up'],
      ['2026-11-30T09:12:00+05:30', 'out_for_delivery'],
    ]);
    await client.ndrAction('19041424751540', 'reattempt', 'Customer asked for another attempt');
    expectDocumentedRequest(requests[2]!, ndrAction);
    expect(JSON.parse(requests[2]!.body)).toEqual({ action: 're-attempt', comments: 'Customer asked for another attempt' });
  });
});

describe('the documented tracking webhook', () => {
  it('is read into the shop’s terms: the shipment status (not the courier-side code), every scan, the order number', () => {
    const update = readShiprocketWebhook(shiprocketWebhookSchema.parse(trackingWebhook.body));
    expect(update).toMatchObject({ awb: '19041424751540', orderNumber: 'MK-2611-000123', courierName: 'Delhivery Surface', status: 'in_transit', failureReason: null, isReturn: false });
    expect(update.scans.map((scan) => scan.status)).toEqual([null, 'picked_up', 'in_transit']);
  });

  it('a failed delivery carries the courier’s reason from its scan', () => {
    const body = { ...trackingWebhook.body, current_status: 'UNDELIVERED', shipment_status: 'UNDELIVERED', shipment_status_id: 21, scans: [...trackingWebhook.body.scans, { date: '2026-11-30 14:00:00', status: 'EOD-11', activity: 'Consignee not available', location: 'Pune', 'sr-status': '21', 'sr-status-label': 'UNDELIVERED' }] };
    expect(readShiprocketWebhook(shiprocketWebhookSchema.parse(body))).toMatchObject({ status: 'delivery_failed', failureReason: 'Consignee not available' });
  });

  it('is authenticated by the x-api-key token only', () => {
    expect(isShiprocketWebhookToken(settings.webhookToken, settings.webhookToken)).toBe(true);
    expect(isShiprocketWebhookToken(`${settings.webhookToken}x`, settings.webhookToken)).toBe(false);
    expect(isShiprocketWebhookToken(null, settings.webhookToken)).toBe(false);
  });
});

describe('the Shiprocket emulator answers as documented', () => {
  let emulator: RunningShiprocketEmulator;
  let client: ShiprocketClient;
  const received: unknown[] = [];
  let webhook: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        received.push({ token: req.headers['x-api-key'], body: JSON.parse(text) });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    webhook = { url: `http://127.0.0.1:${port}/api/shipping/tracking`, close: () => new Promise((resolve) => server.close(() => resolve())) };
    emulator = await startShiprocketEmulator({ email: settings.email, password: settings.password, pickupLocation: settings.pickupLocation, webhookUrl: webhook.url, webhookToken: settings.webhookToken });
    client = new ShiprocketClient({ ...settings, apiBase: `${emulator.url}/v1/external` });
  });
  afterAll(async () => {
    await emulator.close();
    await webhook.close();
  });

  it('answers serviceability in the documented shape, none for the islands, no COD in the north-east', async () => {
    const raw = await fetch(`${emulator.url}/v1/external/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: settings.email, password: settings.password }) });
    const signedIn = (await raw.json()) as { token: string };
    expectDocumentedShape(signedIn, login.answers.ok.body);
    const { token } = signedIn;
    const answer = await fetch(`${emulator.url}/v1/external/courier/serviceability/?pickup_postcode=560001&delivery_postcode=411001&weight=0.5&cod=0`, { headers: { authorization: `Bearer ${token}` } });
    expectDocumentedShape(await answer.json(), { ...serviceability.answers.ok.body, data: { available_courier_companies: [serviceability.answers.ok.body.data.available_courier_companies[0]] } });
    expect(await client.serviceability({ pinCode: '744101', weightGrams: 500, cod: false })).toEqual([]);
    expect((await client.serviceability({ pinCode: '781001', weightGrams: 500, cod: false })).every((courier) => !courier.cod)).toBe(true);
    expect((await client.serviceability({ pinCode: '411001', weightGrams: 500, cod: false })).length).toBe(3);
  });

  it('books, labels, picks up and tracks a parcel; a retried create finds the same order', async () => {
    const booked = await client.createShipment(parcel);
    expect(await client.createShipment(parcel)).toEqual(booked);
    const awb = await client.assignAwb(booked.providerShipmentId, 10);
    expect(awb.courierName).toBe('Delhivery Surface');
    expect(await client.label(booked.providerShipmentId)).toMatch(/\.pdf$/);
    expect((await fetch(await client.label(booked.providerShipmentId))).headers.get('content-type')).toBe('application/pdf');
    expect((await client.requestPickup([booked.providerShipmentId])).token).toMatch(/^Reference No/);
    expect(await client.manifest([booked.providerShipmentId])).toMatch(/\.pdf$/);
    await emulator.scan(awb.awb, 'picked_up');
    await emulator.scan(awb.awb, 'out_for_delivery');
    const tracked = await client.track(awb.awb);
    expect(tracked.status).toBe('out_for_delivery');
    expect(tracked.scans.map((scan) => scan.status)).toEqual(['picked_up', 'out_for_delivery']);
  });

  it('posts the documented webhook with the token in x-api-key', async () => {
    const last = received.at(-1) as { token: string; body: unknown };
    expect(last.token).toBe(settings.webhookToken);
    const { pod_status: _pod, ...documented } = trackingWebhook.body;
    expectDocumentedShape(last.body, documented);
    expect(readShiprocketWebhook(shiprocketWebhookSchema.parse(last.body)).status).toBe('out_for_delivery');
  });

  it('refuses a COD AWB with a courier that does not collect cash, and an unknown call out loud', async () => {
    const booked = await client.createShipment({ ...parcel, orderNumber: 'MK-2611-000124', cod: true });
    const error = (await client.assignAwb(booked.providerShipmentId, 33).catch((thrown: unknown) => thrown)) as CourierError;
    expect(error.message).toContain('does not collect cash on delivery');
    const unknown = await fetch(`${emulator.url}/v1/external/teleport`, { headers: { authorization: 'Bearer x' } });
    expect(unknown.status).toBe(401);
  });
});
