import { z } from 'zod';
import { createOrderRequestSchema, type CreateOrderRequest } from '../../../domain/payment-contract';
import { HttpRefusal } from '../../../lib/server/http';
import type { PaymentProvider, Refund, ServerPaymentMethod } from './provider';

/**
 * A fake fourth payment method, "Pay Later", for fourth-method.test.ts: the measurement that a
 * method is its adapter plus a registry entry. Its "provider" is an in-memory ledger the test pays
 * and refunds through, as an emulator would.
 */
export const PAY_LATER = 'paylater';

export interface PayLaterLedger {
  /** Orders opened at the provider, by its order id: amount, and the payment once the customer paid. */
  orders: Map<string, { amountPaise: number; paymentId: string | null }>;
  /** Refunds by idempotency key. */
  refunds: Map<string, Refund>;
  /** The customer pays on the provider's page. */
  pay(providerOrderId: string): string;
}

export function payLaterLedger(): PayLaterLedger {
  const orders: PayLaterLedger['orders'] = new Map();
  return {
    orders,
    refunds: new Map(),
    pay(providerOrderId) {
      const order = orders.get(providerOrderId);
      if (!order) throw new Error(`no Pay Later order ${providerOrderId}`);
      order.paymentId = `pl_pay_${providerOrderId}`;
      return order.paymentId;
    },
  };
}

const verifySchema = z.strictObject({ paylater_order_id: z.string().min(1) });
type PayLaterVerify = z.infer<typeof verifySchema>;

function payLaterProvider(ledger: PayLaterLedger): PaymentProvider<CreateOrderRequest, PayLaterVerify> {
  return {
    createSchema: createOrderRequestSchema,
    async create(_body, order) {
      const providerOrderId = `pl_${order.id}`;
      ledger.orders.set(providerOrderId, { amountPaise: order.amountPaise, paymentId: null });
      return { providerOrderId, reply: { payLaterOrderId: providerOrderId } };
    },
    verifyFields: ['paylater_order_id'],
    verifySchema,
    verifyOrderId: (body) => body.paylater_order_id,
    unknownOrderMessage: 'Unknown paylater_order_id',
    async verify(body, order) {
      const paymentId = ledger.orders.get(body.paylater_order_id)?.paymentId;
      if (!paymentId) return { record: null, status: 402, reply: { verified: false } };
      return { record: { state: 'paid', paymentId, amountPaise: order.amount_paise, currency: order.currency }, status: 200, reply: { verified: true, orderId: order.id } };
    },
    parseWebhook: () => {
      throw new HttpRefusal(404, 'Pay Later sends no webhooks');
    },
    confirmsWebhooksWithStatus: false,
    async status(order) {
      const paymentId = ledger.orders.get(order.provider_order_id)?.paymentId;
      return paymentId ? { state: 'paid', paymentId, amountPaise: order.amount_paise, currency: order.currency } : { state: 'pending' };
    },
    async refund(order, amountPaise, idempotencyKey) {
      const earlier = ledger.refunds.get(idempotencyKey);
      if (earlier) return earlier;
      if (!order.provider_payment_id) throw new HttpRefusal(409, 'This order has no captured payment to refund.');
      const refund: Refund = { refundId: `pl_rfnd_${ledger.refunds.size + 1}`, amountPaise, state: 'completed' };
      ledger.refunds.set(idempotencyKey, refund);
      return refund;
    },
  };
}

/** Pay Later's server adapter over the test's ledger. */
export function payLaterMethod(ledger: PayLaterLedger): ServerPaymentMethod {
  return {
    label: 'Pay Later',
    refundsOnline: true,
    reconciled: true,
    connect: () => payLaterProvider(ledger),
  };
}
