import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { listen, readBody, sendJson } from '../http-kit.ts';

/**
 * A local WhatsApp Cloud API: POST /{version}/{phone-number-id}/messages sends an approved
 * template (https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/overview)
 * and answers as Meta does; statuses (sent, delivered, read, or failed with 131026 for a number
 * not on WhatsApp) and inbound messages reach the shop's webhook signed with X-Hub-Signature-256
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/create-webhook-endpoint,
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status).
 * Every refusal is a Graph error { error: { message, type, code, error_data, fbtrace_id } } with
 * the code Meta documents (https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes).
 */

export interface WhatsAppTemplate {
  name: string;
  language: string;
  /** The approved body, {{1}}..{{n}} filled from the body parameters. */
  body: string;
  /** The URL button's address, e.g. 'https://shop.example/{{1}}', or null for no dynamic button. */
  buttonUrl: string | null;
  status?: 'APPROVED' | 'PAUSED';
}

export interface EmulatedWhatsAppMessage {
  id: string;
  /** E.164. */
  to: string;
  template: string;
  language: string;
  /** The body rendered, then a line with the button's full URL. */
  text: string;
  reference: string | null;
  outcome: 'delivered' | 'not on WhatsApp';
}

export interface WhatsAppEmulatorOptions {
  port?: number;
  host?: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  templates: ReadonlyArray<WhatsAppTemplate>;
  /** Numbers without WhatsApp: the send is accepted, then a failed (131026) status arrives. Default: numbers ending in 0000. */
  notOnWhatsApp?: (e164: string) => boolean;
  /** Where a delivered message goes, e.g. the local inbox; a throw answers 500 (131000). */
  deliver(message: { to: string; text: string; template: string; language: string }): void | Promise<void>;
  /** The shop's /api/whatsapp/webhook; null sends no webhooks. */
  webhookUrl: string | null;
}

export interface RunningWhatsAppEmulator {
  url: string;
  sent: EmulatedWhatsAppMessage[];
  close(): Promise<void>;
}

const BUSINESS_ACCOUNT_ID = '100000000000009';
const DISPLAY_PHONE_NUMBER = '919000000001';
const ERROR_CODES_URL = 'https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/';

const textParameter = z.looseObject({ type: z.string(), text: z.string().optional() });
const component = z.looseObject({
  type: z.string(),
  sub_type: z.string().optional(),
  index: z.union([z.string(), z.number()]).optional(),
  parameters: z.array(textParameter).optional(),
});
const sendSchema = z.strictObject({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string(),
  type: z.string(),
  template: z
    .strictObject({
      name: z.string().min(1),
      language: z.strictObject({ code: z.string().min(1), policy: z.literal('deterministic').optional() }),
      components: z.array(component).optional(),
    })
    .optional(),
  biz_opaque_callback_data: z.string().max(512).optional(),
});
const inboundSchema = z.strictObject({ from: z.string().regex(/^\+[1-9]\d{7,14}$/), text: z.string().min(1) });
const failNextSchema = z.strictObject({ count: z.number().int().min(1), status: z.number().int().min(400).max(599) });

interface GraphError {
  status: number;
  code: number;
  message: string;
  type?: string;
  details?: string;
  subcode?: number;
}

function graphError(res: ServerResponse, error: GraphError): void {
  sendJson(res, error.status, {
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.details === undefined ? {} : { error_data: { messaging_product: 'whatsapp', details: error.details } }),
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      fbtrace_id: randomBytes(12).toString('base64url'),
    },
  });
}

const invalidParameter = (details: string): GraphError => ({ status: 400, code: 100, message: '(#100) Invalid parameter', details });

/** A template's placeholders {{1}}..{{n}}: how many distinct ones there are. */
const placeholderCount = (text: string) => new Set(text.match(/\{\{\d+\}\}/g) ?? []).size;
const fill = (text: string, values: readonly string[]) => text.replace(/\{\{(\d+)\}\}/g, (whole, index: string) => values[Number(index) - 1] ?? whole);

/** Cloud API template parameters may not carry new lines, tabs or more than 4 consecutive spaces. */
const badParameterText = (text: string) => /[\n\t]| {5,}/.test(text);

