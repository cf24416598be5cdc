import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { WHATSAPP_OPT_IN_WORDING } from '../../../domain/whatsapp-consent';
import type { Buyer } from './buyer';
import { HttpRefusal } from '../../../lib/server/http';
import { notAvailableSentence, STOCK_SHORT_SQLSTATE } from '../../../domain/stock';
import type { PricedOrderLine } from './pricing';
import { REFUND_ROW_STATES, type Refund } from './refund';

import type { OrderStatus, PaymentStatus } from '../../../domain/order-status';
import { attributionColumns, type OrderAttribution } from '../../../domain/order-attribution';
import { couponSentence, type CouponRule } from '../../../domain/coupon';
import type { LanguageCode } from '../../../domain/language';

export interface StoredOrder {
  id: string;
  /** The payment method's value in the registry (providers.ts); the SQL allows the payment table's. */
  provider: string;
  provider_order_id: string;
  provider_payment_id: string | null;
  payment_status: PaymentStatus;
  status: OrderStatus;
  order_number: string;
  user_id: string | null;
  prescription_paths: string[];
  amount_paise: number;
  currency: string;
  /** The language of the page it was placed from, where the customer is answered about it (payment checks). */
  language?: LanguageCode;
}

/** Where and to whom the order goes, as the server settled it (zone and date from content, never the browser). */
export interface OrderDelivery {
  name: string;
  mobile: string;
  email: string | null;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pinCode: string;
  zoneId: string;
  promisedDate: string;
  /** The customer ticked "Order updates on WhatsApp" for this mobile. */
  whatsappUpdates: boolean;
}

export interface NewOrder {
  id: string;
  buyer: Buyer;
  provider: string;
  providerOrderId: string;
  amountPaise: number;
  lines: PricedOrderLine[];
  prescriptionPaths: string[];
  delivery: OrderDelivery;
  /** The campaign the customer came from, if any (UTM first and last touch). */
  attribution?: OrderAttribution;
  /** The coupon the order was priced with (stored upper-case) and what it took off, in paise. */
  coupon?: { code: string; discountPaise: number };  /** The customer's language (ISO 639-1): the order's messages go out in it. */
  language: LanguageCode;
}

/** Everything the payment functions need from Supabase, as the service role. */
export interface OrderStore {
  /** Inserts a placed order and answers its order number; null when the provider order id is taken. */
  insertOrder(order: NewOrder): Promise<string | null>;
  /** Moves a placed order on (the database's accept_order: to prescription review or confirmed); any other order stays. */
  acceptOrder(orderId: string, note: string): Promise<StoredOrder>;
  findOrder(provider: string, providerOrderId: string): Promise<StoredOrder | null>;
  markPaid(providerOrderId: string, providerPaymentId: string): Promise<StoredOrder | null>;
  markFailed(providerOrderId: string, reason: string): Promise<StoredOrder | null>;
  /**
   * Stores a provider event; `reason` says why it was not applied (null when it was). True the first
   * time the event id is seen.
   */
  recordWebhookEvent(eventId: string, provider: string, reason: string | null): Promise<boolean>;
  /** Records a provider's refund state on our row, found by its refund id or else our idempotency key; false when neither is ours. */
  recordRefundOutcome(refund: Refund, idempotencyKey?: string): Promise<boolean>;
  prescriptionExists(path: string): Promise<boolean>;
  /** The user id of a valid access token, else null. */
  userIdOfAccessToken(accessToken: string): Promise<string | null>;
}

const ORDER_COLUMNS =
  'id, provider, provider_order_id, provider_payment_id, payment_status, status, order_number, user_id, prescription_paths, amount_paise, currency, language';
const UNIQUE_VIOLATION = '23505';
/** The database refused the coupon's use (orders_redeem_coupon): its detail names the rule. */
export const COUPON_REFUSED_SQLSTATE = 'MK422';

function fail(what: string, error: { message: string }): never {
  throw new Error(`${what}: ${error.message}`);
}

/** The customer's sentence for the product the database could not reserve (its detail is {product_id, available}). */
export function stockRefusal(lines: readonly PricedOrderLine[], details: string): HttpRefusal {
  const short = JSON.parse(details) as { product_id: number; available: number };
  const name = lines.find((line) => line.product_id === short.product_id)?.name ?? `product ${short.product_id}`;
  return new HttpRefusal(409, notAvailableSentence(name, short.available));
}

