import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ChannelSendError } from './channel-error';

/**
 * MSG91, the SMS provider: its Flow API sends a DLT-registered template to a number, and its
 * delivery-report webhook says what became of it.
 *
 * - Send: POST {apiBase}/api/v5/flow with an `authkey` header and { template_id, short_url,
 *   recipients: [{ mobiles: '91XXXXXXXXXX', var1, var2, … }] }; `sender` is the DLT header
 *   (https://control.msg91.com/apidoc/textsms/send-sms-flow.php, https://docs.msg91.com/sms/send-sms).
 *   It answers { type: 'success', message: <request id> }, or { type: 'error', message, code }
 *   (https://api.msg91.com/apidoc/textsms/send-sms-v1.php), sometimes with HTTP 200.
 * - Delivery report: form-encoded `data=<JSON array>` of { senderId, requestId, report: [{ date,
 *   number, status, desc, failedReason }], userId, campaignName } (webhook v2), or one flat JSON
 *   object per number (v3); status 1 delivered, 2 failed, 9 NDNC, 16/25 rejected, 17 blocked
 *   (https://msg91.com/help/how-can-i-get-the-delivery-reports-on-my-webhook-url).
 */

export interface Msg91Settings {
  authKey: string;
  senderId: string;
  apiBase: string;
}

export interface FlowSms {
  templateId: string;
  /** E.164, '+91XXXXXXXXXX'. */
  mobile: string;
  /** Positional: sent as var1..varN, the names the template's variables have in MSG91. */
  variables: readonly string[];
  /** Our outbox message id (MSG91's flow API has no field that carries it back; it names the message in errors). */
  reference: string;
}

const TIMEOUT_MS = 10_000;

/**
 * MSG91's error codes (https://msgwow.com/kb/article/what-are-all-the-error-codes-and-what-does-it-mean,
 * the same panel; 418 from https://msg91.com/help/api) where sending the same request again cannot
 * help: a missing or refused key, an IP outside the key's whitelist, an invalid number or sender,
 * an expired or banned account.
 */
const PERMANENT_CODES = new Set(['101', '102', '103', '105', '106', '107', '201', '202', '203', '207', '208', '302', '303', '418']);
/** Insufficient balance (a recharge fixes it), a route closed for the hour, a duplicate within 10 s. */
const TEMPORARY_CODES = new Set(['301', '306', '311']);

const answerSchema = z.looseObject({
  type: z.string(),
  message: z.unknown().optional(),
  code: z.union([z.string(), z.number()]).optional(),
});

/** E.164 to MSG91's international digits without '+'. */
function msg91Mobile(e164: string): string {
  if (!/^\+[1-9]\d{7,14}$/.test(e164)) throw new ChannelSendError(`MSG91: ${JSON.stringify(e164)} is not an E.164 mobile number`, true);
  return e164.slice(1);
}

