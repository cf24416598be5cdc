import { z } from 'zod';
import { refillOrderKey, refillStopKey, isRefillStopKey } from '../../../domain/refill-link';
import { reorderPagePath } from '../../../domain/reorder-link';
import { isLocalAddress } from '../../../lib/local-address';
import { API_SECURITY_HEADERS, CheckoutRefusal, jsonResponse, parseBody, parseJson, readRawBody, respond } from '../../checkout/server/public';
import { accessibleOrder } from '../../orders/server/order-access';
import type { OrderDependencies } from '../../orders/server/order-dependencies';
import { MAX_MAIL_ATTEMPTS, sendMail } from '../../orders/server/order-mail';
import { reorderStrings } from '../../../domain/reorder-strings';
import type { ReorderDependencies } from './reorder';

/** How many days before the supply runs out the reminder goes (the database's remind_on says the same). */
export const REMIND_DAYS_BEFORE = 5;

export const startRefillSchema = z.strictObject({
  orderNumber: z.string().max(40),
  productId: z.number().int().positive(),
  dosesPerDay: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Choose 1, 2 or 3 doses a day' }),
});

const day = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * POST /api/refills/start {orderNumber, productId, dosesPerDay} signed in: a reminder for one line of
 * the customer's own order. The supply starts on the order's day and lasts the pack's doses times the
 * packs ordered, divided by the doses a day; asking again changes the dose and restarts a stopped one.
 */
export async function startRefill(deps: ReorderDependencies, req: Request, body: z.infer<typeof startRefillSchema>): Promise<{ remindOn: string; message: string }> {
  const { order, customerId } = await accessibleOrder(deps, req, body.orderNumber, undefined);
  if (!customerId) throw new CheckoutRefusal(401, reorderStrings.signInToRemind);
  const line = order.lines.find((candidate) => candidate.product_id === body.productId);
  if (!line) throw new CheckoutRefusal(422, `Order ${order.order_number} has no such medicine.`);
  const packUnits = (await deps.indexes.reorder.lookup([line.product_id])).get(line.product_id)?.packUnits ?? null;
  if (packUnits === null) throw new CheckoutRefusal(422, reorderStrings.noDoseCount(line.name));
  const contact = await deps.db.from('orders').select('delivery_email, delivery_mobile').eq('id', order.id).single();
  if (contact.error) throw new Error(`reading order ${order.order_number}: ${contact.error.message}`);
  const { delivery_email: orderEmail, delivery_mobile: mobile } = z.object({ delivery_email: z.string().nullable(), delivery_mobile: z.string().nullable() }).parse(contact.data);
  const email = orderEmail ?? (await deps.db.auth.admin.getUserById(customerId)).data.user?.email;
  if (!email) throw new CheckoutRefusal(422, 'Add an email address to your account to get refill reminders.');
  const { data, error } = await deps.db
    .from('refill_reminders')
    .upsert(
      {
        order_id: order.id,
        user_id: customerId,
        product_id: line.product_id,
        name: line.name,
        email,
        mobile,
        units_per_pack: packUnits,
        packs: line.quantity,
        doses_per_day: body.dosesPerDay,
        supply_starts_on: order.created_at.slice(0, 10),
        stopped_at: null,
      },
      { onConflict: 'order_id,product_id' },
    )
    .select('remind_on')
    .single();
  if (error) throw new Error(`saving the refill reminder: ${error.message}`);
  const remindOn = z.object({ remind_on: z.string() }).parse(data).remind_on;
  return { remindOn, message: reorderStrings.remindOn(line.name, day.format(new Date(`${remindOn}T00:00:00Z`))) };
}

