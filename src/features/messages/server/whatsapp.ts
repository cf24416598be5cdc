import { z } from 'zod';
import { ChannelSendError } from './channel-error';

/**
 * WhatsApp through Meta's Cloud API:
 * - send an approved template: POST {apiBase}/{phone-number-id}/messages with a bearer token
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/overview,
 *   https://whatsapp.github.io/WhatsApp-Nodejs-SDK/api-reference/types/TemplateObject); errors are
 *   Graph errors { error: { message, type, code, error_data, fbtrace_id } } whose `code` says what
 *   went wrong (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes);
 * - webhooks: a GET handshake (hub.mode, hub.verify_token, hub.challenge), then POSTs signed
 *   `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/create-webhook-endpoint)
 *   carrying statuses and inbound messages
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status,
 *   https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages).
 */

export interface WhatsAppSettings {
  token: string;
  phoneNumberId: string;
  /** Graph API with its version, e.g. https://graph.facebook.com/v26.0 (v26.0 is current since 29 July 2026). */
  apiBase: string;
  appSecret: string;
  verifyToken: string;
}

export interface TemplateMessage {
  /** E.164. */
  to: string;
  template: string;
  language: string;
  bodyParameters: readonly string[];
  /** The dynamic suffix of the template's URL button (index 0), or null when it has none. */
  buttonUrlSuffix: string | null;
  /** Our outbox id, sent as biz_opaque_callback_data so status webhooks carry it back. */
  reference: string;
}

const TIMEOUT_MS = 10_000;

/**
 * Error codes after which the same request can succeed later: throughput and spam rate limits,
 * the (business, customer) pair limit, Meta holding back delivery for a while, outages and
 * "something went wrong". Every other documented code (an undeliverable number, a missing,
 * paused or disabled template, a parameter count mismatch, an invalid parameter, a refused token,
 * a locked account or an unpaid bill) needs someone to change something first.
 */
const TEMPORARY_CODES = new Set([1, 2, 4, 17, 341, 80007, 130429, 131000, 131016, 131048, 131049, 131056, 133004]);
/** Codes documented as permanent for this request (authorization, parameters, recipient, templates, account). */
const PERMANENT_CODES = new Set([0, 3, 10, 33, 100, 190, 368, 130472, 131005, 131008, 131009, 131021, 131026, 131031, 131042, 131045, 131047, 131051, 135000]);

/** Whether a Graph error code means retrying cannot help; null for a code this table does not know. */
export function isPermanentWhatsAppError(code: number): boolean | null {
  if (TEMPORARY_CODES.has(code)) return false;
  if (PERMANENT_CODES.has(code)) return true;
  if (code >= 200 && code <= 299) return true; // API permission
  if (code >= 132000 && code <= 132999) return true; // template problems: missing, paused, disabled, parameters
  return null;
}

