import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { deliverWebhook, listen, readBody, sendJson } from '../http-kit.ts';

/**
 * A local MSG91: the Flow API that sends a DLT-registered SMS template
 * (https://control.msg91.com/apidoc/textsms/send-sms-flow.php, https://docs.msg91.com/sms/send-sms)
 * and its delivery-report webhook in the v2 format
 * (https://msg91.com/help/how-can-i-get-the-delivery-reports-on-my-webhook-url). Anything it does
 * not understand is refused out loud, in MSG91's error shape { type: 'error', message, code }.
 * Numbers the operator would refuse, texts that differ from the registered one and texts longer
 * than three segments never reach `deliver`.
 */

export interface Msg91Template {
  id: string;
  /** The DLT-registered text; each {#var#} is filled, in order, from var1..varN. */
  text: string;
}

export interface EmulatedSms {
  requestId: string;
  /** E.164. */
  to: string;
  text: string;
  templateId: string;
  encoding: SmsEncoding;
  segments: number;
}

export interface Msg91EmulatorOptions {
  port?: number;
  host?: string;
  authKey: string;
  templates: ReadonlyArray<Msg91Template>;
  /** Where an accepted SMS goes, e.g. the local inbox; a throw answers 500, as an outage would. */
  deliver(sms: { to: string; text: string; templateId: string }): void | Promise<void>;
  /** Where delivery reports go (the shop's /api/sms/delivery-report?token=…); null sends none. */
  webhookUrl: string | null;
  /** Numbers the operator does not deliver to: accepted, never delivered, reported failed. Default: none. */
  undeliverable?: (e164: string) => boolean;
}

export interface RunningMsg91Emulator {
  url: string;
  sent: EmulatedSms[];
  close(): Promise<void>;
}

// ---- SMS segments (3GPP TS 23.038: the GSM 7-bit default alphabet and its extension table) ----

export type SmsEncoding = 'GSM-7' | 'UCS-2';

const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Sent as ESC + a character: two septets each. */
const GSM7_EXTENSION = new Set('^{}\\[~]|€\f');

/** The largest number of segments the shop sends one SMS in (and MSG91 is asked for). */
export const MAX_SEGMENTS = 3;

/**
 * How many SMS segments a text takes: GSM-7 when every character is in the default alphabet or
 * its extension table (160 septets in one SMS, 153 a part when split, extension characters count
 * two), otherwise UCS-2 (70 UTF-16 units in one, 67 a part; an emoji counts two).
 */