export const startRefillHandler = (req: Request, deps: () => ReorderDependencies): Promise<Response> =>
  respond('/api/refills/start', async () => {
    if (req.method !== 'POST') throw new CheckoutRefusal(405, `Method ${req.method} is not allowed; use POST`);
    if (!req.headers.get('authorization')) throw new CheckoutRefusal(401, reorderStrings.signInToRemind);
    const body = parseBody(startRefillSchema, parseJson(await readRawBody(req)));
    return jsonResponse(await startRefill(deps(), req, body));
  });

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function stopPage(status: number, message: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Refill reminder · MediKart</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#111827"><h1 style="font-size:1.5rem">Refill reminder</h1><p role="status">${escapeHtml(message)}</p><p><a href="/account" style="color:#0f766e">Your account</a> · <a href="/products" style="color:#0f766e">Continue shopping</a></p></body></html>`;
  return new Response(html, { status, headers: { ...API_SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } });
}

/**
 * GET (the mail's link) or POST (a mail app's one-click unsubscribe, RFC 8058) /api/refills/stop?reminder=&key=:
 * stops the reminder without signing in; the key is the reminder's own HMAC. Stopping twice is fine.
 */
export async function stopRefillHandler(req: Request, deps: () => Pick<OrderDependencies, 'db' | 'env' | 'now'>): Promise<Response> {
  if (req.method !== 'GET' && req.method !== 'POST') return stopPage(405, `Method ${req.method} is not allowed.`);
  const url = new URL(req.url);
  const reminder = url.searchParams.get('reminder') ?? '';
  const key = url.searchParams.get('key') ?? '';
  if (!z.uuid().safeParse(reminder).success) return stopPage(400, reorderStrings.stopBadLink);
  try {
    const dependencies = deps();
    if (!(await isRefillStopKey(reminder, key, dependencies.env.ORDER_LINK_SECRET))) return stopPage(403, reorderStrings.stopBadLink);
    const { data, error } = await dependencies.db.from('refill_reminders').select('name, stopped_at').eq('id', reminder).maybeSingle();
    if (error) throw new Error(error.message);
    if (!data) return stopPage(404, reorderStrings.stopBadLink);
    const row = z.object({ name: z.string(), stopped_at: z.string().nullable() }).parse(data);
    if (row.stopped_at === null) {
      const update = await dependencies.db.from('refill_reminders').update({ stopped_at: dependencies.now().toISOString() }).eq('id', reminder);
      if (update.error) throw new Error(update.error.message);
    }
    return stopPage(200, reorderStrings.stopped(row.name));
  } catch (error) {
    console.error('[refill stop]', error);
    return stopPage(500, 'We could not stop the reminder just now. Please try the link again.');
  }
}

const dueSchema = z.object({
  id: z.string(),
  channel: z.enum(['mail', 'sms']),
  attempts: z.number(),
  due_for: z.string(),
  body: z.string().nullable(),
  reminder_id: z.string(),
});
const dueReminderSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), mobile: z.string().nullable(), stopped_at: z.string().nullable() });
type DueMessage = z.infer<typeof dueSchema>;
type DueReminder = z.infer<typeof dueReminderSchema>;

export interface RefillLinks {
  reorder: string;
  stop: string;
}

export async function refillLinks(env: OrderDependencies['env'], reminderId: string): Promise<RefillLinks> {
  const reorder = new URL(reorderPagePath({ reminder: reminderId, key: await refillOrderKey(reminderId, env.ORDER_LINK_SECRET) }), env.SITE_URL).toString();
  const stop = new URL(`/api/refills/stop?${new URLSearchParams({ reminder: reminderId, key: await refillStopKey(reminderId, env.ORDER_LINK_SECRET) })}`, env.SITE_URL).toString();
  return { reorder, stop };
}

/** The reminder mail: which medicine runs out when, the link that fills the cart, and the one-click stop. */
export function composeRefillMail(name: string, runsOutOn: string, links: RefillLinks): { subject: string; text: string; html: string } {
  const runsOut = day.format(new Date(`${runsOutOn}T00:00:00Z`));
  const intro = `Your ${name} runs out on ${runsOut}. Reorder now so you do not miss a dose: the link puts it in your cart at today's price.`;
  const text = [intro, '', `Reorder: ${links.reorder}`, '', `Stop these reminders: ${links.stop}`].join('\n');
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(links.reorder)}">Reorder ${escapeHtml(name)}</a></p><p style="font-size:12px;color:#4b5563"><a href="${escapeHtml(links.stop)}">Stop these reminders</a></p>`;
  return { subject: `Time to reorder ${name}`, text, html };
}

