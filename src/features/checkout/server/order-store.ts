import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Buyer } from './buyer';
import type { PricedOrderLine } from './pricing';
import type { PaymentMethod as ProviderName } from '../../../domain/payment-contract';

import type { PaymentStatus } from '../../../domain/order-status';

export interface StoredOrder {
  id: string;
  provider: ProviderName;
  provider_order_id: string;
  provider_payment_id: string | null;
  payment_status: PaymentStatus;
  amount_paise: number;
  currency: string;
}

export interface NewOrder {
  id: string;
  buyer: Buyer;
  provider: ProviderName;
  providerOrderId: string;
  amountPaise: number;
  lines: PricedOrderLine[];
  prescriptionPaths: string[];
}

/** Everything the payment functions need from Supabase, as the service role. */
export interface OrderStore {
  /** Inserts a created order; false when the provider order id is taken. */
  insertOrder(order: NewOrder): Promise<boolean>;
  findOrder(provider: ProviderName, providerOrderId: string): Promise<StoredOrder | null>;
  markPaid(providerOrderId: string, providerPaymentId: string): Promise<StoredOrder | null>;
  markFailed(providerOrderId: string, reason: string): Promise<StoredOrder | null>;
  /**
   * Stores a provider event; `reason` says why it was not applied (null when it was). True the first
   * time the event id is seen.
   */
  recordWebhookEvent(eventId: string, provider: ProviderName, reason: string | null): Promise<boolean>;
  prescriptionExists(path: string): Promise<boolean>;
  /** The user id of a valid access token, else null. */
  userIdOfAccessToken(accessToken: string): Promise<string | null>;
}

const ORDER_COLUMNS = 'id, provider, provider_order_id, provider_payment_id, payment_status, amount_paise, currency';
const UNIQUE_VIOLATION = '23505';

function fail(what: string, error: { message: string }): never {
  throw new Error(`${what}: ${error.message}`);
}

export class SupabaseOrderStore implements OrderStore {
  private readonly client: SupabaseClient;

  constructor(supabaseUrl: string, serviceRoleKey: string) {
    this.client = createClient(supabaseUrl, serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  }

  async insertOrder(order: NewOrder): Promise<boolean> {
    const { error } = await this.client.from('orders').insert({
      id: order.id,
      user_id: order.buyer.kind === 'customer' ? order.buyer.userId : null,
      guest_session_id: order.buyer.kind === 'guest' ? order.buyer.guestSessionId : null,
      provider: order.provider,
      provider_order_id: order.providerOrderId,
      amount_paise: order.amountPaise,
      currency: 'INR',
      lines: order.lines,
      prescription_paths: order.prescriptionPaths,
    });
    if (error?.code === UNIQUE_VIOLATION) return false;
    if (error) fail('inserting the order', error);
    return true;
  }

  async findOrder(provider: ProviderName, providerOrderId: string): Promise<StoredOrder | null> {
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

  async recordWebhookEvent(eventId: string, provider: ProviderName, reason: string | null): Promise<boolean> {
    const { data, error } = await this.client.rpc('record_payment_webhook_event', { p_event_id: eventId, p_provider: provider, p_reason: reason });
    if (error) fail('recording the webhook event', error);
    return data === true;
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