export function smsSegments(text: string): { encoding: SmsEncoding; units: number; segments: number } {
  let septets = 0;
  for (const char of text) {
    if (GSM7_BASIC.has(char)) septets += 1;
    else if (GSM7_EXTENSION.has(char)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

// ---- the Flow API ----

const PLACEHOLDER = '{#var#}';

const flowSchema = z.strictObject({
  template_id: z.string().min(1),
  sender: z.string().optional(),
  short_url: z.union([z.enum(['0', '1']), z.literal(0), z.literal(1)]).optional(),
  short_url_expiry: z.union([z.string(), z.number()]).optional(),
  realTimeResponse: z.union([z.enum(['0', '1']), z.literal(0), z.literal(1)]).optional(),
  recipients: z.array(z.record(z.string(), z.unknown())).min(1),
});

const failNextSchema = z.strictObject({ count: z.number().int().min(1), status: z.number().int().min(400).max(599) });

/** Error codes from MSG91's list (https://msgwow.com/kb/article/what-are-all-the-error-codes-and-what-does-it-mean). */
const refuse = (res: ServerResponse, status: number, message: string, code?: string) =>
  sendJson(res, status, { type: 'error', message, ...(code === undefined ? {} : { code }) });

/** MSG91's report time: 'YYYY-MM-DD HH:mm:ss' in India time. */
function istNow(): string {
  return new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export async function startMsg91Emulator(options: Msg91EmulatorOptions): Promise<RunningMsg91Emulator> {
  const sent: EmulatedSms[] = [];
  const templates = new Map(options.templates.map((template) => [template.id, template]));
  const undeliverable = options.undeliverable ?? (() => false);
  let failNext: { count: number; status: number } | null = null;

  const report = (requestId: string, senderId: string, numbers: Array<{ to: string; delivered: boolean }>) => {
    if (!options.webhookUrl) return;
    const url = options.webhookUrl;
    const data = [
      {
        senderId,
        requestId,
        report: numbers.map(({ to, delivered }) => ({
          date: istNow(),
          number: to.slice(1),
          status: delivered ? '1' : '2',
          desc: delivered ? 'DELIVERED' : 'FAILED',
          failedReason: delivered ? '' : 'Absent subscriber',
        })),
        userId: 'emulator',
        campaignName: 'API',
      },
    ];
    setTimeout(() => {
      void deliverWebhook('MSG91', url, new URLSearchParams({ data: JSON.stringify(data) }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    }, 50);
  };

  const flow = async (req: IncomingMessage, res: ServerResponse) => {
    if (failNext) {
      const { status } = failNext;
      failNext = failNext.count > 1 ? { count: failNext.count - 1, status } : null;
      return refuse(res, status, status >= 500 ? 'Internal Server Error' : status === 429 ? 'Too Many Requests' : 'Request refused (emulator fail-next)', String(status));
    }
    const key = req.headers.authkey;
    if (typeof key !== 'string' || key === '') return refuse(res, 401, 'Missing Authentication Key', '106');
    if (key !== options.authKey) return refuse(res, 401, 'AuthenticationFailure', '207');
    let raw: unknown;
    try {
      raw = JSON.parse(await readBody(req));
    } catch {
      return refuse(res, 400, 'The request body is not valid JSON (send content-type: application/json)');
    }
    if (raw && typeof raw === 'object' && 'flow_id' in raw) return refuse(res, 400, 'flow_id is the old Flow parameter: send template_id (the MSG91 template id)');
    const parsed = flowSchema.safeParse(raw);
    if (!parsed.success) return refuse(res, 400, parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '));
    const { template_id: templateId, sender, recipients } = parsed.data;
    if (sender !== undefined && !/^[A-Z]{6}$/.test(sender)) return refuse(res, 400, `Invalid sender ID ${JSON.stringify(sender)}: a DLT header is 6 capital letters`, '203');
    const template = templates.get(templateId);
    if (!template) return refuse(res, 400, `Invalid template_id ${JSON.stringify(templateId)}: no template with this id is registered (and mapped to a DLT template) in this account`);
    const variableCount = template.text.split(PLACEHOLDER).length - 1;
    const expected = Array.from({ length: variableCount }, (_, index) => `var${index + 1}`);

    const rendered: Array<{ to: string; text: string; encoding: SmsEncoding; segments: number }> = [];
    for (const [index, recipient] of recipients.entries()) {
      const where = `recipients[${index}]`;
      const mobiles = recipient.mobiles;
      if (typeof mobiles !== 'string' || !/^[1-9]\d{9,14}$/.test(mobiles)) {
        return refuse(res, 400, `${where}.mobiles: invalid mobile number ${JSON.stringify(mobiles)} (international digits without '+', e.g. 919812345678)`, '202');
      }
      const unexpected = Object.keys(recipient).filter((name) => name !== 'mobiles' && !expected.includes(name));
      if (unexpected.length > 0) {
        return refuse(res, 400, `${where}: unexpected ${unexpected.join(', ')}: template ${templateId} takes mobiles${expected.length ? ` and ${expected.join(', ')}` : ' only'} (names are case-sensitive)`);
      }
      const missing = expected.filter((name) => !(name in recipient));
      if (missing.length > 0) {
        return refuse(res, 400, `${where}: missing ${missing.join(', ')}: template ${templateId} has ${variableCount} {#var#} placeholder(s), filled from ${expected.join(', ')}`);
      }
      const values: string[] = [];
      for (const name of expected) {
        const value = recipient[name];
        if (typeof value !== 'string') return refuse(res, 400, `${where}.${name}: expected a string, got ${JSON.stringify(value)}`);
        values.push(value);
      }
      const pieces = template.text.split(PLACEHOLDER);
      const text = pieces.map((piece, position) => (position === 0 ? piece : `${values[position - 1]}${piece}`)).join('');
      const { encoding, units, segments } = smsSegments(text);
      if (segments > MAX_SEGMENTS) {
        return refuse(res, 400, `SMS is too long: ${segments} ${encoding} segments (${units} ${encoding === 'GSM-7' ? 'septets' : 'UTF-16 units'}), at most ${MAX_SEGMENTS}: ${JSON.stringify(text)}`, '310');
      }
      rendered.push({ to: `+${mobiles}`, text, encoding, segments });
    }

    const requestId = randomBytes(12).toString('hex');
    const outcomes: Array<{ to: string; delivered: boolean }> = [];
    for (const sms of rendered) {
      const delivered = !undeliverable(sms.to);
      console.log(`[MSG91 emulator] ${templateId} to ${sms.to}: ${sms.segments} ${sms.encoding} segment(s)${delivered ? '' : ', not delivered (undeliverable number)'}`);
      if (delivered) {
        try {
          await options.deliver({ to: sms.to, text: sms.text, templateId });
        } catch (error) {
          console.error('[MSG91 emulator] delivery failed:', error);
          return refuse(res, 500, 'Internal Server Error');
        }
      }
      sent.push({ requestId, to: sms.to, text: sms.text, templateId, encoding: sms.encoding, segments: sms.segments });
      outcomes.push({ to: sms.to, delivered });
    }
    sendJson(res, 200, { type: 'success', message: requestId });
    report(requestId, sender ?? 'MSGIND', outcomes);
  };

  const running = await listen(
    options.port ?? 0,
    async (req, res, url) => {
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /api/v5/flow' || route === 'POST /api/v5/flow/') return flow(req, res);
      // Emulator only: what tests arrange and count.
      if (route === 'GET /__emulator/sms') return sendJson(res, 200, { count: sent.length, items: sent });
      if (route === 'DELETE /__emulator/sms') {
        sent.length = 0;
        return sendJson(res, 200, { count: 0 });
      }
      if (route === 'POST /__emulator/fail-next') {
        const parsed = failNextSchema.safeParse(JSON.parse((await readBody(req)) || 'null'));
        if (!parsed.success) return refuse(res, 400, `fail-next takes { count: integer >= 1, status: 400..599 }: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
        failNext = parsed.data;
        return sendJson(res, 200, failNext);
      }
      refuse(res, 404, `The MSG91 emulator does not implement ${route}`);
    },
    'MSG91',
    options.host,
  );
  return { url: running.url, sent, close: running.close };
}