export const composeRefillSms = (name: string, runsOutOn: string, reorderLink: string): string =>
  `MediKart: your ${name} runs out on ${day.format(new Date(`${runsOutOn}T00:00:00Z`))}. Reorder: ${reorderLink}`;

async function sendOne(deps: OrderDependencies, message: DueMessage, reminder: DueReminder, delivered: boolean): Promise<boolean> {
  const links = await refillLinks(deps.env, reminder.id);
  if (message.channel === 'sms') {
    const body = composeRefillSms(reminder.name, message.due_for, links.reorder);
    const sent = delivered ? { sent_at: deps.now().toISOString(), attempts: message.attempts + 1 } : {};
    const { error } = await deps.db.from('message_outbox').update({ body, ...sent }).eq('id', message.id);
    if (error) throw new Error(`writing SMS ${message.id}: ${error.message}`);
    return delivered;
  }
  const { data: claimed, error: claimError } = await deps.db.rpc('claim_message', { p_message_id: message.id });
  if (claimError) throw new Error(`claiming message ${message.id}: ${claimError.message}`);
  if (claimed !== true) return false;
  try {
    await sendMail(deps, reminder.email, composeRefillMail(reminder.name, message.due_for, links), `message-outbox/${message.id}`);
    await deps.db.from('message_outbox').update({ sent_at: deps.now().toISOString(), attempts: message.attempts + 1, last_error: null, claimed_until: null }).eq('id', message.id);
    return true;
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    console.error(`[refill mail] reminder ${reminder.id} not sent (try ${message.attempts + 1}): ${text}`);
    await deps.db.from('message_outbox').update({ attempts: message.attempts + 1, last_error: text.slice(0, 1000), claimed_until: null }).eq('id', message.id);
    return false;
  }
}

/**
 * The daily run: queues the reminders due today (5 days before the supply runs out; the database
 * sends each once) and sends every refill mail and SMS still waiting, unless the reminder was
 * stopped meanwhile. Today comes from deps.now: a test or a local run picks the day.
 */
export async function sendRefillReminders(deps: OrderDependencies): Promise<{ queued: number; sent: number }> {
  const { data: queued, error } = await deps.db.rpc('queue_refill_reminders', { p_today: isoDay(deps.now()) });
  if (error) throw new Error(`queueing refill reminders: ${error.message}`);
  const waiting = await deps.db
    .from('message_outbox')
    .select('id, channel, attempts, due_for, body, reminder_id')
    .eq('kind', 'refill_due')
    .is('sent_at', null)
    .lt('attempts', MAX_MAIL_ATTEMPTS)
    .order('created_at');
  if (waiting.error) throw new Error(`reading the message outbox: ${waiting.error.message}`);
  const messages = z.array(dueSchema).parse(waiting.data);
  const reminders = new Map<string, DueReminder>();
  if (messages.length > 0) {
    const read = await deps.db.from('refill_reminders').select('id, name, email, mobile, stopped_at').in('id', [...new Set(messages.map((message) => message.reminder_id))]);
    if (read.error) throw new Error(`reading refill reminders: ${read.error.message}`);
    for (const reminder of z.array(dueReminderSchema).parse(read.data)) reminders.set(reminder.id, reminder);
  }
  const delivered = isLocalAddress(deps.env.SUPABASE_URL);
  let sent = 0;
  for (const message of messages) {
    const reminder = reminders.get(message.reminder_id);
    if (!reminder || reminder.stopped_at !== null) continue;
    // An SMS already written waits for the gateway (README, "Ordering with a prescription").
    if (message.channel === 'sms' && message.body !== null) continue;
    try {
      if (await sendOne(deps, message, reminder, delivered)) sent += 1;
    } catch (sendError) {
      console.error(`[refill reminders] message ${message.id}:`, sendError);
    }
  }
  return { queued: z.number().parse(queued), sent };
}
