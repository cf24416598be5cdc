import { rejectionReasonLabels } from '../../../domain/desk';
import type { LanguageCode } from '../../../domain/language';
import type { MailWords, OrderMailWords } from '../../../domain/message-language';
import { messageLanguage } from '../../../domain/messages';
import { orderStatusLabels, paymentStatusLabels } from '../../../domain/order-status';
import type { LineDecision } from '../../../domain/order-view';
import { prescriptionRequestStatusLabels } from '../../../domain/prescription-request-status';
import { fill } from '../../../domain/strings/format';

/** The mails' English words (the order page's labels where the mail shows the same). Other languages' are in their message files. */
const ENGLISH_MAIL: MailWords = {
  order: {
    subjects: {
      order_confirmation: 'Your MediKart order {number} is placed',
      order_cancelled: 'Your MediKart order {number} is cancelled',
      order_shipped: 'Your MediKart order {number} is on its way',
      order_delivered: 'Your MediKart order {number} is delivered',
      order_out_for_delivery: 'Your MediKart order {number} is out for delivery today',
      order_delivery_failed: 'The courier could not deliver your MediKart order {number}',
      order_returned_to_origin: 'Your MediKart order {number} came back to us undelivered',
      order_return_pickup: 'A courier will collect the return of MediKart order {number}',
      prescription_reviewed: 'Our pharmacist has checked the prescription for order {number}',
      refund_initiated: 'We have your return of MediKart order {number}: its refund has started',
      refund_processed: 'Your refund for MediKart order {number}',
    },
    placed: 'Thank you for your order. We have received it and will keep you posted. Total: {total}.',
    reviewedAllAccepted: 'Our pharmacist has checked your prescription and your order is confirmed.',
    reviewedSomeRefunded:
      'Our pharmacist has checked your prescription. The items below that were not accepted are removed from your order and refunded to your original payment method; the rest is confirmed.',
    reviewedSomeRemoved: 'Our pharmacist has checked your prescription. The items below that were not accepted are removed from your order; the rest is confirmed.',
    shipped: 'Your order has left our pharmacy. Your GST tax invoice is ready to view and print.',
    journey: {
      outForDelivery: 'Your order is out for delivery today. Please keep your phone on: the courier may call you to find the address.',
      deliveryFailed: 'The courier could not deliver your order ({reason}). Open your order to ask for another attempt; after 3 failed attempts it comes back to us.',
      returnedRefunding: 'The courier could not deliver your order and it has come back to our pharmacy. The amount you paid is being refunded to your original payment method.',
      returnedNothingCharged: 'The courier could not deliver your order and it has come back to our pharmacy. Nothing was charged, so there is nothing to pay.',
      returnPickup: 'A courier will collect your return on {day}. Please keep the item unopened in its pack; the refund starts when it reaches us.',
    },
    returnReceived:
      'We have received your return and started the refund to your original payment method. We will write again when it is done; banks usually show it within 5-7 working days of that.',
    delivered: 'Your order is delivered. Thank you for ordering with MediKart; your tax invoice stays on the order page.',
    cancelledNothingCharged: 'Your order is cancelled. Nothing was charged, so there is nothing to refund.',
    cancelledRefunding: 'Your order is cancelled. The amount you paid is being refunded to your original payment method.',
    refunded: 'Your refund has been processed to your original payment method ({paymentStatus}). Banks usually show it within 5-7 working days.',
    courier: 'Courier: {shipment}',
    shipmentTracking: '{courier}, tracking {tracking}',
    order: 'Order {number}',
    line: '{quantity} x {name} ({price} each)',
    total: 'Total: {total}',
    status: 'Status: {status}',
    seeOrder: 'See your order',
    trackOrder: 'Track your order',
    taxInvoice: 'Your tax invoice',
    orderStatuses: orderStatusLabels,
    paymentStatuses: paymentStatusLabels,
    lineAccepted: 'Prescription accepted by pharmacist {pharmacist}',
    lineRemoved: 'Removed from your order: {reason}',
    notAcceptedByPharmacist: 'Not accepted by our pharmacist',
    rejectionReasons: rejectionReasonLabels,
  },
  request: {
    subjects: {
      request_received: 'We have your prescription: request {number}',
      request_proposed: 'Your medicines for request {number} are ready to approve',
      request_rejected: 'Our pharmacist could not accept request {number}',
      request_expiring: 'Request {number}: approve by tomorrow to keep your medicines',
      request_expired: 'Request {number} has expired',
    },
    received: 'Thank you. Our pharmacist will read your prescription and send you the medicines and prices to approve. Nothing is charged until you approve.',
    proposed: 'Our pharmacist has read your prescription. Open your request to see the medicines and prices, change quantities if you like, and approve and pay within 7 days.',
    expiring: 'The medicines our pharmacist proposed wait for you until tomorrow. Open your request to approve and pay before then.',
    rejected: 'Our pharmacist could not accept your prescription: {reason}',
    expired: 'Your request was not approved within 7 days, so it has expired. Upload your prescription again to order.',
    dear: 'Dear {name},',
    request: 'Request {number}',
    status: 'Status: {status}',
    seeRequest: 'See your request',
    statuses: prescriptionRequestStatusLabels,
  },
  refill: {
    subject: 'Time to reorder {name}',
    intro: "Your {name} runs out on {day}. Reorder now so you do not miss a dose: the link puts it in your cart at today's price.",
    reorder: 'Reorder',
    reorderName: 'Reorder {name}',
    stop: 'Stop these reminders',
  },
};

/** The mails' words in a language: its message file's, or English's for a language without one. */
export function mailWordsIn(language: LanguageCode): MailWords {
  return messageLanguage(language)?.mail ?? ENGLISH_MAIL;
}

/** An order mail's words: in the language where it has this kind's mail, else in English. */
export function orderMailWords(kind: keyof OrderMailWords['subjects'], language: LanguageCode): OrderMailWords {
  const words = mailWordsIn(language).order;
  return words.subjects[kind] ? words : ENGLISH_MAIL.order;
}

/** What the pharmacist decided on a line, as the mail says it ("Removed from your order: Prescription expired (note)"). */
export function decisionText(decision: LineDecision, words: OrderMailWords): string {
  if (decision.decision === 'accepted') return fill(words.lineAccepted, { pharmacist: decision.pharmacist_name });
  const reason = decision.reason === 'other' || decision.reason === null ? words.notAcceptedByPharmacist : words.rejectionReasons[decision.reason];
  return `${fill(words.lineRemoved, { reason })}${decision.note ? ` (${decision.note})` : ''}`;
}