export async function sendFlowSms(fetcher: typeof fetch, settings: Msg91Settings, sms: FlowSms): Promise<{ providerMessageId: string }> {
  const recipient: Record<string, string> = { mobiles: msg91Mobile(sms.mobile) };
  sms.variables.forEach((value, index) => {
    recipient[`var${index + 1}`] = value;
  });
  const body = {
    template_id: sms.templateId,
    ...(settings.senderId ? { sender: settings.senderId } : {}),
    short_url: '0',
    recipients: [recipient],
  };
  const what = `MSG91 SMS ${sms.reference} (template ${sms.templateId})`;
  let response: Response;
  try {
    response = await fetcher(`${settings.apiBase.replace(/\/+$/, '')}/api/v5/flow`, {
      method: 'POST',
      headers: { authkey: settings.authKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as Error).name;
    const why = name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${TIMEOUT_MS / 1000} s` : (error as Error).message;
    throw new ChannelSendError(`${what}: MSG91 could not be reached (${why})`, false);
  }
  const text = await response.text().catch(() => '');
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // judged below by the status
  }
  const parsed = answerSchema.safeParse(json);
  const answer = parsed.success ? parsed.data : null;
  if (response.ok && answer?.type === 'success' && typeof answer.message === 'string' && answer.message.trim() !== '') {
    return { providerMessageId: answer.message.trim() };
  }
  const code = answer?.code === undefined ? null : String(answer.code);
  const message = typeof answer?.message === 'string' ? answer.message : text.slice(0, 200) || `HTTP ${response.status}`;
  const detail = `${what}: MSG91 answered ${response.status}${code ? ` (code ${code})` : ''}: ${message}`;
  if (response.status >= 500 || response.status === 429) throw new ChannelSendError(detail, false);
  if (code !== null && TEMPORARY_CODES.has(code)) throw new ChannelSendError(detail, false);
  if (response.status === 401 || response.status === 403 || (code !== null && PERMANENT_CODES.has(code)) || /authenticat/i.test(message)) {
    throw new ChannelSendError(detail, true);
  }
  if (response.status >= 400) throw new ChannelSendError(detail, true);
  // HTTP 2xx that is neither a success nor an error we know: nothing says a retry is futile.
  throw new ChannelSendError(answer?.type === 'success' ? `${what}: MSG91 answered success without a request id` : detail, false);
}

export interface Msg91DeliveryReport {
  providerMessageId: string;
  /** E.164. */
  mobile: string;
  status: 'delivered' | 'failed' | 'sent';
  reason: string | null;
  /** ISO 8601. */
  at: string;
}

const text = z.union([z.string(), z.number()]).transform(String);
const reportLine = z.looseObject({
  date: text,
  number: text,
  status: text,
  desc: z.string().optional(),
  failedReason: z.string().optional(),
});
const v2Item = z.looseObject({
  requestId: text,
  senderId: z.string().optional(),
  report: z.array(reportLine).min(1),
});
const v3Item = reportLine.extend({ requestId: text });

const DELIVERED = new Set(['1']);
/** Failed, NDNC, rejected and blocked: none will be delivered. */
const FAILED = new Set(['2', '9', '16', '17', '25']);

/** MSG91's report time, 'YYYY-MM-DD HH:mm:ss' in India time (or epoch seconds), as ISO 8601. */
function reportTime(value: string): string {
  if (/^\d{9,10}$/.test(value)) return new Date(Number(value) * 1000).toISOString();
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) throw new Error(`MSG91 delivery report: unreadable date ${JSON.stringify(value)}`);
  const at = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}+05:30`);
  if (Number.isNaN(at.getTime())) throw new Error(`MSG91 delivery report: unreadable date ${JSON.stringify(value)}`);
  return at.toISOString();
}

/** MSG91 reports numbers with the country code and no '+' (a bare 10-digit Indian number is possible). */
function e164(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 15) throw new Error(`MSG91 delivery report: unreadable number ${JSON.stringify(number)}`);
  return `+${digits.length === 10 ? `91${digits}` : digits}`;
}

function entry(requestId: string, line: z.infer<typeof reportLine>): Msg91DeliveryReport {
  const status = DELIVERED.has(line.status) ? 'delivered' : FAILED.has(line.status) ? 'failed' : 'sent';
  const reason = status === 'delivered' ? null : line.failedReason?.trim() || (status === 'failed' ? line.desc?.trim() || `status ${line.status}` : null);
  return { providerMessageId: requestId, mobile: e164(line.number), status, reason, at: reportTime(line.date) };
}

/** The v2 payload's `data` is a JSON string (form field) holding the array; accept it parsed too. */
function unwrap(body: unknown): unknown {
  if (typeof body === 'string') {
    const trimmed = body.trim();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) return unwrap(JSON.parse(trimmed));
    const data = new URLSearchParams(trimmed).get('data');
    if (data === null) throw new Error('MSG91 delivery report: the form body has no `data` field');
    return unwrap(JSON.parse(data));
  }
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    const data = (body as { data: unknown }).data;
    return typeof data === 'string' ? unwrap(JSON.parse(data)) : data;
  }
  return body;
}

/**
 * MSG91's delivery-report webhook, as the raw body text (form-encoded `data=…` or JSON) or already
 * parsed: one entry per number. Throws on anything that is not a delivery report.
 */
export function parseMsg91DeliveryReport(body: unknown): Msg91DeliveryReport[] {
  let payload: unknown;
  try {
    payload = unwrap(body);
  } catch (error) {
    throw new Error(`MSG91 delivery report: not JSON (${(error as Error).message})`);
  }
  const v2 = z.array(v2Item).min(1).safeParse(payload);
  if (v2.success) return v2.data.flatMap((item) => item.report.map((line) => entry(item.requestId, line)));
  const v3 = z.union([v3Item, z.array(v3Item).min(1)]).safeParse(payload);
  if (v3.success) return (Array.isArray(v3.data) ? v3.data : [v3.data]).map((line) => entry(line.requestId, line));
  const issues = v2.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  throw new Error(`MSG91 delivery report: not a delivery report (${issues.join('; ')})`);
}

/**
 * MSG91 signs nothing: its webhook URL carries our secret as `?token=`, compared in constant time.
 * An empty expected token accepts nothing.
 */
export function isMsg91WebhookToken(given: string | null, expected: string): boolean {
  if (given === null || expected === '') return false;
  // Hashed first so that neither the content nor the length of the secret shows in the timing.
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected)) && given === expected;
}