export class SupabaseOrderStore implements OrderStore {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  async insertOrder(order: NewOrder): Promise<string | null> {
    const { delivery } = order;
    // Before the order, so the messages its insert queues already go to WhatsApp.
    if (delivery.whatsappUpdates) await this.recordWhatsAppConsent(delivery.mobile, order.buyer.kind === 'customer' ? order.buyer.userId : null);
    const { data, error } = await this.client.from('orders').insert({
      id: order.id,
      user_id: order.buyer.kind === 'customer' ? order.buyer.userId : null,
      guest_session_id: order.buyer.kind === 'guest' ? order.buyer.guestSessionId : null,
      provider: order.provider,
      provider_order_id: order.providerOrderId,
      amount_paise: order.amountPaise,
      currency: 'INR',
      lines: order.lines,
      prescription_paths: order.prescriptionPaths,
      delivery_name: delivery.name,
      delivery_mobile: delivery.mobile,
      delivery_email: delivery.email,
      delivery_line1: delivery.line1,
      delivery_line2: delivery.line2,
      delivery_city: delivery.city,
      delivery_state: delivery.state,
      delivery_pin_code: delivery.pinCode,
      delivery_zone_id: delivery.zoneId,
      promised_delivery_date: delivery.promisedDate,
      language: order.language,
      ...attributionColumns(order.attribution),
      ...(order.coupon ? { coupon_code: order.coupon.code, discount_paise: order.coupon.discountPaise } : {}),
    }).select('order_number').single<{ order_number: string }>();
    if (error?.code === UNIQUE_VIOLATION) return null;
    // The database reserves the stock with the insert; a short product refuses the whole order.
    if (error?.code === STOCK_SHORT_SQLSTATE) throw stockRefusal(order.lines, error.details);
    // The code's last use went to another order in the meantime (or it ended): its sentence, and no order.
    if (error?.code === COUPON_REFUSED_SQLSTATE) throw new HttpRefusal(422, couponSentence((JSON.parse(error.details) as { rule: CouponRule }).rule));
    if (error) fail('inserting the order', error);
    return data.order_number;
  }

  private async recordWhatsAppConsent(mobile: string, userId: string | null): Promise<void> {
    const { error } = await this.client.rpc('opt_in_to_whatsapp', { p_mobile: mobile, p_user_id: userId, p_wording: WHATSAPP_OPT_IN_WORDING, p_source: 'checkout' });
    if (error) fail('recording the WhatsApp consent', error);
  }

  async acceptOrder(orderId: string, note: string): Promise<StoredOrder> {
    const { data, error } = await this.client.rpc('accept_order', { p_order_id: orderId, p_actor_role: 'system', p_note: note });
    if (error) fail('accepting the order', error);
    return data as StoredOrder;
  }


  async findOrder(provider: string, providerOrderId: string): Promise<StoredOrder | null> {
    const { data, error } = await this.client
      .from('orders')
      .select(ORDER_COLUMNS)
      .eq('provider', provider)
      .eq('provider_order_id', providerOrderId)
      .maybeSingle<StoredOrder>();
    if (error) fail('reading the order', error);
    return data;
  }

  async markPaid(providerOrderId: string, providerPaymentId: string): Promise<StoredOrder | null> {
    const { data, error } = await this.client.rpc('mark_order_paid', {
      p_provider_order_id: providerOrderId,
      p_provider_payment_id: providerPaymentId,
    });
    if (error) fail('marking the order paid', error);
    return (data as StoredOrder | null) ?? null;
  }

  async markFailed(providerOrderId: string, reason: string): Promise<StoredOrder | null> {
    const { data, error } = await this.client.rpc('mark_order_failed', { p_provider_order_id: providerOrderId, p_reason: reason });
    if (error) fail('marking the order failed', error);
    return (data as StoredOrder | null) ?? null;
  }

  async recordWebhookEvent(eventId: string, provider: string, reason: string | null): Promise<boolean> {
    const { data, error } = await this.client.rpc('record_payment_webhook_event', { p_event_id: eventId, p_provider: provider, p_reason: reason });
    if (error) fail('recording the webhook event', error);
    return data === true;
  }

  async recordRefundOutcome(refund: Refund, idempotencyKey?: string): Promise<boolean> {
    const byColumn = async (column: string, value: string) => {
      const { data, error } = await this.client.from('refunds').select('id').eq(column, value).maybeSingle<{ id: string }>();
      if (error) fail('reading the refund', error);
      return data;
    };
    // A refund whose request timed out has no provider id on our row yet; our key (PhonePe's merchantRefundId) finds it.
    const row = (await byColumn('provider_refund_id', refund.refundId)) ?? (idempotencyKey ? await byColumn('idempotency_key', idempotencyKey) : null);
    if (!row) return false;
    const { error: recordError } = await this.client.rpc('record_refund_state', {
      p_refund_id: row.id,
      p_state: REFUND_ROW_STATES[refund.state],
      p_provider_refund_id: refund.refundId,
      p_actor_role: 'payment_provider',
    });
    if (recordError) fail('recording the refund', recordError);
    return true;
  }

  async prescriptionExists(path: string): Promise<boolean> {
    // exists() answers false for a missing object and throws for any other storage failure.
    const { data } = await this.client.storage.from('prescriptions').exists(path);
    return data;
  }

  async userIdOfAccessToken(accessToken: string): Promise<string | null> {
    const { data, error } = await this.client.auth.getUser(accessToken);
    // A rejected token is the customer's problem (401); an unreachable auth server is ours (500).
    if (error && (error.status === undefined || error.status >= 500)) fail('checking the access token', error);
    return data.user?.id ?? null;
  }
}
