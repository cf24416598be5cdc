import { z } from 'zod';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../domain/language';
import type { OrderMailWords } from '../../../domain/message-language';
import { messageValueWords, messageWords, type MessageKind } from '../../../domain/messages';
import { formatRupees } from '../../../domain/money';
import { unitPricePaise } from '../../../domain/order-line';
import { LINE_DECISION_COLUMNS, lineDecisionRowSchema, ORDER_PAGE_COLUMNS, orderRowSchema, type LineDecision, type OrderRow } from '../../../domain/order-view';
import { paymentRules } from '../../checkout/server/public';
import type { ComposedMessage, MessageContext } from './message-types';
import { escapeHtml, orderPageLink, shortLink } from './links';
import { decisionText, orderMailWords } from './mail-words';
import { fill } from '../../../domain/strings/format';

export type OrderMessageKind = Extract<MessageKind, 'order_confirmation' | 'prescription_reviewed' | 'order_shipped' | 'order_delivered' | 'order_out_for_delivery' | 'order_delivery_failed' | 'order_returned_to_origin' | 'order_return_pickup' | 'order_cancelled' | 'refund_initiated' | 'refund_processed'>;

const messageOrderSchema = z.object({
  ...orderRowSchema.shape,
  user_id: z.string().nullable(),
  delivery_email: z.string().nullable().optional(),
  delivery_mobile: z.string().nullable().optional(),
  courier_name: z.string().nullable().optional(),
  tracking_number: z.string().nullable().optional(),
  language: z.string(),
});
type MessageOrder = z.infer<typeof messageOrderSchema>;