export async function startWhatsAppEmulator(options: WhatsAppEmulatorOptions): Promise<RunningWhatsAppEmulator> {
  const sent: EmulatedWhatsAppMessage[] = [];
  const notOnWhatsApp = options.notOnWhatsApp ?? ((e164: string) => e164.endsWith('0000'));
  let failNext: { count: number; status: number } | null = null;

  const sign = (body: string) => `sha256=${createHmac('sha256', options.appSecret).update(body).digest('hex')}`;
  const webhook = (value: Record<string, unknown>) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: BUSINESS_ACCOUNT_ID,
          changes: [{ value: { messaging_product: 'whatsapp', metadata: { display_phone_number: DISPLAY_PHONE_NUMBER, phone_number_id: options.phoneNumberId }, ...value }, field: 'messages' }],
        },
      ],
    });
  /** Posts one signed webhook; answers the shop's HTTP status, or null when it could not be posted (logged, never thrown). */
  const post = async (body: string): Promise<number | null> => {
    if (!options.webhookUrl) return null;
    try {
      const response = await fetch(options.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) }, body });
      if (!response.ok) console.error(`[WhatsApp emulator] webhook to ${options.webhookUrl} answered ${response.status}`);
      return response.status;
    } catch (error) {
      console.error(`[WhatsApp emulator] webhook to ${options.webhookUrl} failed: ${(error as Error).message}`);
      return null;
    }
  };
  const now = () => String(Math.floor(Date.now() / 1000));
  const announce = (message: EmulatedWhatsAppMessage) => {
    if (!options.webhookUrl) return;
    const status = (name: string, extra: Record<string, unknown>) =>
      webhook({
        statuses: [
          {
            id: message.id,
            status: name,
            timestamp: now(),
            recipient_id: message.to.slice(1),
            ...(message.reference === null ? {} : { biz_opaque_callback_data: message.reference }),
            ...extra,
          },
        ],
      });
    const pricing = { pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' } };
    setTimeout(async () => {
      if (message.outcome === 'not on WhatsApp') {
        await post(
          status('failed', {
            errors: [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' }, href: ERROR_CODES_URL }],
          }),
        );
        return;
      }
      for (const name of ['sent', 'delivered', 'read']) await post(status(name, name === 'read' ? {} : pricing));
    }, 50);
  };

  /** Checks the request against the template, as the Cloud API does; the rendered text, or the Graph error. */
  const render = (body: z.infer<typeof sendSchema>): { template: WhatsAppTemplate; text: string } | GraphError => {
    if (body.type !== 'template' || !body.template) {
      return invalidParameter(`The WhatsApp emulator implements template messages only (type: 'template' with a template object); got type ${JSON.stringify(body.type)}`);
    }
    const { name, language, components = [] } = body.template;
    const template = options.templates.find((candidate) => candidate.name === name && candidate.language === language.code);
    if (!template) {
      return { status: 404, code: 132001, message: '(#132001) Template name does not exist in the translation', details: `template name (${name}) does not exist in ${language.code}` };
    }
    if (template.status === 'PAUSED') return { status: 400, code: 132015, message: '(#132015) Template is Paused', details: `Template ${name} (${language.code}) is paused because of low quality ratings` };
    const bodyParameters: string[] = [];
    const buttonParameters: string[] = [];
    for (const [position, part] of components.entries()) {
      const where = `template.components[${position}]`;
      const target = part.type === 'body' ? bodyParameters : part.type === 'button' ? buttonParameters : null;
      if (!target) return invalidParameter(`${where}.type ${JSON.stringify(part.type)}: template ${name} has a body and a URL button only`);
      if (part.type === 'button' && (part.sub_type !== 'url' || String(part.index) !== '0')) {
        return invalidParameter(`${where}: template ${name}'s only button is a URL button, sub_type 'url' and index '0'`);
      }
      for (const parameter of part.parameters ?? []) {
        if (parameter.type !== 'text') return { status: 400, code: 132012, message: '(#132012) Parameter format does not match format in the created template', details: `${where}: parameter type ${JSON.stringify(parameter.type)}, the template takes text` };
        if (!parameter.text) return { status: 400, code: 131008, message: '(#131008) Required parameter is missing', details: `${where}: a text parameter needs its text` };
        if (badParameterText(parameter.text)) return invalidParameter(`${where}: Param text cannot have new-line/tab characters or more than 4 consecutive spaces`);
        target.push(parameter.text);
      }
    }
    const mismatch = (what: string, given: number, expected: number): GraphError => ({
      status: 400,
      code: 132000,
      message: '(#132000) Number of parameters does not match the expected number of params',
      details: `${what}: number of localizable_params (${given}) does not match the expected number of params (${expected})`,
    });
    const expectedBody = placeholderCount(template.body);
    if (bodyParameters.length !== expectedBody) return mismatch('body', bodyParameters.length, expectedBody);
    const expectedButton = template.buttonUrl === null ? 0 : placeholderCount(template.buttonUrl);
    if (buttonParameters.length !== expectedButton) return mismatch('buttons', buttonParameters.length, expectedButton);
    const rendered = fill(template.body, bodyParameters);
    return { template, text: template.buttonUrl === null ? rendered : `${rendered}\n${fill(template.buttonUrl, buttonParameters)}` };
  };

  const send = async (req: IncomingMessage, res: ServerResponse, phoneNumberId: string) => {
    if (failNext) {
      const { status } = failNext;
      failNext = failNext.count > 1 ? { count: failNext.count - 1, status } : null;
      if (status === 429) return graphError(res, { status, code: 130429, message: '(#130429) Rate limit hit', details: 'Cloud API message throughput has been reached.' });
      if (status === 503) return graphError(res, { status, code: 2, message: 'Service temporarily unavailable' });
      if (status >= 500) return graphError(res, { status, code: 131000, message: '(#131000) Something went wrong', details: 'Message failed to send due to an unknown error.' });
      return graphError(res, { ...invalidParameter('Refused by the emulator (fail-next)'), status });
    }
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    if (!bearer) return graphError(res, { status: 401, code: 104, message: 'An access token is required to request this resource.' });
    if (bearer[1] !== options.token) return graphError(res, { status: 401, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    if (phoneNumberId !== options.phoneNumberId) {
      return graphError(res, {
        status: 400,
        code: 100,
        subcode: 33,
        type: 'GraphMethodException',
        message: `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      });
    }
    let raw: unknown;
    try {
      raw = JSON.parse(await readBody(req));
    } catch {
      return graphError(res, invalidParameter('The request body is not JSON'));
    }
    if (raw && typeof raw === 'object' && !('messaging_product' in raw)) return graphError(res, { status: 400, code: 100, message: '(#100) The parameter messaging_product is required.' });
    const parsed = sendSchema.safeParse(raw);
    if (!parsed.success) return graphError(res, invalidParameter(parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ')));
    const body = parsed.data;
    const digits = body.to.replace(/^\+/, '');
    if (!/^[1-9]\d{7,14}$/.test(digits)) return graphError(res, invalidParameter(`to: ${JSON.stringify(body.to)} is not a phone number with its country code`));
    const result = render(body);
    if ('code' in result) return graphError(res, result);
    const to = `+${digits}`;
    const message: EmulatedWhatsAppMessage = {
      id: `wamid.${randomBytes(24).toString('base64')}`,
      to,
      template: result.template.name,
      language: result.template.language,
      text: result.text,
      reference: body.biz_opaque_callback_data ?? null,
      outcome: notOnWhatsApp(to) ? 'not on WhatsApp' : 'delivered',
    };
    if (message.outcome === 'delivered') {
      try {
        await options.deliver({ to, text: message.text, template: message.template, language: message.language });
      } catch (error) {
        console.error('[WhatsApp emulator] delivery failed:', error);
        return graphError(res, { status: 500, code: 131000, message: '(#131000) Something went wrong', details: 'Message failed to send due to an unknown error.' });
      }
    }
    console.log(`[WhatsApp emulator] ${message.template}/${message.language} to ${to}${message.outcome === 'delivered' ? '' : ' (not on WhatsApp: a failed status follows)'}`);
    sent.push(message);
    sendJson(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: digits }], messages: [{ id: message.id, message_status: 'accepted' }] });
    announce(message);
  };

  const inbound = async (req: IncomingMessage, res: ServerResponse) => {
    const parsed = inboundSchema.safeParse(JSON.parse((await readBody(req)) || 'null'));
    if (!parsed.success) return graphError(res, invalidParameter(`inbound takes { from: '+91…', text }: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`));
    if (!options.webhookUrl) return graphError(res, { ...invalidParameter('The emulator has no webhookUrl to post the inbound message to'), status: 409 });
    const wa = parsed.data.from.slice(1);
    const id = `wamid.${randomBytes(24).toString('base64')}`;
    const status = await post(
      webhook({
        contacts: [{ profile: { name: 'Emulated customer' }, wa_id: wa }],
        messages: [{ from: wa, id, timestamp: now(), type: 'text', text: { body: parsed.data.text } }],
      }),
    );
    sendJson(res, status === null ? 502 : 200, { id, webhookStatus: status });
  };

  const running = await listen(
    options.port ?? 0,
    async (req, res, url) => {
      const path = url.pathname;
      const route = `${req.method} ${path}`;
      const messages = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(path);
      if (req.method === 'POST' && messages) return send(req, res, decodeURIComponent(messages[2]!));
      // Emulator only: what tests arrange and count, and the customer's side of the chat.
      if (route === 'POST /__emulator/inbound') return inbound(req, res);
      if (route === 'GET /__emulator/messages') return sendJson(res, 200, { count: sent.length, items: sent });
      if (route === 'DELETE /__emulator/messages') {
        sent.length = 0;
        return sendJson(res, 200, { count: 0 });
      }
      if (route === 'POST /__emulator/fail-next') {
        const parsed = failNextSchema.safeParse(JSON.parse((await readBody(req)) || 'null'));
        if (!parsed.success) return graphError(res, invalidParameter(`fail-next takes { count: integer >= 1, status: 400..599 }: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`));
        failNext = parsed.data;
        return sendJson(res, 200, failNext);
      }
      graphError(res, { status: 400, code: 2500, message: `Unknown path components: ${path} (the WhatsApp emulator implements POST /{version}/{phone-number-id}/messages)` });
    },
    'WhatsApp',
    options.host,
  );
  return { url: running.url, sent, close: running.close };
}
