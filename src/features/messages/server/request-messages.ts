import { z } from 'zod';
import { prescriptionRequestStatusLabels, prescriptionRequestStatuses } from '../../../domain/prescription-request-status';
import { MAX_MAIL_ATTEMPTS, sendMail } from '../../orders/server/order-mail';
import type { OrderDependencies } from '../../orders/server/order-dependencies';
import { isLocalAddress } from '../../../lib/local-address';
import { requestPagePath } from '../../../domain/prescription-request-contract';
import { requestKey } from './request-key';

export type RequestMailKind = 'request_received' | 'request_proposed' | 'request_rejected' | 'request_expired';

const outboxRowSchema = z.object({ id: z.string(), kind: z.enum(['request_received', 'request_proposed', 'request_rejected', 'request_expired']), attempts: z.number() });
const mailRequestSchema = z.object({
  id: z.string(),
  request_number: z.string(),
  status: z.enum(prescriptionRequestStatuses),
  delivery_name: z.string(),
  delivery_email: z.string(),
  rejection_reason: z.string().nullable(),
});
type MailRequest = z.infer<typeof mailRequestSchema>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const SUBJECTS: Record<RequestMailKind, (number: string) => string> = {
  request_received: (number) => `We have your prescription: request ${number}`,
  request_proposed: (number) => `Your medicines for request ${number} are ready to approve`,
  request_rejected: (number) => `Our pharmacist could not accept request ${number}`,
  request_expired: (number) => `Request ${number} has expired`,
};

function introOf(kind: RequestMailKind, request: MailRequest): string {
  if (kind === 'request_received') return 'Thank you. Our pharmacist will read your prescription and send you the medicines and prices to approve. Nothing is charged until you approve.';
  if (kind === 'request_proposed') return 'Our pharmacist has read your prescription. Open your request to see the medicines and prices, change quantities if you like, and approve and pay within 7 days.';
  if (kind === 'request_rejected') return `Our pharmacist could not accept your prescription: ${request.rejection_reason ?? ''}`.trim();
  return 'Your request was not approved within 7 days, so it has expired. Upload your prescription again to order.';
}

/** The mail's subject, text and HTML: what happened, the request's status and its page's link. */
export function composeRequestMail(kind: RequestMailKind, request: MailRequest, link: string): { subject: string; text: string; html: string } {
  const intro = introOf(kind, request);
  const status = prescriptionRequestStatusLabels[request.status];
  const text = [`Dear ${request.delivery_name},`, '', intro, '', `Request ${request.request_number}`, `Status: ${status}`, '', `See your request: ${link}`].join('\n');
  const html = `<p>Dear ${escapeHtml(request.delivery_name)},</p><p>${escapeHtml(intro)}</p><p>Request ${escapeHtml(request.request_number)}<br>Status: ${escapeHtml(status)}</p><p><a href="${escapeHtml(link)}">See your request</a></p>`;
  return { subject: SUBJECTS[kind](request.request_number), text, html };
}

/**
 * Sends the request's mails waiting in the message outbox (the database queues them with each
 * change of the request). A failure is logged and counted, never thrown: a mail problem must not
 * fail the customer's request.
 */
