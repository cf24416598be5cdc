import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { signInCodeTemplate } from '../../../domain/messages';
import { WHATSAPP_OPT_IN_WORDING } from '../../../domain/whatsapp-consent';
import { API_SECURITY_HEADERS, HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, respond } from '../../../lib/server/http';
import { ChannelSendError } from './channel-error';
import { orderPageLink, readShortLink, requestPageLink } from './links';
import { linkPage } from './link-page';
import { isMsg91WebhookToken, parseMsg91DeliveryReport, sendFlowSms } from './msg91';
import { sendWaitingMessages, type OutboxDependencies } from './outbox';
import { refillLinks } from './refill-messages';
import { phoneChannels } from './settings';
import { isMetaSignature, isStopReply, parseWhatsAppWebhook, verificationChallenge } from './whatsapp';
import { refusals } from '../../../domain/strings/english/refusals';
import { wantedLanguages } from '../../../domain/strings/accept-language';
import { DEFAULT_LANGUAGE } from '../../../domain/language';
import english from '../../../domain/strings/languages/en';
import type { Language, StringTable } from '../../../domain/strings/table';
import { languageTable } from '../../../lib/server/answered-in';

type Deps = () => OutboxDependencies;

/**
 * The language of a short link's own page. The link names no order the page could read it from, so the
 * browser's Accept-Language chooses: the first language it asks for that the shop has a table for, and
 * English when it asks for English first or for none the shop writes.
 */
async function linkPageLanguage(req: Request): Promise<Language> {
  for (const code of wantedLanguages(req.headers.get('accept-language'))) {
    if (code === DEFAULT_LANGUAGE) break;
    const language = await languageTable(code);
    if (language) return language;
  }
  return english;
}

async function page(req: Request, status: number, say: (text: StringTable) => string): Promise<Response> {
  const { text, settings } = await linkPageLanguage(req);
  const links = [
    { path: '/account/orders', label: text.order.myOrdersHeading },
    { path: '/products', label: text.order.continueShopping },
  ];
  return linkPage(status, settings, { title: 'MediKart', heading: text.messageLink.opensNothing, message: say(text), links }, { vary: 'Accept-Language' });
}

/**
 * GET /s/<o|r|f>/<id>/<signature>: an SMS's short link, checked and sent on (302) to the page's
 * full signed link, so the customer lands where the mail's link would take them.
 */
