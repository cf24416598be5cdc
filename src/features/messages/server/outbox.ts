import { z } from 'zod';
import { fittedValues, messageChannels, messageKinds, renderSms, smsTemplateName, whatsappTemplateName } from '../../../domain/messages';
import { ChannelSendError } from './channel-error';
import { composeMessage } from './compose';
import type { ComposedMessage, MessageContext } from './message-types';
import { sendMail, type MailSettings } from './mail';
import { sendFlowSms } from './msg91';
import { phoneChannels, type MessageEnv, type PhoneChannels } from './settings';
import { sendTemplateMessage } from './whatsapp';

/**
 * The one sender of the one outbox. The database queues each message with the change that calls
 * for it (one row per channel); this claims a row (claim_message: one sender at a time, only after
 * its backoff), composes it from the current state, hands it to its channel and records the
 * outcome. A failure on one row never holds another: each channel's row stands alone. A temporary
 * failure waits (1, 2, 4 … minutes, at most 6 hours) and is tried again by the next run, up to
 * MAX_ATTEMPTS; a permanent one ends the row, and a WhatsApp message that cannot arrive falls back
 * to SMS once (fall_back_to_sms). Nothing here throws to its caller: a message problem never
 * blocks or loses an order.
 */

export const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_MINUTES = 6 * 60;

export interface OutboxDependencies extends MessageContext {
  env: MessageContext['env'] & MailSettings & MessageEnv;
  fetcher: typeof fetch;
  now: () => Date;
}

export interface OutboxScope {
  orderId?: string;
  requestId?: string;
  reminderId?: string;
  kind?: (typeof messageKinds)[number];
}

const rowSchema = z.object({
  id: z.string(),
  channel: z.enum(messageChannels),
  kind: z.enum(messageKinds),
  order_id: z.string().nullable(),
  request_id: z.string().nullable(),
  reminder_id: z.string().nullable(),
  due_for: z.string().nullable(),
  attempts: z.number(),
});
type OutboxRow = z.infer<typeof rowSchema>;

const ROW_COLUMNS = 'id, channel, kind, order_id, request_id, reminder_id, due_for, attempts';

/** Minutes before try n+1 after n failed tries: 1, 2, 4 … capped at 6 hours. */
export const backoffMinutes = (attempts: number): number => Math.min(2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MINUTES);

interface Sent {
  recipient: string;
  providerMessageId: string | null;
  body: string | null;
}

class NotSendable extends Error {}

async function deliver(deps: OutboxDependencies, channels: PhoneChannels, row: OutboxRow, message: ComposedMessage): Promise<Sent> {
  if (row.channel === 'mail') {
    if (!message.email) throw new NotSendable('there is no email address to send to');
    const sent = await sendMail(deps, message.email, message.mail(), `message/${row.id}`);
    return { recipient: message.email, providerMessageId: sent.providerMessageId, body: null };
  }
  if (!message.mobile) throw new NotSendable('there is no mobile number to send to');
  if (row.channel === 'sms') {
    if (!channels.sms) throw new NotSendable('SMS is not configured (MSG91_* settings)');
    const templateName = smsTemplateName(row.kind, message.language);
    const body = renderSms(row.kind, message.phoneValues, message.shortLink, message.language);
    const sent = await sendFlowSms(deps.fetcher, channels.sms, {
      templateId: channels.sms.templateIds[templateName]!,
      mobile: message.mobile,
      variables: [...fittedValues(row.kind, message.phoneValues, message.language), message.shortLink],
      reference: row.id,
    });
    return { recipient: message.mobile, providerMessageId: sent.providerMessageId, body };
  }
  if (!channels.whatsapp) throw new NotSendable('WhatsApp is not configured (WHATSAPP_* settings)');
  const parameters = fittedValues(row.kind, message.phoneValues);
  const sent = await sendTemplateMessage(deps.fetcher, channels.whatsapp, {
    to: message.mobile,
    template: whatsappTemplateName(row.kind),
    // Meta names a template's languages by their ISO 639-1 code, as the shop does.
    language: message.language,
    bodyParameters: parameters,
    buttonUrlSuffix: new URL(message.shortLink).pathname.slice(1),
    reference: row.id,
  });
  return { recipient: message.mobile, providerMessageId: sent.providerMessageId, body: `${parameters.join(' | ')} | ${message.shortLink}` };
}

/** Ends a row that cannot go out; a WhatsApp one falls back to SMS unless the customer said no more. */
async function giveUp(deps: OutboxDependencies, row: OutboxRow, status: 'failed' | 'skipped', reason: string, fallBack = true): Promise<void> {
  const { error } = await deps.db
    .from('message_outbox')
    .update({ attempts: row.attempts + 1, delivery_status: status, delivery_status_at: deps.now().toISOString(), delivery_error: reason.slice(0, 500), last_error: reason.slice(0, 1000), claimed_until: null })
    .eq('id', row.id);
  if (error) throw new Error(`closing message ${row.id}: ${error.message}`);
  if (fallBack && row.channel === 'whatsapp') {
    const fallback = await deps.db.rpc('fall_back_to_sms', { p_message_id: row.id });
    if (fallback.error) throw new Error(`queueing the SMS for message ${row.id}: ${fallback.error.message}`);
  }
}