export async function sendRequestMails(deps: OrderDependencies, requestId: string): Promise<number> {
  let sent = 0;
  try {
    const { data, error } = await deps.db
      .from('message_outbox')
      .select('id, kind, attempts')
      .eq('request_id', requestId)
      .eq('channel', 'mail')
      .is('sent_at', null)
      .lt('attempts', MAX_MAIL_ATTEMPTS)
      .order('created_at');
    if (error) throw new Error(`reading the message outbox: ${error.message}`);
    for (const row of outboxRowSchema.array().parse(data)) {
      const { data: claimed, error: claimError } = await deps.db.rpc('claim_message', { p_message_id: row.id });
      if (claimError) throw new Error(`claiming message ${row.id}: ${claimError.message}`);
      if (claimed !== true) continue;
      try {
        const read = await deps.db.from('prescription_requests').select('id, request_number, status, delivery_name, delivery_email, rejection_reason').eq('id', requestId).single();
        if (read.error) throw new Error(`reading the request: ${read.error.message}`);
        const request = mailRequestSchema.parse(read.data);
        const link = new URL(requestPagePath(request.request_number, await requestKey(request.id, deps.env.ORDER_LINK_SECRET)), deps.env.SITE_URL).toString();
        await sendMail(deps, request.delivery_email, composeRequestMail(row.kind, request, link), `message-outbox/${row.id}`);
        await deps.db.from('message_outbox').update({ sent_at: deps.now().toISOString(), attempts: row.attempts + 1, last_error: null, claimed_until: null }).eq('id', row.id);
        sent += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.error(`[request mail] ${row.kind} for request ${requestId} not sent (try ${row.attempts + 1}): ${message}`);
        await deps.db.from('message_outbox').update({ attempts: row.attempts + 1, last_error: message.slice(0, 1000), claimed_until: null }).eq('id', row.id);
      }
    }
  } catch (error) {
    console.error(`[request mail] request ${requestId}:`, error);
  }
  return sent;
}

const SMS_TEXT: Partial<Record<RequestMailKind, (number: string, link: string) => string>> = {
  request_proposed: (number, link) => `MediKart: your medicines for request ${number} are ready. Approve and pay within 7 days: ${link}`,
  request_rejected: (number, link) => `MediKart: our pharmacist could not accept request ${number}. See why: ${link}`,
};

/** The SMS for a request change (the database queues SMS for proposals and rejections only). */
export function composeRequestSms(kind: RequestMailKind, requestNumber: string, link: string): string | null {
  return SMS_TEXT[kind]?.(requestNumber, link) ?? null;
}

const smsRowSchema = z.object({ id: z.string(), kind: outboxRowSchema.shape.kind, attempts: z.number() });

/**
 * Writes the text of the request's SMS waiting in the outbox. There is no SMS gateway yet: on the
 * local stack the outbox row is the delivery, so it is marked sent with its text; elsewhere the row
 * keeps its text and waits unsent for the gateway (README, "Ordering with a prescription").
 */
export async function sendRequestTexts(deps: OrderDependencies, requestId: string): Promise<number> {
  const delivered = isLocalAddress(deps.env.SUPABASE_URL);
  const { data, error } = await deps.db.from('message_outbox').select('id, kind, attempts').eq('request_id', requestId).eq('channel', 'sms').is('body', null);
  if (error) throw new Error(`reading the SMS outbox: ${error.message}`);
  const rows = smsRowSchema.array().parse(data);
  if (rows.length === 0) return 0;
  const read = await deps.db.from('prescription_requests').select('id, request_number').eq('id', requestId).single();
  if (read.error) throw new Error(`reading the request: ${read.error.message}`);
  const request = z.object({ id: z.string(), request_number: z.string() }).parse(read.data);
  const link = new URL(requestPagePath(request.request_number, await requestKey(request.id, deps.env.ORDER_LINK_SECRET)), deps.env.SITE_URL).toString();
  let written = 0;
  for (const row of rows) {
    const body = composeRequestSms(row.kind, request.request_number, link);
    if (!body) continue;
    const sent = delivered ? { sent_at: deps.now().toISOString(), attempts: row.attempts + 1 } : {};
    const { error: updateError } = await deps.db.from('message_outbox').update({ body, ...sent }).eq('id', row.id);
    if (updateError) throw new Error(`writing SMS ${row.id}: ${updateError.message}`);
    written += 1;
  }
  return written;
}

/** The request's mails and SMS waiting in the outbox; a failure is logged, never thrown. */
export async function sendRequestMessages(deps: OrderDependencies, requestId: string): Promise<void> {
  await sendRequestMails(deps, requestId);
  try {
    await sendRequestTexts(deps, requestId);
  } catch (error) {
    console.error(`[request SMS] request ${requestId}:`, error);
  }
}