export async function shortLinkHandler(req: Request, deps: Deps): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return page(req, 405, () => `Method ${req.method} is not allowed.`);
  const unknown = (text: StringTable) => text.messageLink.incomplete;
  try {
    const dependencies = deps();
    const target = await readShortLink(dependencies.env, new URL(req.url).pathname);
    if (!target) return page(req, 404, unknown);
    let destination: string | null = null;
    if (target.type === 'order') {
      const { data, error } = await dependencies.db.from('orders').select('id, order_number, language').eq('order_number', target.id).maybeSingle();
      if (error) throw new Error(error.message);
      if (data) destination = await orderPageLink(dependencies.env, data);
    } else if (target.type === 'request') {
      const { data, error } = await dependencies.db.from('prescription_requests').select('id, request_number, language').eq('request_number', target.id).maybeSingle();
      if (error) throw new Error(error.message);
      if (data) destination = await requestPageLink(dependencies.env, data);
    } else {
      // The reorder page in the language of the order the reminder came from.
      const reminder = await dependencies.db.from('refill_reminders').select('order_id').eq('id', target.id).maybeSingle();
      if (reminder.error) throw new Error(reminder.error.message);
      const order = reminder.data ? await dependencies.db.from('orders').select('language').eq('id', reminder.data.order_id).single() : null;
      if (order?.error) throw new Error(order.error.message);
      destination = (await refillLinks(dependencies.env, target.id, order?.data.language)).reorder;
    }
    if (!destination) return page(req, 404, unknown);
    return new Response(null, { status: 302, headers: { ...API_SECURITY_HEADERS, location: destination, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
  } catch (error) {
    console.error('[short link]', error);
    return page(req, 500, (text) => text.messageLink.failed);
  }
}

async function recordStatus(deps: OutboxDependencies, providerMessageId: string, status: string, at: string, error: string | null): Promise<void> {
  const { error: failed } = await deps.db.rpc('record_message_status', { p_provider_message_id: providerMessageId, p_status: status, p_at: at, p_error: error });
  if (failed) throw new Error(`recording ${status} for ${providerMessageId}: ${failed.message}`);
}

/** Sends, at once, the SMS that failed WhatsApp messages fell back to: only their own order's, request's or reminder's. */
async function sendFallbacks(deps: OutboxDependencies, failedProviderIds: readonly string[]): Promise<void> {
  if (failedProviderIds.length === 0) return;
  const { data, error } = await deps.db.from('message_outbox').select('order_id, request_id, reminder_id').in('provider_message_id', [...failedProviderIds]);
  if (error) throw new Error(`reading the failed messages: ${error.message}`);
  const subjects = z.array(z.object({ order_id: z.string().nullable(), request_id: z.string().nullable(), reminder_id: z.string().nullable() })).parse(data);
  for (const subject of subjects) {
    await sendWaitingMessages(deps, subject.order_id ? { orderId: subject.order_id } : subject.request_id ? { requestId: subject.request_id } : { reminderId: subject.reminder_id! });
  }
}

/**
 * /api/whatsapp/webhook: GET is Meta's verification handshake; POST carries message statuses
 * (stored on the message; a failed one falls back to SMS) and customers' replies (STOP ends their
 * WhatsApp updates), signed with the app secret (X-Hub-Signature-256). A fallback SMS goes at once.
 */
export const whatsappWebhookHandler = (req: Request, deps: Deps): Promise<Response> =>
  respond('/api/whatsapp/webhook', async () => {
    const dependencies = deps();
    const settings = phoneChannels(dependencies.env).whatsapp;
    if (!settings) throw new HttpRefusal(404, 'WhatsApp is not configured.');
    if (req.method === 'GET') {
      const challenge = verificationChallenge(new URL(req.url), settings.verifyToken);
      if (challenge === null) throw new HttpRefusal(403, 'The verify token does not match.');
      return new Response(challenge, { status: 200, headers: { ...API_SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8' } });
    }
    if (req.method !== 'POST') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use POST`);
    const raw = await readRawBody(req);
    if (!(await isMetaSignature(raw, req.headers.get('x-hub-signature-256'), settings.appSecret))) throw new HttpRefusal(401, 'The signature does not match.');
    let update: ReturnType<typeof parseWhatsAppWebhook>;
    try {
      update = parseWhatsAppWebhook(parseJson(raw));
    } catch (problem) {
      if (problem instanceof HttpRefusal) throw problem;
      throw new HttpRefusal(400, problem instanceof Error ? problem.message : 'Not a WhatsApp webhook.');
    }
    for (const status of update.statuses) {
      await recordStatus(dependencies, status.providerMessageId, status.status, status.at, status.errorCode === null ? null : `${status.errorCode}: ${status.errorTitle ?? ''}`.trim());
    }
    for (const reply of update.replies) {
      if (!isStopReply(reply.text)) continue;
      const { error } = await dependencies.db.rpc('opt_out_of_whatsapp', { p_mobile: reply.from, p_source: 'stop_reply' });
      if (error) throw new Error(`opting ${reply.providerMessageId} out: ${error.message}`);
    }
    await sendFallbacks(dependencies, update.statuses.filter((status) => status.status === 'failed').map((status) => status.providerMessageId));
    return jsonResponse({ received: true });
  });

/** /api/sms/delivery-report?token=: MSG91's delivery reports, stored on each message. */
export const smsDeliveryReportHandler = (req: Request, deps: Deps): Promise<Response> =>
  respond('/api/sms/delivery-report', async () => {
    if (req.method !== 'POST') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use POST`);
    const dependencies = deps();
    const settings = phoneChannels(dependencies.env).sms;
    if (!settings) throw new HttpRefusal(404, 'SMS is not configured.');
    if (!isMsg91WebhookToken(new URL(req.url).searchParams.get('token'), settings.webhookToken)) throw new HttpRefusal(401, 'The token does not match.');
    let reports: ReturnType<typeof parseMsg91DeliveryReport>;
    try {
      reports = parseMsg91DeliveryReport(await readRawBody(req));
    } catch (problem) {
      if (problem instanceof HttpRefusal) throw problem;
      throw new HttpRefusal(400, problem instanceof Error ? problem.message : 'Not a delivery report.');
    }
    for (const report of reports) await recordStatus(dependencies, report.providerMessageId, report.status, report.at, report.reason);
    return jsonResponse({ received: reports.length });
  });

/** Standard Webhooks (https://www.standardwebhooks.com/), as Supabase Auth signs its hooks: 5 minutes' tolerance. */
export function isStandardWebhook(raw: string, headers: Headers, secret: string, now: Date): boolean {
  const id = headers.get('webhook-id');
  const timestamp = headers.get('webhook-timestamp');
  const signatures = headers.get('webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.replace(/^v1,whsec_/, ''), 'base64');
  const expected = Buffer.from(createHmac('sha256', key).update(`${id}.${timestamp}.${raw}`).digest('base64'));
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    const given = Buffer.from(signature ?? '');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

const sendSmsHookSchema = z.object({
  user: z.object({ id: z.string(), phone: z.string() }).loose(),
  sms: z.object({ otp: z.string().regex(/^\d{4,10}$/) }).loose(),
});

/** Supabase Auth's hook error shape: it shows `message` and answers the app with http_code. */
const hookError = (status: number, message: string) => jsonResponse({ error: { http_code: status, message } }, status);

/**
 * POST /api/auth/send-sms: Supabase Auth's Send SMS hook. Sign-in codes go out through MSG91 with
 * their own DLT template, like every other SMS the shop sends.
 */
export async function sendSmsHookHandler(req: Request, deps: Deps): Promise<Response> {
  if (req.method !== 'POST') return hookError(405, `Method ${req.method} is not allowed; use POST`);
  try {
    const dependencies = deps();
    const secret = dependencies.env.SEND_SMS_HOOK_SECRET;
    const sms = phoneChannels(dependencies.env).sms;
    if (!secret || !sms) return hookError(404, 'Sign-in codes by SMS are not configured.');
    const raw = await readRawBody(req);
    if (!isStandardWebhook(raw, req.headers, secret, dependencies.now())) return hookError(401, 'The hook signature does not match.');
    const body = parseBody(sendSmsHookSchema, parseJson(raw));
    const mobile = body.user.phone.startsWith('+') ? body.user.phone : `+${body.user.phone}`;
    if (!/^\+91[6-9]\d{9}$/.test(mobile)) return hookError(400, 'Sign-in codes go to Indian mobile numbers only.');
    // In the account's language (public.profiles, set with the language switch), English without one.
    const profile = await dependencies.db.from('profiles').select('language').eq('user_id', body.user.id).maybeSingle<{ language: string }>();
    if (profile.error) throw new Error(`reading the account's language: ${profile.error.message}`);
    const template = signInCodeTemplate(profile.data?.language);
    await sendFlowSms(dependencies.fetcher, sms, { templateId: sms.templateIds[template.name]!, mobile, variables: [body.sms.otp], reference: `sign-in/${req.headers.get('webhook-id')}` });
    return jsonResponse({});
  } catch (problem) {
    if (problem instanceof HttpRefusal) return hookError(problem.status, problem.message);
    console.error('[send-sms hook]', problem);
    return hookError(problem instanceof ChannelSendError && problem.permanent ? 400 : 503, 'We could not send the code just now. Please try again.');
  }
}

const whatsappChoiceSchema = z.strictObject({
  mobile: z.string().regex(/^\+91[6-9]\d{9}$/, 'Enter a 10-digit Indian mobile number.'),
  optIn: z.boolean(),
});

/** The account's switch for one of its mobiles: opting in keeps the time and the wording shown. */
async function recordAccountChoice(deps: Pick<OutboxDependencies, 'db'>, choice: { mobile: string; optIn: boolean; userId: string }): Promise<void> {
  const { error } = choice.optIn
    ? await deps.db.rpc('opt_in_to_whatsapp', { p_mobile: choice.mobile, p_user_id: choice.userId, p_wording: WHATSAPP_OPT_IN_WORDING, p_source: 'account' })
    : await deps.db.rpc('opt_out_of_whatsapp', { p_mobile: choice.mobile, p_source: 'account' });
  if (error) throw new Error(`recording the WhatsApp choice: ${error.message}`);
}

/**
 * GET /api/account/whatsapp: the signed-in customer's WhatsApp choices; POST {mobile, optIn}: sets
 * one, for a mobile that is theirs (the account's phone, a saved address's or an order's).
 */
export const accountWhatsAppHandler = (req: Request, deps: Deps): Promise<Response> =>
  respond('/api/account/whatsapp', async () => {
    if (req.method !== 'GET' && req.method !== 'POST') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use GET or POST`);
    const token = req.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (!token) throw new HttpRefusal(401, refusals.whatsappSignIn);
    const dependencies = deps();
    const { data: user, error: userError } = await dependencies.db.auth.getUser(token);
    if (userError || !user.user) throw new HttpRefusal(401, refusals.sessionEnded);
    const userId = user.user.id;
    const mobiles = await customerMobiles(dependencies, userId, user.user.phone ?? '');
    if (req.method === 'POST') {
      const choice = parseBody(whatsappChoiceSchema, parseJson(await readRawBody(req)));
      if (!mobiles.includes(choice.mobile)) throw new HttpRefusal(422, refusals.whatsappMobile);
      await recordAccountChoice(dependencies, { ...choice, userId });
    }
    const { data, error } = await dependencies.db.from('whatsapp_consents').select('mobile, opted_in_at, opted_out_at').in('mobile', mobiles);
    if (error) throw new Error(`reading WhatsApp consents: ${error.message}`);
    const consents = new Map(z.array(z.object({ mobile: z.string(), opted_in_at: z.string(), opted_out_at: z.string().nullable() })).parse(data).map((row) => [row.mobile, row]));
    return jsonResponse({
      wording: WHATSAPP_OPT_IN_WORDING,
      mobiles: mobiles.map((mobile) => ({ mobile, optedIn: Boolean(consents.get(mobile) && consents.get(mobile)!.opted_out_at === null) })),
    });
  });

async function customerMobiles(deps: Pick<OutboxDependencies, 'db'>, userId: string, phone: string): Promise<string[]> {
  const [addresses, orders] = await Promise.all([
    deps.db.from('addresses').select('mobile').eq('user_id', userId),
    deps.db.from('orders').select('delivery_mobile').eq('user_id', userId).order('created_at', { ascending: false }).limit(50),
  ]);
  if (addresses.error) throw new Error(`reading addresses: ${addresses.error.message}`);
  if (orders.error) throw new Error(`reading orders: ${orders.error.message}`);
  const found = [
    ...(/^91[6-9]\d{9}$/.test(phone) ? [`+${phone}`] : []),
    ...addresses.data.map((row) => String(row.mobile)),
    ...orders.data.map((row) => String(row.delivery_mobile)),
  ];
  return [...new Set(found.filter((mobile) => /^\+91[6-9]\d{9}$/.test(mobile)))];
}
