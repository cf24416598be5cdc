import { checkPinCode } from '../../../domain/delivery';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { parseDeliveryContent } from '../../../domain/delivery-content';
import { pipelineRefunds } from './refunds';
import { composeOrderMail } from '../../messages/server/public';
import type { RefundRow } from '../../orders/server/refunds';
import { inMemoryCatalogueIndex } from '../../checkout/server/catalogue-index';
import type { CheckoutDependencies } from '../../checkout/server/dependencies';
import { parseServerEnv } from '../../checkout/server/env';
import type { NewOrder, OrderStore, StoredOrder } from '../../checkout/server/order-store';
import { paymentHandler } from '../../checkout/server/payment-handlers';
import { PAY_LATER, payLaterLedger, payLaterMethod, type PayLaterLedger } from '../../checkout/server/pay-later-provider.fixture';
import { buildProviders, PAYMENT_REGISTRY, paymentRules, reconciledMethods, withPaymentMethod, type PaymentMethodRules } from '../../checkout/server/providers';

/*
 * The measurement of issue 22 item 4: a fourth payment method is its adapter (checkout/server/pay-later-provider.fixture.ts)
 * added through the registry's extension point (withPaymentMethod); no shared file names it, yet
 * checkout, refunds, mails, reconciliation and labels take it like the table's own methods. It lives
 * in the desk, the feature above checkout and orders, so it may use all three.
 */

const env = parseServerEnv({
  SUPABASE_URL: 'http://127.0.0.1:9',
  SUPABASE_SERVICE_ROLE_KEY: 'service-role',
  SITE_URL: 'http://localhost:8888',
  ORDER_LINK_SECRET: 'a-secret-of-at-least-32-characters!',
});

const delivery = parseDeliveryContent(
  { codLimitPaise: 500000, nonDeliveryDates: [], zones: [{ id: 'bengaluru-central', name: 'Bengaluru central', deliveryBusinessDays: 1, codAllowed: true, pinCodes: ['560001-560110'] }] },
  'fourth method test',
);

const catalogue = inMemoryCatalogueIndex([{ id: 101, name: 'Paracetamol 500mg Strip', mrp_paise: 3010, requires_prescription: false, cod_available: true, sale_state: 'ADD TO CART' }]);

/** The orders table as the payment pipeline sees it, in memory (the SQL's provider check is the migration's business). */
function memoryOrders() {
  const rows = new Map<string, StoredOrder>();
  const byProviderOrderId = (id: string) => [...rows.values()].find((row) => row.provider_order_id === id) ?? null;
  const store: OrderStore = {
    async insertOrder(order: NewOrder) {
      if (byProviderOrderId(order.providerOrderId)) return null;
      const orderNumber = `MK-${rows.size + 1001}`;
      rows.set(order.id, {
        id: order.id,
        provider: order.provider,
        provider_order_id: order.providerOrderId,
        provider_payment_id: null,
        payment_status: 'pending',
        status: 'placed',
        order_number: orderNumber,
        user_id: null,
        prescription_paths: order.prescriptionPaths,
        amount_paise: order.amountPaise,
        currency: 'INR',
      });
      return orderNumber;
    },
    async acceptOrder(orderId) {
      const row = rows.get(orderId)!;
      row.status = 'confirmed';
      return row;
    },
    findOrder: async (provider, providerOrderId) => {
      const row = byProviderOrderId(providerOrderId);
      return row?.provider === provider ? row : null;
    },
    async markPaid(providerOrderId, paymentId) {
      const row = byProviderOrderId(providerOrderId);
      if (row) Object.assign(row, { payment_status: 'paid', status: 'confirmed', provider_payment_id: paymentId });
      return row;
    },
    async markFailed(providerOrderId) {
      const row = byProviderOrderId(providerOrderId);
      if (row && row.payment_status !== 'paid') row.payment_status = 'failed';
      return row;
    },
    recordWebhookEvent: async () => true,
    recordRefundOutcome: async () => false,
    prescriptionExists: async () => false,
    userIdOfAccessToken: async () => null,
  };
  return { rows, store };
}

