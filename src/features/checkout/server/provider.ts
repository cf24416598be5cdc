import type { z } from 'zod';
import type { ServerEnv } from './env';
import type { CreateOrderRequest } from '../../../domain/payment-contract';
import type { CodLine } from '../../../domain/delivery';
import type { DeliveryContent } from '../../../domain/delivery-content';
import type { DeliveryRoute } from '../../../domain/shipping-route';
import type { StoredOrder } from './order-store';
import type { Refund } from './refund';

export type { Refund } from './refund';

/** What a method may refuse an order for, settled by the server (lines and zone from its own data). */
export interface OrderFacts {
  lines: CodLine[];
  zone: DeliveryRoute;
  amountPaise: number;
  content: DeliveryContent;
}

/** What the provider learnt about a payment, in the shop's terms; amounts in paise. */
export type PaymentOutcome =
  | { state: 'paid'; paymentId: string; amountPaise: number; currency: string }
  | { state: 'failed'; reason: string }
  | { state: 'pending' };

/** A provider-to-server notification, after its signature or authorisation was checked. */
export type WebhookEvent =
  | { kind: 'payment'; eventId: string; providerOrderId: string; outcome: Exclude<PaymentOutcome, { state: 'pending' }>; description: string }
  /** A refund's new state, found by the provider's refund id or, failing that, by our idempotency key. */
  | { kind: 'refund'; eventId: string; refund: Refund; idempotencyKey?: string; description: string }
  | { kind: 'ignored'; description: string };

/** The order the shop is about to charge for: our row id and the server's price. */
export interface OrderToPay {
  id: string;
  amountPaise: number;
  siteUrl: string;
}

/** What a browser verify call asks the handler to record, and what to answer. */
export interface Verification {
  record: PaymentOutcome | null;
  status: number;
  reply: unknown;
}

/**
 * One payment method behind the shop's create / verify / webhook functions. The handler skeleton
 * (payment-handlers.ts) owns parsing, pricing, prescriptions, order rows, idempotency and errors;
 * an adapter only speaks its provider's API and its part of the browser contract.
 */
export interface PaymentProvider<CreateBody extends CreateOrderRequest = CreateOrderRequest, VerifyBody = unknown> {
  readonly createSchema: z.ZodType<CreateBody>;
  /** Set for a method paid at the door: the order is placed (and its status moved) as soon as it is created. */
  readonly placesWithoutPayment?: boolean;
  /** Why this method cannot take this order, as the sentence the customer sees (422), or null. */
  refusal?(order: OrderFacts): string | null;
  /**
   * Set when the buyer's request already names the provider order id (PhonePe's merchant transaction
   * id): the order row is then written first, reserving the id, and marked failed if `create` fails;
   * a reused id is refused with 409 and `reusedMessage`.
   */
  readonly reserve?: { orderId(body: CreateBody): string; reusedMessage: string };
  /** Starts the payment at the provider; `reply` is the create function's 200 body. */
  create(body: CreateBody, order: OrderToPay): Promise<{ providerOrderId: string; reply: unknown }>;

  /** Fields the spec names one by one when missing ('Missing razorpay_order_id'). */
  readonly verifyFields: readonly string[];
  readonly verifySchema: z.ZodType<VerifyBody>;
  /** The provider order id the verify call is about, and the 404 message when it is unknown. */
  verifyOrderId(body: VerifyBody): string;
  readonly unknownOrderMessage: string;
  verify(body: VerifyBody, order: StoredOrder): Promise<Verification>;

  /** Checks the webhook's signature or authorisation (refusing with 401) and reads the event. */
  parseWebhook(rawBody: Buffer, headers: Headers): WebhookEvent;
  /** True when a webhook is only a hint and the payment must be confirmed through `status` first. */
  readonly confirmsWebhooksWithStatus: boolean;

  /** The provider's current word on an order, for webhooks that need confirming and reconciliation. */
  status(order: StoredOrder): Promise<PaymentOutcome>;
  /** Refunds part or all of a paid order; the same idempotency key never refunds twice. */
  refund(order: StoredOrder, amountPaise: number, idempotencyKey: string): Promise<Refund>;
  /** The current state of a refund by its idempotency key, for providers whose refund answer stays pending. */
  refundStatus?(idempotencyKey: string): Promise<Refund>;
}

// Each adapter has its own request shapes; the skeleton only passes what the adapter's own schemas parsed.
export type AnyPaymentProvider = PaymentProvider<any, any>;

/**
 * What sets a payment method apart on the server, whether or not this deployment has its secrets
 * (an order paid with a method since switched off is still refunded, mailed and reconciled by it).
 * The order functions read these properties, never the method's name.
 */
export interface PaymentMethodRules {
  /** The name customers and staff read in the server's sentences (the payment table's label). */
  readonly label: string;
  /**
   * Refund rules: money taken online goes back through the provider (cancellation, lines the
   * pharmacist refused), and the mails promise that refund; false when the courier collects the
   * money, so nothing was charged online and nothing is refunded.
   */
  readonly refundsOnline: boolean;
  /**
   * Reconciliation: a payment still pending is asked about at the provider and abandoned after 30
   * minutes without one; false for a method whose orders never wait for an online payment.
   */
  readonly reconciled: boolean;
}

/** One method's server adapter: its rules, and its provider adapter once its secrets are set. */
export interface ServerPaymentMethod extends PaymentMethodRules {
  /** The adapter built from this method's own env, or null when the deployment runs without it. */
  connect(env: ServerEnv, fetcher: typeof fetch): AnyPaymentProvider | null;
}

/** A method this deployment can take: its provider adapter with its rules. */
export type ConnectedPaymentMethod = AnyPaymentProvider & PaymentMethodRules;