const graphError = z.object({
  error: z.looseObject({
    message: z.string(),
    type: z.string().optional(),
    code: z.number(),
    error_subcode: z.number().optional(),
    error_data: z.looseObject({ details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});
const sendAnswer = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  messages: z.array(z.looseObject({ id: z.string().min(1) })).min(1),
});

function whatsappNumber(e164: string): string {
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) throw new ChannelSendError(`WhatsApp: ${JSON.stringify(e164)} is not an E.164 mobile number`, true);
  return e164.slice(1);
}

export async function sendTemplateMessage(fetcher: typeof fetch, settings: WhatsAppSettings, message: TemplateMessage): Promise<{ providerMessageId: string }> {
  const components: unknown[] = [];
  if (message.bodyParameters.length > 0) {
    components.push({ type: 'body', parameters: message.bodyParameters.map((text) => ({ type: 'text', text })) });
  }
  if (message.buttonUrlSuffix !== null) {
    components.push({ type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: message.buttonUrlSuffix }] });
  }
  const body = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: whatsappNumber(message.to),
    type: 'template',
    template: { name: message.template, language: { code: message.language }, ...(components.length > 0 ? { components } : {}) },
    biz_opaque_callback_data: message.reference,
  };
  const what = `WhatsApp ${message.reference} (template ${message.template}/${message.language})`;
  let response: Response;
  try {
    response = await fetcher(`${settings.apiBase.replace(/\/+$/, '')}/${encodeURIComponent(settings.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as Error).name;
    const why = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (error as Error).message;
    throw new ChannelSendError(`${what}: the Cloud API could not be reached (${why})`, false);
  }
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const answer = sendAnswer.safeParse(json);
    if (answer.success) return { providerMessageId: answer.data.messages[0]!.id };
    throw new ChannelSendError(`${what}: the Cloud API answered ${response.status} without a message id`, false);
  }
  const error = graphError.safeParse(json);
  if (!error.success) {
    throw new ChannelSendError(`${what}: the Cloud API answered ${response.status} without a Graph error`, response.status >= 500 || response.status === 429 ? false : response.status >= 400);
  }
  const { code, message: text, error_data: data } = error.data.error;
  const permanent = isPermanentWhatsAppError(code) ?? !(response.status >= 500 || response.status === 429);
  throw new ChannelSendError(`${what}: the Cloud API answered ${response.status}, code ${code}: ${text}${data?.details ? ` (${data.details})` : ''}`, permanent);
}

const hexToBytes = (hex: string) => Uint8Array.from(hex.match(/../g)!, (pair) => Number.parseInt(pair, 16));

/** `X-Hub-Signature-256: sha256=<hex>` over the exact raw body with the app secret (WebCrypto's verify compares in constant time). */
export async function isMetaSignature(rawBody: string, header: string | null, appSecret: string): Promise<boolean> {
  if (!header || appSecret === '') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(appSecret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, hexToBytes(match[1]!), encoder.encode(rawBody));
}

/** String equality that looks at every byte whatever the first difference (no early exit to time). */
function sameText(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let difference = left.length ^ right.length;
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  return difference === 0;
}

/** The webhook GET handshake: the challenge to echo when mode is subscribe and the token ours, else null. */
export function verificationChallenge(url: URL, verifyToken: string): string | null {
  const mode = url.searchParams.get('hub.mode');
  const token = url.searchParams.get('hub.verify_token');
  const challenge = url.searchParams.get('hub.challenge');
  if (mode !== 'subscribe' || token === null || challenge === null || verifyToken === '') return null;
  return sameText(token, verifyToken) ? challenge : null;
}

export interface WhatsAppStatus {
  /** The wamid the send answered. */
  providerMessageId: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** ISO 8601. */
  at: string;
  /** E.164 with +. */
  recipient: string;
  errorCode: number | null;
  errorTitle: string | null;
  /** biz_opaque_callback_data: our outbox id. */
  reference: string | null;
}

export interface WhatsAppReply {
  /** E.164 with +. */
  from: string;
  text: string;
  at: string;
  providerMessageId: string;
}

const unixSeconds = z
  .union([z.string().regex(/^\d{9,11}$/), z.number().int().positive()])
  .transform((value) => new Date(Number(value) * 1000).toISOString());
const waNumber = z
  .string()
  .regex(/^\+?[1-9]\d{7,14}$/)
  .transform((value) => `+${value.replace(/^\+/, '')}`);

const errorItem = z.looseObject({ code: z.number(), title: z.string().optional(), message: z.string().optional() });
const statusItem = z.looseObject({
  id: z.string().min(1),
  status: z.string(),
  timestamp: unixSeconds,
  recipient_id: waNumber,
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(errorItem).optional(),
});
const messageItem = z.looseObject({
  from: waNumber,
  id: z.string().min(1),
  timestamp: unixSeconds,
  type: z.string(),
  text: z.looseObject({ body: z.string() }).optional(),
  button: z.looseObject({ text: z.string(), payload: z.string().optional() }).optional(),
  interactive: z
    .looseObject({
      type: z.string(),
      button_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
      list_reply: z.looseObject({ id: z.string(), title: z.string() }).optional(),
    })
    .optional(),
});
const messagesValue = z.looseObject({
  messaging_product: z.literal('whatsapp'),
  metadata: z.looseObject({ phone_number_id: z.string() }),
  statuses: z.array(statusItem).optional(),
  messages: z.array(messageItem).optional(),
});
const envelope = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z.array(
    z.looseObject({
      id: z.string(),
      changes: z.array(z.looseObject({ field: z.string(), value: z.unknown() })),
    }),
  ),
});

const STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
    .join('; ');
}

/**
 * A Cloud API webhook's statuses and customer replies (text messages, and taps on a template's
 * quick-reply or an interactive reply button). Other fields (template status updates…), other
 * statuses (deleted, played) and other message types (images, locations…) are left out; a body
 * that is not a WhatsApp Business Account webhook throws.
 */
export function parseWhatsAppWebhook(body: unknown): { statuses: WhatsAppStatus[]; replies: WhatsAppReply[] } {
  const outer = envelope.safeParse(body);
  if (!outer.success) throw new Error(`WhatsApp webhook: not a WhatsApp Business Account webhook (${describe(outer.error)})`);
  const statuses: WhatsAppStatus[] = [];
  const replies: WhatsAppReply[] = [];
  for (const entry of outer.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const value = messagesValue.safeParse(change.value);
      if (!value.success) throw new Error(`WhatsApp webhook: unreadable messages change (${describe(value.error)})`);
      for (const status of value.data.statuses ?? []) {
        if (!STATUSES.has(status.status)) continue;
        const error = status.errors?.[0];
        statuses.push({
          providerMessageId: status.id,
          status: status.status as WhatsAppStatus['status'],
          at: status.timestamp,
          recipient: status.recipient_id,
          errorCode: error?.code ?? null,
          errorTitle: error ? (error.title ?? error.message ?? null) : null,
          reference: status.biz_opaque_callback_data ?? null,
        });
      }
      for (const message of value.data.messages ?? []) {
        const text =
          message.type === 'text'
            ? message.text?.body
            : message.type === 'button'
              ? message.button?.text
              : message.type === 'interactive'
                ? (message.interactive?.button_reply?.title ?? message.interactive?.list_reply?.title)
                : undefined;
        if (text === undefined) continue;
        replies.push({ from: message.from, text, at: message.timestamp, providerMessageId: message.id });
      }
    }
  }
  return { statuses, replies };
}

/** Whole-message opt-out words, English and Hindi, compared trimmed, case- and punctuation-insensitive. */
const STOP_WORDS = new Set([
  'stop',
  'stop all',
  'stopall',
  'unsubscribe',
  'end',
  'quit',
  'opt out',
  'opt-out',
  'optout',
  'stop promotions',
  'रोकें',
  'रोको',
  'रोक दें',
  'रोक दो',
  'बंद',
  'बंद करें',
  'बंद करो',
  'बंद कर दें',
  'बंद कर दो',
  'अनसब्सक्राइब',
]);

/**
 * True when the whole message is an opt-out (STOP, UNSUBSCRIBE, STOP ALL, रोकें…), not when a
 * sentence merely contains one ("please don't stop my refills"). CANCEL is left out on purpose:
 * a customer replying CANCEL to an order update most likely means the order.
 */
export const isStopReply = (text: string): boolean =>
  STOP_WORDS.has(
    text
      .normalize('NFC')
      .trim()
      .toLowerCase()
      .replace(/[\s.!।]+$/u, '')
      .replace(/^[\s"'“]+|[\s"'”]+$/gu, '')
      .replace(/\s+/g, ' '),
  );
