import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpRefusal } from '../../src/lib/server/http';
import { paymentHandler } from '../../src/features/checkout/server/payment-handlers';
import { startTestStack, type TestStack, BENGALURU_DELIVERY } from './test-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

const cart = { amount: 14200, lines: [{ productId: 104, quantity: 1 }], prescriptionPaths: [], delivery: BENGALURU_DELIVERY };
const refundCount = async (emulatorUrl: string) => ((await (await fetch(`${emulatorUrl}/__emulator/refunds`)).json()) as { count: number }).count;
const storedOrder = async (provider: 'razorpay' | 'phonepe', providerOrderId: string) => (await stack.deps.orders.findOrder(provider, providerOrderId))!;

describe('Razorpay adapter: status and refund', () => {
  async function paidOrder() {
    const created = await stack.call(paymentHandler('razorpay', 'create'), { ...cart, cartSessionId: randomUUID() });
    const orderId = (created.body.order as { id: string }).id;
    const paid = await stack.payInRazorpay(orderId);
    expect((await stack.call(paymentHandler('razorpay', 'verify'), paid)).status).toBe(200);
    return { order: await storedOrder('razorpay', orderId), paymentId: paid.razorpay_payment_id };
  }

  it('reports a created order pending and a paid one paid with its amount', async () => {
    const created = await stack.call(paymentHandler('razorpay', 'create'), { ...cart, cartSessionId: randomUUID() });
    const unpaid = await storedOrder('razorpay', (created.body.order as { id: string }).id);
    expect(await stack.deps.providers.razorpay!.status(unpaid)).toEqual({ state: 'pending' });
    const { order, paymentId } = await paidOrder();
    expect(await stack.deps.providers.razorpay!.status(order)).toEqual({ state: 'paid', paymentId, amountPaise: 14200, currency: 'INR' });
  });

  it("settles a refund still pending on our side when Razorpay's refund.processed webhook arrives, once", async () => {
    const { order } = await paidOrder();
    const hooksBefore = stack.razorpayHooks.received.length;
    const refund = await stack.deps.providers.razorpay!.refund(order, 4200, `webhook-${order.id}`);
    // As a live refund answers at first: pending, with Razorpay's id stored on our row.
    const admin = createClient(stack.supabase.url, stack.supabase.serviceRoleKey, { auth: { persistSession: false } });
    const inserted = await admin.from('refunds').insert({ order_id: order.id, amount_paise: 4200, idempotency_key: `webhook-${order.id}`, reason: 'Prescription expired', kind: 'rejected_lines', state: 'pending', provider_refund_id: refund.refundId }).select('id').single();
    expect(inserted.error).toBeNull();
    const webhook = (await stack.razorpayHooks.waitFor(hooksBefore + 1)).slice(hooksBefore).find((hook) => hook.body.includes('"refund.processed"'))!;
    const deliver = () =>
      stack.call(paymentHandler('razorpay', 'webhook'), null, {
        rawBody: webhook.body,
        headers: { 'x-razorpay-signature': webhook.headers['x-razorpay-signature']!, 'x-razorpay-event-id': webhook.headers['x-razorpay-event-id']! },
      });
    expect(await deliver()).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await deliver()).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const { data: row } = await admin.from('refunds').select('state').eq('id', inserted.data!.id).single();
    expect(row).toEqual({ state: 'processed' });
    expect((await stack.ordersWhere('id', order.id))[0]).toMatchObject({ payment_status: 'partially_refunded' });
  });

  it('refunds once per idempotency key and refuses more than was paid', async () => {
    const { order } = await paidOrder();
    const before = await refundCount(stack.razorpay.url);
    const first = await stack.deps.providers.razorpay!.refund(order, 4200, `refund-${order.id}`);
    const retried = await stack.deps.providers.razorpay!.refund(order, 4200, `refund-${order.id}`);
    expect(first).toEqual({ refundId: expect.stringMatching(/^rfnd_/), amountPaise: 4200, state: 'completed' });
    expect(retried).toEqual(first);
    expect(await refundCount(stack.razorpay.url)).toBe(before + 1);
    const over = stack.deps.providers.razorpay!.refund(order, 10001, `refund-more-${order.id}`);
    await expect(over).rejects.toEqual(new HttpRefusal(422, 'Razorpay refused the refund: The total refund amount is greater than the refund payment amount'));
    expect(await refundCount(stack.razorpay.url)).toBe(before + 1);
  });
});

describe('PhonePe adapter: status and refund', () => {
  async function order(outcome: 'COMPLETED' | 'PENDING') {
    const merchantTransactionId = `TXN_${Date.now()}_refund${Math.floor(Math.random() * 1e6)}`;
    const created = await stack.call(paymentHandler('phonepe', 'create'), { ...cart, cartSessionId: randomUUID(), merchantTransactionId });
    const { url } = (created.body.data as { instrumentResponse: { redirectInfo: { url: string } } }).instrumentResponse.redirectInfo;
    await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `outcome=${outcome}` });
    return storedOrder('phonepe', merchantTransactionId);
  }

  it('reads the order status and refunds once per merchantRefundId, never above the order amount', async () => {
    expect(await stack.deps.providers.phonepe!.status(await order('PENDING'))).toEqual({ state: 'pending' });
    const paid = await order('COMPLETED');
    expect(await stack.deps.providers.phonepe!.status(paid)).toMatchObject({ state: 'paid', amountPaise: 14200, currency: 'INR' });

    const before = await refundCount(stack.phonePe.url);
    const key = `RFD_${paid.id.slice(0, 8)}`;
    const first = await stack.deps.providers.phonepe!.refund(paid, 14200, key);
    expect(first).toEqual({ refundId: expect.stringMatching(/^OMR/), amountPaise: 14200, state: 'pending' });
    expect(await stack.deps.providers.phonepe!.refund(paid, 14200, key)).toEqual(first);
    await expect(stack.deps.providers.phonepe!.refund(paid, 100, `${key}_more`)).rejects.toBeInstanceOf(HttpRefusal);
    expect(await refundCount(stack.phonePe.url)).toBe(before + 1);
  });
});
