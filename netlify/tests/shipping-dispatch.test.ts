import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningShiprocketEmulator } from '../../emulators/shiprocket/index';
import type { buildDependencies } from '../../src/features/checkout/server/dependencies';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { bookParcel, bookReturnPickup, requestDayPickup, type DispatchDependencies } from '../../src/features/shipping/server/dispatch';
import type { ShippingDependencies } from '../../src/features/shipping/server/production';
import { guestOrderToken } from '../../src/domain/guest-order-link';
import { handleCourierUpdate, handleParcel, reconcileShipments } from '../../src/features/shipping/server/tracking';
import { HttpRefusal, respond } from '../../src/lib/server/http';
import { handleCodRemittance, handleReturnedParcel } from '../../src/features/desk/server/dispatch-handlers';
import type { DeskDependencies } from '../../src/features/desk/server/handlers';
import { BENGALURU_DELIVERY, checkoutBody, PUNE_DELIVERY, startShipping, startTestStack, TEST_NOW, type TestStack } from './test-stack';

// Dispatch by courier in one action (issue 39): the parcel booked with the invoice number, the AWB
// by the owner's rule, the label; pressed again after a failure it resumes and books nothing twice;
// a courier's refusal leaves nothing booked; the day's pickup is one request with its manifest.

const STAFF = '44444444-4444-4444-8444-444444444444';

let stack: TestStack;
let shiprocket: RunningShiprocketEmulator;
let shipping: ShippingDependencies;
let checkout: ReturnType<typeof buildDependencies>;
let admin: SupabaseClient;
let failNext: string | null = null;
let hook: Server;
const TOKEN = 'local-shiprocket-webhook-token-for-tests';
const changed: string[] = [];
const created: string[] = [];
// The provider's API as the functions reach it: bookings counted, and the next call to `failNext` lost.
const flaky: typeof fetch = async (input, init) => {
  const url = String(input);
  if (url.includes('orders/create/adhoc')) created.push(url);
  if (failNext && url.includes(failNext)) {
    failNext = null;
    throw new TypeError('fetch failed');
  }
  return fetch(input, init);
};