/** What the courier said, for the journey's messages: a failed attempt's reason, a return pickup's day ("Mon, 30 Nov"). */
export interface ParcelNews {
  failureReason: string | null;
  pickupDay: string | null;
}
const NO_PARCEL_NEWS: ParcelNews = { failureReason: null, pickupDay: null };
/** The parcel's news for a journey message: the forward parcel's failed attempt, or the return's pickup (the next day after booking), its day in the message's language. */
async function parcelNews(db: MessageContext['db'], kind: OrderMessageKind, orderId: string, language: LanguageCode): Promise<ParcelNews> {
  if (kind !== 'order_delivery_failed' && kind !== 'order_return_pickup') return NO_PARCEL_NEWS;
  const direction = kind === 'order_return_pickup' ? 'return' : 'forward';
  const { data, error } = await db.from('shipments').select('failure_reason, status_at').eq('order_id', orderId).eq('direction', direction).maybeSingle();
  if (error) throw new Error(`reading the parcel: ${error.message}`);
  if (!data) return NO_PARCEL_NEWS;
  const next = new Date(new Date(data.status_at as string).getTime() + 24 * 3600 * 1000);
  const shortDay = new Intl.DateTimeFormat(messageValueWords(language).locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
  return { failureReason: (data.failure_reason as string | null) ?? null, pickupDay: direction === 'return' ? shortDay.format(next) : null };
}

/** "Blue Dart, tracking 1234": what the desk typed when it shipped. */
function shipmentOf(order: Pick<MessageOrder, 'courier_name' | 'tracking_number'>, words: OrderMailWords): string | null {
  if (!order.courier_name) return null;
  return order.tracking_number ? fill(words.shipmentTracking, { courier: order.courier_name, tracking: order.tracking_number }) : order.courier_name;
}

/** refundsOnline: the order's method gives money back through its provider (its adapter's rule). */
function introOf(kind: OrderMessageKind, order: OrderRow, refundsOnline: boolean, decisions: readonly LineDecision[], words: OrderMailWords, parcel: ParcelNews): string {
  if (kind === 'order_confirmation') return fill(words.placed, { total: formatRupees(order.amount_paise) });
  if (kind === 'prescription_reviewed') {
    if (!decisions.some((decision) => decision.decision === 'rejected')) return words.reviewedAllAccepted;
    return refundsOnline ? words.reviewedSomeRefunded : words.reviewedSomeRemoved;
  }
  if (kind === 'order_shipped') return words.shipped;
  const journey = words.journey!;
  if (kind === 'order_out_for_delivery') return journey.outForDelivery;
  if (kind === 'order_delivery_failed') return fill(journey.deliveryFailed, { reason: parcel.failureReason ?? '' });
  if (kind === 'order_returned_to_origin') return refundsOnline && order.payment_status !== 'pending' && order.payment_status !== 'failed' ? journey.returnedRefunding : journey.returnedNothingCharged;
  if (kind === 'order_return_pickup') return fill(journey.returnPickup, { day: parcel.pickupDay ?? '' });
  if (kind === 'refund_initiated') return words.returnReceived;
  if (kind === 'order_delivered') return words.delivered;
  if (kind === 'order_cancelled') {
    return !refundsOnline || order.payment_status === 'pending' || order.payment_status === 'failed' ? words.cancelledNothingCharged : words.cancelledRefunding;
  }
  return fill(words.refunded, { paymentStatus: words.paymentStatuses[order.payment_status] });
}

/** /orders/<number>?key=… -> /orders/invoice?number=<number>&key=… (the invoice's own prebuilt page), /hi/orders/… -> /hi/orders/invoice?…. */
function invoiceLinkOf(orderLink: string): string {
  const url = new URL(orderLink);
  const [, prefix = '', number = ''] = /^(\/[a-z]{2})?\/orders\/(.+)$/.exec(url.pathname) ?? [];
  const invoice = new URL(`${prefix}/orders/invoice`, url);
  invoice.searchParams.set('number', decodeURIComponent(number));
  const key = url.searchParams.get('key');
  if (key) invoice.searchParams.set('key', key);
  return invoice.toString();
}

/**
 * The mail's text and HTML in the order's language (English where that language has no mail for
 * the kind): the order's lines, total, status and its page's link; a refund is promised only when
 * the order's method refunds online. The feed's medicine names stay as they are.
 */
export function composeOrderMail(
  kind: OrderMessageKind,
  order: OrderRow & { courier_name?: string | null; tracking_number?: string | null },
  link: string,
  refundsOnline: boolean,
  decisions: readonly LineDecision[] = [],
  language: LanguageCode = DEFAULT_LANGUAGE,
  parcel: ParcelNews = NO_PARCEL_NEWS,
): { subject: string; text: string; html: string } {
  const words = orderMailWords(kind, language);
  const lines = order.lines.map((line, index) => {
    const decision = decisions.find((candidate) => candidate.line_index === index);
    const text = fill(words.line, { quantity: line.quantity, name: line.name, price: formatRupees(unitPricePaise(line)) });
    return `${text}${decision ? `: ${decisionText(decision, words)}` : ''}`;
  });
  const total = fill(words.total, { total: formatRupees(order.amount_paise) });
  const status = fill(words.status, { status: `${words.orderStatuses[order.status]}, ${words.paymentStatuses[order.payment_status]}` });
  const heading = fill(words.order, { number: order.order_number });
  const intro = introOf(kind, order, refundsOnline, decisions, words, parcel);
  // The invoice page takes the same guest key as the order page.
  const invoiceLink = kind === 'order_shipped' ? invoiceLinkOf(link) : null;
  const shipment = kind === 'order_shipped' ? shipmentOf(order, words) : null;
  const courier = shipment ? fill(words.courier, { shipment }) : null;
  const linkText = kind === 'order_shipped' ? words.trackOrder : words.seeOrder;
  const text = [intro, ...(courier ? [courier] : []), '', heading, ...lines, total, status, '', `${linkText}: ${link}`, ...(invoiceLink ? [`${words.taxInvoice}: ${invoiceLink}`] : [])].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>${courier ? `<p>${escapeHtml(courier)}</p>` : ''}<h2>${escapeHtml(heading)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${escapeHtml(total)}<br>${escapeHtml(status)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkText)}</a></p>${invoiceLink ? `<p><a href="${escapeHtml(invoiceLink)}">${escapeHtml(words.taxInvoice)}</a></p>` : ''}`;
  return { subject: fill(words.subjects[kind]!, { number: order.order_number }), text, html };
}


/** The SMS and WhatsApp variables of an order message, in the order messageTable lists them, the shop's own words in the message's language. */
export function orderPhoneValues(kind: OrderMessageKind, order: Omit<MessageOrder, 'language'>, decisions: readonly LineDecision[], language: LanguageCode, parcel: ParcelNews = NO_PARCEL_NEWS): string[] {
  const { words } = messageValueWords(language);
  if (kind === 'order_confirmation') return [order.order_number, formatRupees(order.amount_paise).replace(/^₹\s?/, '')];
  if (kind === 'prescription_reviewed') {
    return [order.order_number, decisions.some((decision) => decision.decision === 'rejected') ? words.someItemsNotAccepted : words.orderConfirmed];
  }
  if (kind === 'order_shipped') return [order.order_number, order.courier_name ?? words.ourCourier, order.tracking_number ?? words.onTheOrderPage];
  if (kind === 'order_delivery_failed') return [order.order_number, parcel.failureReason ?? words.onTheOrderPage];
  if (kind === 'order_return_pickup') return [order.order_number, parcel.pickupDay ?? words.onTheOrderPage];
  return [order.order_number];
}

/** Reads the order and writes its message for every channel: the mail, and the values and short link for SMS and WhatsApp. */
export async function composeOrderMessage(context: MessageContext, kind: OrderMessageKind, orderId: string): Promise<ComposedMessage> {
  const { db, env } = context;
  const { data, error } = await db.from('orders').select(`${ORDER_PAGE_COLUMNS}, user_id, delivery_email, delivery_mobile, courier_name, tracking_number, language`).eq('id', orderId).single();
  if (error) throw new Error(`reading the order: ${error.message}`);
  const order = messageOrderSchema.parse(data);
  const decided = await db.from('order_line_decisions').select(LINE_DECISION_COLUMNS).eq('order_id', orderId).order('line_index');
  if (decided.error) throw new Error(`reading the pharmacist's decisions: ${decided.error.message}`);
  const decisions = z.array(lineDecisionRowSchema).parse(decided.data);
  const { language } = messageWords(kind, order.language);
  const parcel = await parcelNews(db, kind, orderId, language);
  let email = order.delivery_email ?? null;
  if (!email && order.user_id) {
    const user = await db.auth.admin.getUserById(order.user_id);
    if (user.error) throw new Error(`reading the customer's email: ${user.error.message}`);
    email = user.data.user?.email ?? null;
  }
  const link = await orderPageLink(env, order);
  return {
    language,
    email,
    mobile: order.delivery_mobile ?? null,
    mail: () => composeOrderMail(kind, order, link, paymentRules(context.providers, order.provider).refundsOnline, decisions, order.language, parcel),
    phoneValues: orderPhoneValues(kind, order, decisions, language, parcel),
    shortLink: await shortLink(env, { type: 'order', id: order.order_number }),
  };
}