/** One row: claimed, composed, sent and recorded. True when it went out now. */
async function sendOne(deps: OutboxDependencies, channels: PhoneChannels, row: OutboxRow): Promise<boolean> {
  const { data: claimed, error: claimError } = await deps.db.rpc('claim_message', { p_message_id: row.id });
  if (claimError) throw new Error(`claiming message ${row.id}: ${claimError.message}`);
  if (claimed !== true) return false;
  try {
    const message = await composeMessage(deps, row);
    if (!message) {
      await giveUp(deps, row, 'skipped', 'the customer stopped these messages', false);
      return false;
    }
    const sent = await deliver(deps, channels, row, message);
    const now = deps.now().toISOString();
    const { error } = await deps.db
      .from('message_outbox')
      .update({
        sent_at: now,
        attempts: row.attempts + 1,
        recipient: sent.recipient,
        provider_message_id: sent.providerMessageId,
        body: sent.body,
        delivery_status: 'sent',
        delivery_status_at: now,
        last_error: null,
        claimed_until: null,
      })
      .eq('id', row.id);
    if (error) throw new Error(`recording message ${row.id} as sent: ${error.message}`);
    return true;
  } catch (problem) {
    const reason = problem instanceof Error ? problem.message : String(problem);
    console.error(`[messages] ${row.channel} ${row.kind} (${row.id}) not sent, try ${row.attempts + 1}: ${reason}`);
    if (problem instanceof NotSendable) await giveUp(deps, row, 'skipped', reason);
    else if ((problem instanceof ChannelSendError && problem.permanent) || row.attempts + 1 >= MAX_ATTEMPTS) await giveUp(deps, row, 'failed', reason);
    else {
      const { error } = await deps.db.rpc('postpone_message', { p_message_id: row.id, p_minutes: backoffMinutes(row.attempts + 1), p_error: reason });
      if (error) throw new Error(`postponing message ${row.id}: ${error.message}`);
    }
    return false;
  }
}

async function waiting(deps: OutboxDependencies, scope: OutboxScope): Promise<OutboxRow[]> {
  let query = deps.db
    .from('message_outbox')
    .select(ROW_COLUMNS)
    .is('sent_at', null)
    .is('delivery_status', null)
    .lt('attempts', MAX_ATTEMPTS);
  if (scope.orderId) query = query.eq('order_id', scope.orderId);
  if (scope.requestId) query = query.eq('request_id', scope.requestId);
  if (scope.reminderId) query = query.eq('reminder_id', scope.reminderId);
  if (scope.kind) query = query.eq('kind', scope.kind);
  // Those due first; one still in its backoff is refused by the claim (the database's clock decides).
  const { data, error } = await query.order('next_attempt_at').order('created_at').limit(100);
  if (error) throw new Error(`reading the outbox: ${error.message}`);
  return z.array(rowSchema).parse(data);
}

/**
 * Sends what waits in the outbox (an order's, a request's, one kind's, or everything), then once
 * more for SMS fallbacks the first pass queued. Answers how many went out; never throws.
 */
export async function sendWaitingMessages(deps: OutboxDependencies, scope: OutboxScope = {}, timeLeft: () => boolean = () => true): Promise<number> {
  let sent = 0;
  try {
    const channels = phoneChannels(deps.env);
    const seen = new Set<string>();
    for (let pass = 0; pass < 2; pass += 1) {
      const rows = (await waiting(deps, scope)).filter((row) => !seen.has(row.id));
      if (rows.length === 0) break;
      for (const row of rows) {
        if (!timeLeft()) return sent;
        seen.add(row.id);
        if (await sendOne(deps, channels, row)) sent += 1;
      }
    }
  } catch (problem) {
    console.error('[messages] could not work through the outbox:', problem);
  }
  return sent;
}

/** Support's resend: the same change's message again on the same channel; null when that resend is already queued. */
export async function resendMessage(deps: OutboxDependencies, messageId: string, staffId: string): Promise<string | null> {
  const { data, error } = await deps.db.rpc('resend_message', { p_message_id: messageId, p_staff_id: staffId });
  if (error) throw new Error(`queueing the resend of ${messageId}: ${error.message}`);
  const id = z.string().nullable().parse(data);
  if (id) {
    const read = await deps.db.from('message_outbox').select('order_id, request_id').eq('id', id).single();
    if (read.error) throw new Error(`reading the resend ${id}: ${read.error.message}`);
    await sendWaitingMessages(deps, read.data.order_id ? { orderId: read.data.order_id } : { requestId: read.data.request_id });
  }
  return id;
}