beforeAll(async () => {
  stack = await startTestStack();
  // The shop's webhook function, as Netlify would run it, for the emulator's tracking posts.
  hook = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const answer = await respond('/api/shipping/courier-updates', () =>
      handleCourierUpdate(
        new Request('http://localhost:8888/api/shipping/courier-updates', { method: 'POST', headers: req.headers as Record<string, string>, body }),
        { db: shipping.db, now: () => TEST_NOW, afterChange: async (orderId) => void changed.push(orderId) },
        TOKEN,
      ),
    );
    res.writeHead(answer.status, { 'content-type': 'application/json' });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  const hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/api/shipping/courier-updates`;
  ({ shiprocket, shipping, checkout } = await startShipping(stack, { fetcher: flaky, webhook: { url: hookUrl, token: TOKEN } }));
  admin = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });
}, 120_000);
afterAll(async () => {
  await shiprocket?.close();
  await new Promise((resolve) => hook?.close(resolve));
  await stack?.close();
});

const dispatch = (): DispatchDependencies => ({ db: shipping.db, courier: shipping.courier!, content: shipping.content, now: () => TEST_NOW });

/** A packed order placed at checkout to `delivery`, cash on delivery or paid with Razorpay. */
async function packedOrder(delivery: Record<string, unknown>, method: 'cod' | 'razorpay' = 'cod'): Promise<string> {
  const session = randomUUID();
  const response = await paymentHandler(method, 'create')(new Request('http://localhost:8888/api/test', { method: 'POST', body: JSON.stringify(checkoutBody(undefined, { cartSessionId: session, delivery })) }), () => checkout);
  expect(response.status).toBe(200);
  const [order] = await stack.ordersWhere('guest_session_id', session);
  if (method === 'razorpay') {
    const paid = await admin.rpc('mark_order_paid', { p_provider_order_id: order!.provider_order_id, p_provider_payment_id: `pay_${randomUUID().slice(0, 8)}` });
    if (paid.error) throw new Error(paid.error.message);
  }
  // Cash on delivery is confirmed as it is placed, a paid order once paid; the desk packs it.
  const { error } = await admin.rpc('move_order_as_staff', { p_order_id: order!.id, p_expected_status: 'confirmed', p_status: 'packed', p_actor_role: 'staff', p_actor_id: STAFF, p_note: null, p_courier_name: null, p_tracking_number: null });
  if (error) throw new Error(error.message);
  return order!.id as string;
}

/** A packed cash-on-delivery order to Pune with its parcel booked (the invoice numbered `invoiceNumber`). */
async function bookedOrder(invoiceNumber: string): Promise<{ orderId: string; awb: string }> {
  const orderId = await packedOrder(PUNE_DELIVERY);
  const { awb } = await bookParcel(dispatch(), orderId, 450, STAFF, async () => invoiceNumber);
  return { orderId, awb };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(HttpRefusal);
  return error as HttpRefusal;
};

describe('dispatch by courier', () => {
  it('books the parcel with the invoice number and the cheapest courier, and answers its AWB and label', async () => {
    const orderId = await packedOrder(PUNE_DELIVERY);
    let invoices = 0;
    const parcel = await bookParcel(dispatch(), orderId, 450, STAFF, async () => `INV-2627-00000${++invoices}`);
    expect(parcel).toMatchObject({ courierName: 'Delhivery Surface', invoiceNumber: 'INV-2627-000001', trackingUrl: `https://shiprocket.co/tracking/${parcel.awb}` });
    expect(parcel.labelUrl).toMatch(/\.pdf$/);
    const booked = shiprocket.shipments.find((shipment) => shipment.awb === parcel.awb)!;
    expect(booked).toMatchObject({ cod: true, pinCode: '411001' });
    // Pressed again: the same parcel, no second booking or invoice.
    expect(await bookParcel(dispatch(), orderId, 450, STAFF, async () => `INV-2627-00000${++invoices}`)).toEqual(parcel);
    expect(invoices).toBe(1);
  });

  it('after a failure mid-way, says to press again, and the retry resumes without booking twice', async () => {
    const orderId = await packedOrder(PUNE_DELIVERY);
    const before = created.length;
    failNext = 'courier/assign/awb';
    const failed = await refusal(bookParcel(dispatch(), orderId, 300, STAFF, async () => 'INV-2627-000010'));
    expect(failed.status).toBe(503);
    expect(failed.message).toContain('Press Dispatch again: nothing is booked twice.');
    const { data: half } = await admin.from('shipments').select('status, provider_shipment_id, awb').eq('order_id', orderId).single();
    expect(half).toMatchObject({ status: 'booking', awb: null });
    expect(half!.provider_shipment_id).not.toBeNull();
    const parcel = await bookParcel(dispatch(), orderId, 300, STAFF, async () => 'INV-2627-000011');
    expect(parcel).toMatchObject({ invoiceNumber: 'INV-2627-000010' });
    expect(created.length - before).toBe(1);
  });

  it('refuses an own-zone order (the rider ships it by hand)', async () => {
    const orderId = await packedOrder(BENGALURU_DELIVERY);
    expect((await refusal(bookParcel(dispatch(), orderId, 300, STAFF, async () => 'INV'))).message).toContain("goes with the pharmacy's own delivery");
  });

  it('requests the day’s pickup once for every booked parcel, with the manifest to print', async () => {
    const batch = await requestDayPickup(dispatch());
    expect(batch).toMatchObject({ day: '2026-11-23', parcels: 2 });
    expect(batch.manifestUrl).toMatch(/\.pdf$/);
    expect((await refusal(requestDayPickup(dispatch()))).status).toBe(409);
    const { data } = await admin.from('shipping_pickups').select('india_date, token').eq('india_date', '2026-11-23').single();
    expect(data!.token).toMatch(/^Reference No/);
  });
});

