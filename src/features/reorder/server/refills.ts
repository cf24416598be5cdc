import { z } from 'zod';
import { isRefillStopKey } from '../../../domain/refill-link';
import { HttpRefusal, jsonResponse, parseBody, parseJson, readRawBody, respond } from '../../../lib/server/http';
import { accessibleOrder } from '../../orders/server/order-access';
import type { ServerDependencies } from '../../orders/server/server-dependencies';
import { linkPage, sendWaitingMessages } from '../../messages/server/public';
import { reorderStrings } from '../../../domain/reorder-strings';
import type { ReorderDependencies } from './reorder';
import { refusals } from '../../../domain/strings/english/refusals';
import { answeredIn, languageOrEnglish } from '../../../lib/server/answered-in';
import { orderLanguageSchema } from '../../../domain/payment-contract';
import type { StringTable } from '../../../domain/strings/table';
import { fill } from '../../../domain/strings/format';

/** How many days before the supply runs out the reminder goes (the database's remind_on says the same). */
export const REMIND_DAYS_BEFORE = 5;

export const startRefillSchema = z.strictObject({
  orderNumber: z.string().max(40),
  productId: z.number().int().positive(),
  dosesPerDay: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Choose 1, 2 or 3 doses a day' }),
  /** The order page's language: its refusals are said in it (English when absent). */
  language: orderLanguageSchema,
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
  if (!customerId) throw new HttpRefusal(401, reorderStrings.signInToRemind);
  const line = order.lines.find((candidate) => candidate.product_id === body.productId);
  if (!line) throw new HttpRefusal(422, `Order ${order.order_number} has no such medicine.`);
  const packUnits = (await deps.indexes.reorder.lookup([line.product_id])).get(line.product_id)?.packUnits ?? null;
  if (packUnits === null) throw new HttpRefusal(422, reorderStrings.noDoseCount(line.name));
  const contact = await deps.db.from('orders').select('delivery_email, delivery_mobile').eq('id', order.id).single();
  if (contact.error) throw new Error(`reading order ${order.order_number}: ${contact.error.message}`);
  const { delivery_email: orderEmail, delivery_mobile: mobile } = z.object({ delivery_email: z.string().nullable(), delivery_mobile: z.string().nullable() }).parse(contact.data);
  const email = orderEmail ?? (await deps.db.auth.admin.getUserById(customerId)).data.user?.email;
  if (!email) throw new HttpRefusal(422, refusals.refillEmail);
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
    if (req.method !== 'POST') throw new HttpRefusal(405, `Method ${req.method} is not allowed; use POST`);
    if (!req.headers.get('authorization')) throw new HttpRefusal(401, reorderStrings.signInToRemind);
    const body = parseBody(startRefillSchema, parseJson(await readRawBody(req)));
    return jsonResponse(await answeredIn(body.language, () => startRefill(deps(), req, body)));
  });

/**
 * The stop link's page, in the language its mail was written in (the link's `language`, English when
 * absent or a language the shop has no table for), with its links to that language's pages.
 */
async function stopPage(status: number, say: (text: StringTable) => string, languageCode: string | null): Promise<Response> {
  const { text, settings } = await languageOrEnglish(languageCode);
  const links = [
    { path: '/account', label: text.reorder.yourAccount },
    { path: '/products', label: text.order.continueShopping },
  ];
  return linkPage(status, settings, { title: `${text.reorder.stopTitle} · MediKart`, heading: text.reorder.stopTitle, message: say(text), links });
}

/**
 * GET (the mail's link) or POST (a mail app's one-click unsubscribe, RFC 8058) /api/refills/stop?reminder=&key=:
 * stops the reminder without signing in; the key is the reminder's own HMAC. Stopping twice is fine.
 */
export async function stopRefillHandler(req: Request, deps: () => Pick<ServerDependencies, 'db' | 'env' | 'now'>): Promise<Response> {
  const url = new URL(req.url);
  const language = url.searchParams.get('language');
  if (req.method !== 'GET' && req.method !== 'POST') return stopPage(405, () => `Method ${req.method} is not allowed.`, null);
  const reminder = url.searchParams.get('reminder') ?? '';
  const key = url.searchParams.get('key') ?? '';
  const badLink = (text: StringTable) => text.reorder.stopBadLink;
  if (!z.uuid().safeParse(reminder).success) return stopPage(400, badLink, language);
  try {
    const dependencies = deps();
    if (!(await isRefillStopKey(reminder, key, dependencies.env.ORDER_LINK_SECRET))) return stopPage(403, badLink, language);
    const { data, error } = await dependencies.db.from('refill_reminders').select('name, stopped_at').eq('id', reminder).maybeSingle();
    if (error) throw new Error(error.message);
    if (!data) return stopPage(404, badLink, language);
    const row = z.object({ name: z.string(), stopped_at: z.string().nullable() }).parse(data);
    if (row.stopped_at === null) {
      const update = await dependencies.db.from('refill_reminders').update({ stopped_at: dependencies.now().toISOString() }).eq('id', reminder);
      if (update.error) throw new Error(update.error.message);
    }
    return stopPage(200, (text) => fill(text.reorder.stopped, { name: row.name }), language);
  } catch (error) {
    console.error('[refill stop]', error);
    return stopPage(500, (text) => text.reorder.stopFailed, language);
  }
}

/**
 * The daily run: queues the reminders due today (5 days before the supply runs out; the database
 * queues each once, by mail and to the order's mobile) and sends every refill message still
 * waiting; a reminder stopped meanwhile sends nothing. Today comes from deps.now: a test or a
 * local run picks the day.
 */
export async function sendRefillReminders(deps: ServerDependencies): Promise<{ queued: number; sent: number }> {
  const { data: queued, error } = await deps.db.rpc('queue_refill_reminders', { p_today: isoDay(deps.now()) });
  if (error) throw new Error(`queueing refill reminders: ${error.message}`);
  const sent = await sendWaitingMessages(deps, { kind: 'refill_due' });
  return { queued: z.number().parse(queued), sent };
}
