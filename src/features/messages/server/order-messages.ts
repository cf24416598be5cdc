import { z } from 'zod';
import { guestOrderToken } from '../../../domain/guest-order-link';
import { formatRupees } from '../../../domain/money';
import { unitPricePaise } from '../../../domain/order-line';
import { orderStatusLabels, paymentStatusLabels } from '../../../domain/order-status';
import { LINE_DECISION_COLUMNS, lineDecisionRowSchema, lineDecisionText, ORDER_PAGE_COLUMNS, orderRowSchema, type LineDecision, type OrderRow } from '../../../domain/order-view';
import { paymentRules } from '../../checkout/server/public';
import type { OrderDependencies } from './order-dependencies';

export type OrderMailKind = 'order_confirmation' | 'prescription_reviewed' | 'order_cancelled' | 'refund_processed' | 'order_shipped';

/** After this many failed tries a mail stays in the outbox for a person to look at. */
export const MAX_MAIL_ATTEMPTS = 12;

interface OutboxRow {
  id: string;
  order_id: string;
  kind: OrderMailKind;
  attempts: number;
}

const mailRowSchema = z.object({ ...orderRowSchema.shape, user_id: z.string().nullable(), delivery_email: z.string().nullable().optional() });
type MailOrder = z.infer<typeof mailRowSchema>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

async function recipientOf(deps: OrderDependencies, order: MailOrder): Promise<string | null> {
  if (order.delivery_email) return order.delivery_email;
  if (!order.user_id) return null;
  const { data, error } = await deps.db.auth.admin.getUserById(order.user_id);
  if (error) throw new Error(`reading the customer's email: ${error.message}`);
  return data.user?.email ?? null;
}

function subjectOf(kind: OrderMailKind, order: OrderRow): string {
  if (kind === 'order_confirmation') return `Your MediKart order ${order.order_number} is placed`;
  if (kind === 'order_cancelled') return `Your MediKart order ${order.order_number} is cancelled`;
  if (kind === 'order_shipped') return `Your MediKart order ${order.order_number} is on its way`;
  if (kind === 'prescription_reviewed') return `Our pharmacist has checked the prescription for order ${order.order_number}`;
  return `Your refund for MediKart order ${order.order_number}`;
}

/** refundsOnline: the order's method gives money back through its provider (its adapter's rule). */
function introOf(kind: OrderMailKind, order: OrderRow, refundsOnline: boolean, decisions: readonly LineDecision[]): string {
  const total = formatRupees(order.amount_paise);
  if (kind === 'order_confirmation') return `Thank you for your order. We have received it and will keep you posted. Total: ${total}.`;
  if (kind === 'prescription_reviewed') {
    if (!decisions.some((decision) => decision.decision === 'rejected')) return 'Our pharmacist has checked your prescription and your order is confirmed.';
    return refundsOnline
      ? 'Our pharmacist has checked your prescription. The items below that were not accepted are removed from your order and refunded to your original payment method; the rest is confirmed.'
      : 'Our pharmacist has checked your prescription. The items below that were not accepted are removed from your order; the rest is confirmed.';
  }
  if (kind === 'order_shipped') return 'Your order has left our pharmacy. Your GST tax invoice is ready to view and print.';
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
  kind: OrderMailKind,
  order: OrderRow,
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
  const text = [intro, '', `Order ${order.order_number}`, ...lines, `Total: ${total}`, `Status: ${status}`, '', `See your order: ${link}`, ...(invoiceLink ? [`Your tax invoice: ${invoiceLink}`] : [])].join('\n');
  const html = `<p>${escapeHtml(intro)}</p><h2>Order ${escapeHtml(order.order_number)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>Total: ${escapeHtml(total)}<br>Status: ${escapeHtml(status)}</p><p><a href="${escapeHtml(link)}">See your order</a></p>${invoiceLink ? `<p><a href="${escapeHtml(invoiceLink)}">Your tax invoice</a></p>` : ''}`;
  return { subject: subjectOf(kind, order), text, html };
}

/** Resend's error body (https://resend.com/docs/api-reference/errors). */
const mailErrorSchema = z.object({ name: z.string(), message: z.string() });