describe('the courier’s tracking webhook', () => {
  const parcelOf = async (orderId: string) => (await admin.from('shipments').select('id, status, failure_reason, failed_attempts').eq('order_id', orderId).single()).data!;
  const orderOf = async (orderId: string) => (await admin.from('orders').select('status, payment_status').eq('id', orderId).single()).data!;
  const outbox = async (orderId: string) => (await admin.from('message_outbox').select('kind, channel').eq('order_id', orderId)).data!.map((row) => `${row.kind}/${row.channel}`).sort();

  it('walks the parcel to the door: picked up, out for delivery, delivered; the order is delivered and its cash paid, each scan kept once', async () => {
    const { orderId, awb } = await bookedOrder('INV-2627-000020');
    await admin.rpc('move_order_as_staff', { p_order_id: orderId, p_expected_status: 'packed', p_status: 'shipped', p_actor_role: 'staff', p_actor_id: STAFF, p_note: null, p_courier_name: 'Delhivery Surface', p_tracking_number: awb });
    expect(await shiprocket.scan(awb, 'picked_up')).toEqual({ webhookStatus: 200 });
    expect((await parcelOf(orderId)).status).toBe('picked_up');
    await shiprocket.scan(awb, 'out_for_delivery');
    expect((await parcelOf(orderId)).status).toBe('out_for_delivery');
    expect(await outbox(orderId)).toContain('order_out_for_delivery/sms');
    await shiprocket.scan(awb, 'delivered');
    expect((await parcelOf(orderId)).status).toBe('delivered');
    expect(await orderOf(orderId)).toEqual({ status: 'delivered', payment_status: 'paid' });
    const { data: scans } = await admin.from('shipment_scans').select('status').eq('shipment_id', (await parcelOf(orderId)).id);
    expect(scans!.map((scan) => scan.status).sort()).toEqual(['delivered', 'out_for_delivery', 'picked_up']);
    expect(changed).toContain(orderId);

    // The order page's block: the courier, the tracking link and the scans, newest first, for the guest's signed key only.
    const { data: row } = await admin.from('orders').select('order_number').eq('id', orderId).single();
    const read = async (key: string) => {
      const answer = await respond('parcel', () => handleParcel(new Request(`http://localhost:8888/api/shipping/parcel?number=${row!.order_number}&key=${key}`), { db: shipping.db, orderLinkSecret: stack.env.ORDER_LINK_SECRET }));
      return { status: answer.status, body: await answer.json() };
    };
    const shown = await read(await guestOrderToken(orderId, stack.env.ORDER_LINK_SECRET));
    expect(shown.body.parcel).toMatchObject({ courierName: 'Delhivery Surface', awb, trackingUrl: `https://shiprocket.co/tracking/${awb}`, status: 'delivered' });
    expect(shown.body.parcel.scans.map((scan: { status: string }) => scan.status)).toEqual(['delivered', 'out_for_delivery', 'picked_up']);
    expect((await read('not-the-key')).status).toBe(404);
  });

  it('records a failed attempt with the courier’s reason once, however often the news repeats', async () => {
    const { orderId, awb } = await bookedOrder('INV-2627-000021');
    await shiprocket.scan(awb, 'out_for_delivery');
    await shiprocket.scan(awb, 'undelivered', 'Consignee not available');
    const shipment = shiprocket.shipments.find((candidate) => candidate.awb === awb)!;
    await fetch(`${shiprocket.url}/_emulator/shipments/${awb}/scan`, { method: 'POST', body: JSON.stringify({ step: 'undelivered', reason: 'Consignee not available' }) });
    expect(shipment.scans.length).toBe(3);
    expect(await parcelOf(orderId)).toMatchObject({ status: 'delivery_failed', failure_reason: 'Consignee not available', failed_attempts: 1 });
  });

  it('refuses a post without the token before reading it, and ignores an AWB it did not book', async () => {
    const url = `http://127.0.0.1:${(hook.address() as { port: number }).port}/api/shipping/courier-updates`;
    const forged = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'guess' }, body: '{}' });
    expect(forged.status).toBe(401);
    const stranger = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': TOKEN }, body: JSON.stringify({ awb: '999', current_status: 'DELIVERED', shipment_status_id: 7, scans: [] }) });
    expect(await stranger.json()).toEqual({ ok: true, ignored: 'no parcel with AWB 999' });
  });

  it('reconciliation asks about a parcel whose news stopped, and applies the courier’s answer', async () => {
    const { orderId, awb } = await bookedOrder('INV-2627-000022');
    await shiprocket.scan(awb, 'picked_up');
    await shiprocket.scan(awb, 'out_for_delivery');
    // The out-for-delivery post was lost: the shop still has the parcel picked up, two days ago.
    const twoDaysAgo = new Date(TEST_NOW.getTime() - 48 * 3600 * 1000).toISOString();
    await admin.from('shipments').update({ status: 'picked_up', status_at: twoDaysAgo, last_scan_at: null }).eq('order_id', orderId);
    const report = await reconcileShipments({ db: shipping.db, now: () => TEST_NOW, courier: shipping.courier!, afterChange: async () => {} });
    expect(report).toMatchObject({ moved: 1, failed: 0 });
    expect((await parcelOf(orderId)).status).toBe('out_for_delivery');
  });

  it('the provider’s remittance report marks delivered cash-on-delivery parcels once, and names the AWBs it does not pay for', async () => {
    const { orderId, awb } = await bookedOrder('INV-2627-000023');
    for (const step of ['picked_up', 'out_for_delivery', 'delivered'] as const) await shiprocket.scan(awb, step);
    const deskDeps = { store: { verifyAccessToken: async () => ({ id: STAFF, app_metadata: { role: 'support' } }) }, orders: { db: shipping.db } } as unknown as DeskDependencies;
    const remit = async (remittanceId: string) => {
      const answer = await respond('remit', () =>
        handleCodRemittance(new Request('http://localhost:8888/api/desk/cod-remittance', { method: 'POST', headers: { authorization: 'Bearer staff' }, body: JSON.stringify({ remittanceId, remittedOn: '2026-12-05', awbs: [awb, 'NOT-OURS'] }) }), deskDeps),
      );
      return answer.json();
    };
    expect(await remit('REM-1001')).toEqual({ marked: 1, alreadyMarked: 0, notDeliveredCod: ['NOT-OURS'] });
    expect(await remit('REM-1002')).toEqual({ marked: 0, alreadyMarked: 1, notDeliveredCod: ['NOT-OURS'] });
    const { data } = await admin.from('shipments').select('cod_remittance_id, cod_remitted_on').eq('order_id', orderId).single();
    expect(data).toEqual({ cod_remittance_id: 'REM-1001', cod_remitted_on: '2026-12-05' });
  });

  it('a customer’s unopened return is collected by a reverse pickup with the same provider, once, and the customer is told', async () => {
    const { orderId, awb } = await bookedOrder('INV-2627-000024');
    expect((await refusal(bookReturnPickup(dispatch(), orderId, 'Doctor changed the prescription', STAFF))).status).toBe(409);
    for (const step of ['picked_up', 'out_for_delivery', 'delivered'] as const) await shiprocket.scan(awb, step);
    const pickup = await bookReturnPickup(dispatch(), orderId, 'Doctor changed the prescription', STAFF);
    expect(pickup.courierName).toBe('Delhivery Surface');
    expect(await bookReturnPickup(dispatch(), orderId, 'Doctor changed the prescription', STAFF)).toEqual(pickup);
    expect(shiprocket.shipments.filter((shipment) => shipment.isReturn && shipment.orderId.startsWith('MK-'))).toHaveLength(1);
    expect(await outbox(orderId)).toContain('order_return_pickup/mail');
  });
});

