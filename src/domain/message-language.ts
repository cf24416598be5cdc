import type { RejectionReason } from './desk';
import type { LanguageCode } from './language';
import type { OrderStatus, PaymentStatus } from './order-status';
import type { PrescriptionRequestStatus } from './prescription-request-status';

/*
 * The shape of a language the shop's messages are written in besides English. English is
 * messages.ts's own table (the spec's text); each other language is one file in
 * src/domain/strings/languages/messages/, beside its pages' strings table, listed in that folder's
 * index (the functions are bundled without Vite, so nothing gathers the files by itself).
 */

/** A value an SMS carries, and the longest sent (a longer one is shortened to fit). */
export interface MessageVariable {
  name: string;
  max: number;
}

/** A message kind's words in one language: the DLT SMS text, the WhatsApp template's body and its URL button. */
export interface MessageWords {
  /** The DLT text: one {#var#} per variable of the kind, in the English table's order, then the link. */
  sms: string;
  /** The WhatsApp template's body: {{n}} are the variables in order (the link is the button). */
  whatsapp: string;
  /** The URL button's text (Meta allows 25 characters). */
  button: string;
  /** Shorter caps than English's, in the same order, where this language's SMS needs them to keep within two parts. */
  variables?: readonly MessageVariable[];
}

/** The words of the values the shop itself writes into an SMS or WhatsApp message. */
export interface MessageValueWords {
  /** Prescription checked: every line accepted. */
  orderConfirmed: string;
  /** Prescription checked: a line was not accepted. */
  someItemsNotAccepted: string;
  /** Shipped without a courier's name. */
  ourCourier: string;
  /** Shipped without a tracking number. */
  onTheOrderPage: string;
}

/** The order mails' words; {name} placeholders are filled by the composer (features/messages/server). */
export interface OrderMailWords {
  /** By kind, each with {number}. A kind left out is mailed in English. */
  subjects: Readonly<Partial<Record<'order_confirmation' | 'prescription_reviewed' | 'order_shipped' | 'order_delivered' | 'order_out_for_delivery' | 'order_delivery_failed' | 'order_returned_to_origin' | 'order_return_pickup' | 'order_cancelled' | 'refund_initiated' | 'refund_processed', string>>>;
  /** {total} */
  placed: string;
  reviewedAllAccepted: string;
  reviewedSomeRefunded: string;
  reviewedSomeRemoved: string;
  shipped: string;
  /** The courier's journey (issue 39); a language without them mails these kinds in English. */
  journey?: {
    outForDelivery: string;
    /** {reason}: the courier's words. */
    deliveryFailed: string;
    returnedRefunding: string;
    returnedNothingCharged: string;
    /** {day} */
    returnPickup: string;
  };
  returnReceived: string;
  delivered: string;
  cancelledNothingCharged: string;
  cancelledRefunding: string;
  /** {paymentStatus} */
  refunded: string;
  /** {shipment} */
  courier: string;
  /** {courier}, {tracking} */
  shipmentTracking: string;
  /** {number} */
  order: string;
  /** {quantity}, {name}, {price} */
  line: string;
  /** {total} */
  total: string;
  /** {status} */
  status: string;
  seeOrder: string;
  trackOrder: string;
  taxInvoice: string;
  orderStatuses: Readonly<Record<OrderStatus, string>>;
  paymentStatuses: Readonly<Record<PaymentStatus, string>>;
  /** {pharmacist} */
  lineAccepted: string;
  /** {reason} */
  lineRemoved: string;
  notAcceptedByPharmacist: string;
  rejectionReasons: Readonly<Record<RejectionReason, string>>;
}

/** The prescription request mails' words. */
export interface RequestMailWords {
  /** By kind, each with {number}. */
  subjects: Readonly<Record<'request_received' | 'request_proposed' | 'request_rejected' | 'request_expiring' | 'request_expired', string>>;
  received: string;
  proposed: string;
  expiring: string;
  /** {reason} */
  rejected: string;
  expired: string;
  /** {name} */
  dear: string;
  /** {number} */
  request: string;
  /** {status} */
  status: string;
  seeRequest: string;
  statuses: Readonly<Record<PrescriptionRequestStatus, string>>;
}

/** The refill reminder mail's words. */
export interface RefillMailWords {
  /** {name} */
  subject: string;
  /** {name}, {day} */
  intro: string;
  reorder: string;
  /** {name} */
  reorderName: string;
  stop: string;
}

export interface MailWords {
  order: OrderMailWords;
  request: RequestMailWords;
  refill: RefillMailWords;
}

export interface MessageLanguage {
  code: LanguageCode;
  /** The Intl locale its dates are written in. */
  locale: string;
  /** By message kind (messages.ts's kinds); a kind left out goes out in English. */
  messages: Readonly<Record<string, MessageWords>>;
  values: MessageValueWords;
  mail: MailWords;
  /** The sign-in code SMS (its DLT text: {#var#} is the code), sent in the account's language. */
  signInCode: string;
}