function checkout(ledger: PayLaterLedger, rules: Partial<PaymentMethodRules> = {}) {
  const orders = memoryOrders();
  const placed: string[] = [];
  const providers = buildProviders(env, fetch, withPaymentMethod(PAYMENT_REGISTRY, PAY_LATER, { ...payLaterMethod(ledger), ...rules }));
  const deps: CheckoutDependencies = {
    env,
    catalogue,
    delivery,
    checkDelivery: async (pinCode, at) => checkPinCode(pinCode, delivery, at),
    now: () => new Date('2026-11-23T06:30:00Z'),
    orders: orders.store,
    providers,
    orderPlaced: async (orderId) => void placed.push(orderId),
    requests: { prepare: () => Promise.reject(new Error('no prescription request here')), approve: () => Promise.reject(new Error('no prescription request here')) },
  };
  const call = async (step: 'create' | 'verify', body: unknown) => {
    const response = await paymentHandler(PAY_LATER, step)(new Request(`http://localhost:8888/api/${PAY_LATER}/${step}`, { method: 'POST', body: JSON.stringify(body) }), () => deps, (work) => void work);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { deps, orders, placed, call };
}

const cart = () => ({
  amount: 6020,
  lines: [{ productId: 101, quantity: 2 }],
  cartSessionId: randomUUID(),
  prescriptionPaths: [],
  delivery: { full_name: 'Asha Rao', mobile: '98450 12345', line1: '12, 4th Cross, Indiranagar', area: 'HAL 2nd Stage', city: 'Bengaluru', state: 'Karnataka', pin_code: '560038', email: 'asha@example.test' },
});

/** A paid Pay Later order, through the shared create and verify skeleton. */
async function paidOrder(ledger: PayLaterLedger, shop: ReturnType<typeof checkout>) {
  const created = await shop.call('create', cart());
  const providerOrderId = String(created.body.payLaterOrderId);
  ledger.pay(providerOrderId);
  await shop.call('verify', { paylater_order_id: providerOrderId });
  return [...shop.orders.rows.values()].find((row) => row.provider_order_id === providerOrderId)!;
}

/** The two database calls of the refund pipeline, in memory: the refund row and the state the provider answered. */
function refundTables(shop: ReturnType<typeof checkout>) {
  const refunds: RefundRow[] = [];
  const db = {
    rpc: async (name: string, args: Record<string, string | number>) => {
      if (name === 'request_refund') {
        const row: RefundRow = { id: `refund-${refunds.length + 1}`, order_id: String(args.p_order_id), amount_paise: Number(args.p_amount_paise), idempotency_key: String(args.p_idempotency_key), reason: String(args.p_reason), kind: 'rejected_lines', state: 'requested', provider_refund_id: null };
        refunds.push(row);
        return { data: row, error: null };
      }
      const row = refunds.find((refund) => refund.id === args.p_refund_id)!;
      Object.assign(row, { state: args.p_state, provider_refund_id: args.p_provider_refund_id });
      return { data: row, error: null };
    },
    from: () => ({ select: () => ({ eq: (_column: string, id: string) => ({ maybeSingle: async () => ({ data: shop.orders.rows.get(id) ?? null, error: null }) }) }) }),
  } as unknown as SupabaseClient;
  return { db, refunds };
}

describe('a fourth payment method added through the registry', () => {
  it('creates the order at its provider and verifies the payment through the shared skeleton', async () => {
    const ledger = payLaterLedger();
    const shop = checkout(ledger);
    const created = await shop.call('create', cart());
    expect(created.status).toBe(200);
    const providerOrderId = String(created.body.payLaterOrderId);
    // Priced by the server from the catalogue (2 x Rs 30.10), recorded under the fourth method.
    expect(ledger.orders.get(providerOrderId)).toEqual({ amountPaise: 6020, paymentId: null });
    const [row] = shop.orders.rows.values();
    expect(row).toMatchObject({ provider: PAY_LATER, provider_order_id: providerOrderId, amount_paise: 6020, payment_status: 'pending', status: 'placed' });

    expect(await shop.call('verify', { paylater_order_id: providerOrderId })).toEqual({ status: 402, body: { verified: false } });
    expect(await shop.call('verify', {})).toEqual({ status: 400, body: { error: 'Missing paylater_order_id' } });
    expect(await shop.call('verify', { paylater_order_id: 'pl_other' })).toEqual({ status: 404, body: { error: 'Unknown paylater_order_id' } });

    const paymentId = ledger.pay(providerOrderId);
    const verified = await shop.call('verify', { paylater_order_id: providerOrderId });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ verified: true, orderId: row!.id, orderNumber: row!.order_number });
    expect(typeof verified.body.guestKey).toBe('string');
    expect(row).toMatchObject({ payment_status: 'paid', provider_payment_id: paymentId });
    expect(shop.placed).toEqual([row!.id]);
  });

  it('refunds through its own adapter when the desk refunds refused lines, and its mails promise that refund', async () => {
    const ledger = payLaterLedger();
    const shop = checkout(ledger);
    const order = await paidOrder(ledger, shop);
    const { db, refunds } = refundTables(shop);
    await pipelineRefunds({ db, providers: shop.deps.providers })(order, 3010, `lines-${order.id}`, 'Not accepted by the pharmacist', 'rejected_lines');
    expect([...ledger.refunds.values()]).toEqual([{ refundId: 'pl_rfnd_1', amountPaise: 3010, state: 'completed' }]);
    expect(refunds).toMatchObject([{ amount_paise: 3010, state: 'processed', provider_refund_id: 'pl_rfnd_1' }]);

    const rules = paymentRules(shop.deps.providers, order.provider);
    const mail = composeOrderMail('order_cancelled', { ...order, created_at: '2026-11-23T06:30:00Z', lines: [] }, 'http://localhost:8888/orders/MK-1001', rules.refundsOnline);
    expect(mail.text).toContain('The amount you paid is being refunded to your original payment method.');
  });

  it("reads refunds and mails from the adapter's rules, not from its name", async () => {
    const ledger = payLaterLedger();
    const shop = checkout(ledger, { refundsOnline: false, reconciled: false });
    const order = await paidOrder(ledger, shop);
    const { db, refunds } = refundTables(shop);
    await pipelineRefunds({ db, providers: shop.deps.providers })(order, 3010, `lines-${order.id}`, 'Not accepted by the pharmacist', 'rejected_lines');
    expect(refunds).toEqual([]);
    expect(ledger.refunds.size).toBe(0);
    const mail = composeOrderMail('order_cancelled', { ...order, created_at: '2026-11-23T06:30:00Z', lines: [] }, 'http://localhost:8888/orders/MK-1001', paymentRules(shop.deps.providers, PAY_LATER).refundsOnline);
    expect(mail.text).toContain('Nothing was charged, so there is nothing to refund.');
    expect(reconciledMethods(shop.deps.providers)).not.toContain(PAY_LATER);
  });

  it('is reconciled and named by its own label, like the table methods', () => {
    const shop = checkout(payLaterLedger());
    expect(reconciledMethods(shop.deps.providers).sort()).toEqual([PAY_LATER, 'phonepe', 'razorpay']);
    expect(paymentRules(shop.deps.providers, PAY_LATER).label).toBe('Pay Later');
  });
});
