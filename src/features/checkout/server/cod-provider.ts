import { z } from 'zod';
import { codEligibility } from '../../../domain/delivery';
import { createOrderRequestSchema, type CreateOrderRequest } from '../../../domain/payment-contract';
import { paymentMethodLabel } from '../../../domain/payment-methods';
import { HttpRefusal } from '../../../lib/server/http';
import type { PaymentProvider, ServerPaymentMethod } from './provider';

const NOT_ONLINE = 'Cash on delivery orders are paid at the door';

/**
 * Cash on delivery: no provider to call. The order is placed as soon as it is accepted (payment
 * stays pending until the courier collects it), and only when every line, the zone and the total
 * allow it (content/delivery's limit).
 */
export function createCodProvider(): PaymentProvider<CreateOrderRequest, never> {
  return {
    createSchema: createOrderRequestSchema,
    placesWithoutPayment: true,
    refusal: ({ lines, zone, amountPaise, content }) => {
      const eligibility = codEligibility(lines, zone, amountPaise, content.codLimitPaise);
      return eligibility.allowed ? null : eligibility.reason;
    },
    async create(_body, order) {
      return { providerOrderId: `COD_${order.id}`, reply: {} };
    },
    verifyFields: [],
    verifySchema: z.never(),
    verifyOrderId: () => {
      throw new HttpRefusal(404, NOT_ONLINE);
    },
    unknownOrderMessage: NOT_ONLINE,
    verify: () => Promise.reject(new HttpRefusal(404, NOT_ONLINE)),
    parseWebhook: () => {
      throw new HttpRefusal(404, NOT_ONLINE);
    },
    confirmsWebhooksWithStatus: false,
    status: async () => ({ state: 'pending' }),
    refund: () => Promise.reject(new Error('a cash on delivery order has no online payment to refund')),
  };
}

/**
 * Cash on delivery's server adapter: the courier collects, so nothing is refunded online (the mails
 * say nothing was charged) and no order waits for a payment to reconcile. Always taken.
 */
export const codMethod: ServerPaymentMethod = {
  label: paymentMethodLabel('cod'),
  refundsOnline: false,
  reconciled: false,
  connect: () => createCodProvider(),
};