describe('a parcel the courier brought back (RTO), received at the desk', () => {
  const refunds: { amountPaise: number; key: string }[] = [];
  const deskDeps = () =>
    ({
      store: {
        verifyAccessToken: async () => ({ id: STAFF, app_metadata: { role: 'support' } }),
        findOrder: async (id: string) => (await admin.from('orders').select('*').eq('id', id).maybeSingle()).data,
      },
      orders: { db: shipping.db },
      refund: async (_order: unknown, amountPaise: number, key: string) => void refunds.push({ amountPaise, key }),
      sendMails: async () => {},
    }) as unknown as DeskDependencies;
  const receive = async (orderId: string, condition: string) => {
    const answer = await respond('receive', () =>
      handleReturnedParcel(new Request('http://localhost:8888/api/desk/dispatch-return', { method: 'POST', headers: { authorization: 'Bearer staff' }, body: JSON.stringify({ orderId, condition }) }), deskDeps()),
    );
    return { status: answer.status, body: await answer.json() };
  };
  const orderOf = async (orderId: string) => (await admin.from('orders').select('status, payment_status, amount_paise').eq('id', orderId).single()).data!;

  /** Picked from the batch (2 strips), shipped with an invoice, walked by the courier to a failed attempt and back. */
  async function cameBack(method: 'cod' | 'razorpay', batchId: number): Promise<string> {
    const orderId = await packedOrder(PUNE_DELIVERY, method);
    const picked = await admin.rpc('dispatch_order_batches', { p_order_id: orderId, p_picks: [{ line_index: 0, batch_id: batchId, quantity: 2 }], p_picked_by: STAFF });
    if (picked.error) throw new Error(picked.error.message);
    const { awb } = await bookParcel(dispatch(), orderId, 450, STAFF, async () => {
      const issued = await admin.rpc('issue_tax_document', { p_order_id: orderId, p_kind: 'invoice', p_document: { lines: [] } });
      return issued.data.number as string;
    });
    await admin.rpc('move_order_as_staff', { p_order_id: orderId, p_expected_status: 'packed', p_status: 'shipped', p_actor_role: 'staff', p_actor_id: STAFF, p_note: null, p_courier_name: 'Delhivery Surface', p_tracking_number: awb });
    expect((await receive(orderId, 'unopened')).status).toBe(409);
    for (const step of ['picked_up', 'out_for_delivery', 'undelivered', 'rto_initiated', 'rto_delivered'] as const) await shiprocket.scan(awb, step, step === 'undelivered' ? 'Address incomplete' : undefined);
    return orderId;
  }

  it('unopened, paid online: stock back, the invoice credited, the order returned and the whole payment refunded; once', async () => {
    const { data: batch } = await admin.from('stock_batches').insert({ product_id: 101, batch_number: 'RTO-FN', expiry_date: '2028-01-31', quantity_on_hand: 10, mrp_paise: 3010 }).select('id').single();
    const orderId = await cameBack('razorpay', batch!.id);
    const received = await receive(orderId, 'unopened');
    expect(received).toEqual({ status: 200, body: { status: 'returned', creditNoteNumber: expect.stringMatching(/^CN\//), restocked: true } });
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: 'returned', payment_status: 'refund_pending' });
    expect(refunds.at(-1)).toEqual({ amountPaise: order.amount_paise, key: `rto-${orderId.replaceAll('-', '')}` });
    expect((await admin.from('stock_batches').select('quantity_on_hand').eq('id', batch!.id).single()).data).toEqual({ quantity_on_hand: 10 });
    const again = await receive(orderId, 'unopened');
    expect(again).toEqual({ status: 409, body: { error: expect.stringContaining('was received already') } });
    expect((await admin.from('stock_batches').select('quantity_on_hand').eq('id', batch!.id).single()).data).toEqual({ quantity_on_hand: 10 });
  });

  it('opened, cash on delivery: nothing back on the shelf, nothing to refund, the unpaid cash closed', async () => {
    const { data: batch } = await admin.from('stock_batches').insert({ product_id: 101, batch_number: 'RTO-FN2', expiry_date: '2028-01-31', quantity_on_hand: 10, mrp_paise: 3010 }).select('id').single();
    const orderId = await cameBack('cod', batch!.id);
    const before = refunds.length;
    expect((await receive(orderId, 'opened')).body).toEqual({ status: 'returned', creditNoteNumber: expect.stringMatching(/^CN\//), restocked: false });
    expect(await orderOf(orderId)).toMatchObject({ status: 'returned', payment_status: 'failed' });
    expect(refunds.length).toBe(before);
    expect((await admin.from('stock_batches').select('quantity_on_hand').eq('id', batch!.id).single()).data).toEqual({ quantity_on_hand: 8 });
  });
});
