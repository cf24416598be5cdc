import { z } from 'zod';
import type { LanguageCode } from '../../../domain/language';
import { messageValueWords, messageWords, type MessageKind } from '../../../domain/messages';
import { formatRupees } from '../../../domain/money';
import { unitPricePaise } from '../../../domain/order-line';
import { orderStatusLabels, paymentStatusLabels } from '../../../domain/order-status';
import { LINE_DECISION_COLUMNS, lineDecisionRowSchema, lineDecisionText, ORDER_PAGE_COLUMNS, orderRowSchema, type LineDecision, type OrderRow } from '../../../domain/order-view';
import { paymentRules } from '../../checkout/server/public';
import type { ComposedMessage, MessageContext } from './message-types';
import { escapeHtml, orderPageLink, shortLink } from './links';

export type OrderMessageKind = Extract<MessageKind, 'order_confirmation' | 'prescription_reviewed' | 'order_shipped' | 'order_delivered' | 'order_cancelled' | 'refund_initiated' | 'refund_processed'>;

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

const SUBJECTS: Record<OrderMessageKind, (number: string) => string> = {
  order_confirmation: (number) => `Your MediKart order ${number} is placed`,
  order_cancelled: (number) => `Your MediKart order ${number} is cancelled`,
  order_shipped: (number) => `Your MediKart order ${number} is on its way`,
  order_delivered: (number) => `Your MediKart order ${number} is delivered`,
  prescription_reviewed: (number) => `Our pharmacist has checked the prescription for order ${number}`,
  refund_initiated: (number) => `We have your return of MediKart order ${number}: its refund has started`,
  refund_processed: (number) => `Your refund for MediKart order ${number}`,
};

/** "Blue Dart, tracking 1234": what the desk typed when it shipped. */
const shipmentOf = (order: Pick<MessageOrder, 'courier_name' | 'tracking_number'>): string | null =>
  order.courier_name ? `${order.courier_name}${order.tracking_number ? `, tracking ${order.tracking_number}` : ''}` : null;

/** refundsOnline: the order's method gives money back through its provider (its adapter's rule). */
function introOf(kind: OrderMessageKind, order: OrderRow, refundsOnline: boolean, decisions: readonly LineDecision[]): string {
  const total = formatRupees(order.amount_paise);
  if (kind === 'order_confirmation') return `Thank you for your order. We have received it and will keep you posted. Total: ${total}.`;
  if (kind === 'prescription_reviewed') {
    if (!decisions.some((decision) => decision.decision === 'rejected')) return 'Our pharmacist has checked your prescription and your order is confirmed.';
    return refundsOnline
      ? 'Our pharmacist has checked your prescription. The items below that were not accepted are removed from your order and refunded to your original payment method; the rest is confirmed.'
      : 'Our pharmacist has checked your prescription. The items below that were not accepted are removed from your order; the rest is confirmed.';
  }
  if (kind === 'order_shipped') return 'Your order has left our pharmacy. Your GST tax invoice is ready to view and print.';
  if (kind === 'refund_initiated') return 'We have received your return and started the refund to your original payment method. We will write again when it is done; banks usually show it within 5-7 working days of that.';
  if (kind === 'order_delivered') return 'Your order is delivered. Thank you for ordering with MediKart; your tax invoice stays on the order page.';
  if (kind === 'order_cancelled') {
    return !refundsOnline || order.payment_status === 'pending' || order.payment_status === 'failed'
      ? 'Your order is cancelled. Nothing was charged, so there is nothing to refund.'
      : 'Your order is cancelled. The amount you paid is being refunded to your original payment method.';
  }
  return `Your refund has been processed to your original payment method (${paymentStatusLabels[order.payment_status]}). Banks usually show it within 5-7 working days.`;
}

