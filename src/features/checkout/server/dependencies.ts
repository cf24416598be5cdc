import { checkPinCode } from '../../../domain/delivery';
import type { DeliveryContent } from '../../../domain/delivery-content';
import type { DeliveryChecker } from './order-delivery';
import type { OrderRecord } from '../../../domain/order-view';
import type { CatalogueIndex } from './catalogue-index';
import type { ServerEnv } from './env';
import { SupabaseOrderStore, type OrderStore } from './order-store';
import { SupabaseCouponStore, type CouponStore } from './coupon-store';
import { buildProviders, type PaymentProviders } from './providers';
import { SupabaseRequestPayments, type RequestPayments } from './request-payment';
import { reorderIndexFiles } from './reorder-index';
import { functionRoot } from '../../../lib/catalogue-shard-files';

/** What every payment handler runs against; the functions and the function tests both build it here. */
export interface CheckoutDependencies {
  env: ServerEnv;
  catalogue: CatalogueIndex;
  orders: OrderStore;
  /** Coupon codes; without it every code is refused as not valid. */
  coupons?: CouponStore;
  providers: PaymentProviders;
  /** content/delivery as bundled with the functions: the only source of zones, promises and COD rules. */
  delivery: DeliveryContent;
  /** The PIN-code check an order is settled with: the own zones of `delivery`, and the courier provider's when one is configured. */
  checkDelivery: DeliveryChecker;
  now(): Date;
  /**
   * Runs once an order is placed or paid, after the reply (AfterReply in payment-handlers.ts): the
   * shop sends the mails the database queued with the change (the confirmation). A mail it cannot
   * send waits in the outbox for the order page and reconciliation.
   */
  orderPlaced(orderId: string): Promise<void>;
  /** Prescription requests paid through this checkout (the pharmacist's proposal). */
  requests: RequestPayments;
  /**
   * The order as its page draws it, sent with a paid or placed reply so the page the cart opens
   * draws at once instead of asking again; without it the page reads the order itself.
   */
  orderPage?(orderId: string): Promise<OrderRecord>;
}

export function buildDependencies(
  env: ServerEnv,
  catalogue: CatalogueIndex,
  delivery: DeliveryContent,
  fetcher: typeof fetch = fetch,
  now: () => Date = () => new Date(),
  orderPlaced: (orderId: string) => Promise<void> = async () => {},
  orderPage?: (orderId: string) => Promise<OrderRecord>,
  checkDelivery: DeliveryChecker = async (pinCode, at) => checkPinCode(pinCode, delivery, at),
): CheckoutDependencies {
  return {
    env,
    catalogue,
    delivery,
    checkDelivery,
    now,
    orderPlaced,
    ...(orderPage ? { orderPage } : {}),
    orders: new SupabaseOrderStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY),
    coupons: new SupabaseCouponStore(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY),
    providers: buildProviders(env, fetcher),
    // The proposal's cheaper substitutes come from the build's reorder shards, as the request page offers them.
    requests: new SupabaseRequestPayments(env.SUPABASE_URL, env.SUPABASE_SERVICE_ROLE_KEY, env.ORDER_LINK_SECRET, reorderIndexFiles(functionRoot())),
  };
}