/**
 * POST {MAIL_API_BASE}/emails with a bearer key (Resend's API); throws on anything but 2xx, naming
 * Resend's error. The idempotency key makes a retry after a lost answer the same mail, not a second one.
 */
export async function sendMail(
  mailer: Pick<OrderDependencies, 'fetcher' | 'env'>,
  to: string,
  mail: { subject: string; text: string; html: string },
  idempotencyKey: string,
): Promise<void> {
  const response = await mailer.fetcher(new URL('/emails', mailer.env.MAIL_API_BASE), {
    method: 'POST',
    headers: { authorization: `Bearer ${mailer.env.MAIL_API_KEY}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
    body: JSON.stringify({ from: mailer.env.MAIL_FROM, to: [to], subject: mail.subject, text: mail.text, html: mail.html }),
    signal: AbortSignal.timeout(10_000),
  });
  if (response.ok) return;
  const refused = mailErrorSchema.safeParse(await response.json().catch(() => null));
  throw new Error(`the mail API answered ${response.status}${refused.success ? ` (${refused.data.name}: ${refused.data.message})` : ''}`);
}

async function deliver(deps: OrderDependencies, row: OutboxRow): Promise<boolean> {
  const { data: claimed, error: claimError } = await deps.db.rpc('claim_mail', { p_mail_id: row.id });
  if (claimError) throw new Error(`claiming mail ${row.id}: ${claimError.message}`);
  if (claimed !== true) return false;
  try {
    const { data, error } = await deps.db.from('orders').select(`${ORDER_PAGE_COLUMNS}, user_id, delivery_email`).eq('id', row.order_id).single();
    if (error) throw new Error(`reading the order: ${error.message}`);
    const order = mailRowSchema.parse(data);
    const decided = await deps.db.from('order_line_decisions').select(LINE_DECISION_COLUMNS).eq('order_id', row.order_id).order('line_index');
    if (decided.error) throw new Error(`reading the pharmacist's decisions: ${decided.error.message}`);
    const decisions = z.array(lineDecisionRowSchema).parse(decided.data);
    const to = await recipientOf(deps, order);
    if (!to) {
      // Orders from before delivery details carry no address: nothing to retry.
      await deps.db.from('mail_outbox').update({ attempts: MAX_MAIL_ATTEMPTS, last_error: 'the order has no email address' }).eq('id', row.id);
      return false;
    }
    const link = new URL(`/orders/${order.order_number}?key=${await guestOrderToken(order.id, deps.env.ORDER_LINK_SECRET)}`, deps.env.SITE_URL).toString();
    await sendMail(deps, to, composeOrderMail(row.kind, order, link, paymentRules(deps.providers, order.provider).refundsOnline, decisions), `order-mail/${row.id}`);
    await deps.db.from('mail_outbox').update({ sent_at: deps.now().toISOString(), attempts: row.attempts + 1, last_error: null, claimed_until: null }).eq('id', row.id);
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`[order mail] ${row.kind} for order ${row.order_id} not sent (try ${row.attempts + 1}): ${message}`);
    await deps.db.from('mail_outbox').update({ attempts: row.attempts + 1, last_error: message.slice(0, 1000), claimed_until: null }).eq('id', row.id);
    return false;
  }
}

/**
 * Sends the order's mails waiting in the outbox (the database queues them with the order change
 * itself). A failure is logged and left for the reconciliation run to retry; it never fails the
 * caller, so a mail problem can never block or lose an order.
 */
export async function sendOrderMails(deps: OrderDependencies, orderId?: string, timeLeft: () => boolean = () => true): Promise<number> {
  try {
    let query = deps.db.from('mail_outbox').select('id, order_id, kind, attempts').is('sent_at', null).lt('attempts', MAX_MAIL_ATTEMPTS);
    if (orderId) query = query.eq('order_id', orderId);
    const { data, error } = await query.order('created_at').limit(100);
    if (error) throw new Error(error.message);
    let sent = 0;
    for (const row of data as OutboxRow[]) {
      if (!timeLeft()) break;
      if (await deliver(deps, row)) sent += 1;
    }
    return sent;
  } catch (error) {
    console.error(`[order mail] could not read the outbox:`, error);
    return 0;
  }
}