/** /orders/<number>?key=… -> /orders/invoice?number=<number>&key=… (the invoice's own prebuilt page). */
function invoiceLinkOf(orderLink: string): string {
  const url = new URL(orderLink);
  const invoice = new URL('/orders/invoice', url);
  invoice.searchParams.set('number', decodeURIComponent(url.pathname.replace(/^\/orders\//, '')));
  const key = url.searchParams.get('key');
  if (key) invoice.searchParams.set('key', key);
  return invoice.toString();
}

/** The mail's text and HTML: the order's lines, total, status and its page's link; a refund is promised only when the order's method refunds online. */
export function composeOrderMail(
  kind: OrderMessageKind,
  order: OrderRow & { courier_name?: string | null; tracking_number?: string | null },
  link: string,
  refundsOnline: boolean,
  decisions: readonly LineDecision[] = [],
): { subject: string; text: string; html: string } {
  const lines = order.lines.map((line, index) => {
    const decision = decisions.find((candidate) => candidate.line_index === index);
    return `${line.quantity} x ${line.name} (${formatRupees(unitPricePaise(line))} each)${decision ? `: ${lineDecisionText(decision)}` : ''}`;
  });
  const total = formatRupees(order.amount_paise);
  const status = `${orderStatusLabels[order.status]}, ${paymentStatusLabels[order.payment_status]}`;
  const intro = introOf(kind, order, refundsOnline, decisions);
  // The invoice page takes the same guest key as the order page.
  const invoiceLink = kind === 'order_shipped' ? invoiceLinkOf(link) : null;
  const shipment = kind === 'order_shipped' ? shipmentOf(order) : null;
  const linkText = kind === 'order_shipped' ? 'Track your order' : 'See your order';
  const text = [intro, ...(shipment ? [`Courier: ${shipment}`] : []), '', `Order ${order.order_number}`, ...lines, `Total: ${total}`, `Status: ${status}`, '', `${linkText}: ${link}`, ...(invoiceLink ? [`Your tax invoice: ${invoiceLink}`] : [])].join('\n');
  const html = `<p>${escapeHtml(intro)}</p>${shipment ? `<p>Courier: ${escapeHtml(shipment)}</p>` : ''}<h2>Order ${escapeHtml(order.order_number)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>Total: ${escapeHtml(total)}<br>Status: ${escapeHtml(status)}</p><p><a href="${escapeHtml(link)}">${linkText}</a></p>${invoiceLink ? `<p><a href="${escapeHtml(invoiceLink)}">Your tax invoice</a></p>` : ''}`;
  return { subject: SUBJECTS[kind](order.order_number), text, html };
}


/** The SMS and WhatsApp variables of an order message, in the order messageTable lists them, the shop's own words in the message's language. */
export function orderPhoneValues(kind: OrderMessageKind, order: Omit<MessageOrder, 'language'>, decisions: readonly LineDecision[], language: LanguageCode): string[] {
  const { words } = messageValueWords(language);
  if (kind === 'order_confirmation') return [order.order_number, formatRupees(order.amount_paise).replace(/^₹\s?/, '')];
  if (kind === 'prescription_reviewed') {
    return [order.order_number, decisions.some((decision) => decision.decision === 'rejected') ? words.someItemsNotAccepted : words.orderConfirmed];
  }
  if (kind === 'order_shipped') return [order.order_number, order.courier_name ?? words.ourCourier, order.tracking_number ?? words.onTheOrderPage];
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
  let email = order.delivery_email ?? null;
  if (!email && order.user_id) {
    const user = await db.auth.admin.getUserById(order.user_id);
    if (user.error) throw new Error(`reading the customer's email: ${user.error.message}`);
    email = user.data.user?.email ?? null;
  }
  const link = await orderPageLink(env, order);
  const { language } = messageWords(kind, order.language);
  return {
    language,
    email,
    mobile: order.delivery_mobile ?? null,
    mail: () => composeOrderMail(kind, order, link, paymentRules(context.providers, order.provider).refundsOnline, decisions),
    phoneValues: orderPhoneValues(kind, order, decisions, language),
    shortLink: await shortLink(env, { type: 'order', id: order.order_number }),
  };
}
