import { z } from 'zod';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../domain/language';
import { messageValueWords, messageWords } from '../../../domain/messages';
import { fill } from '../../../domain/strings/format';
import { refillOrderKey, refillStopKey } from '../../../domain/refill-link';
import { reorderPagePath } from '../../../domain/reorder-link';
import type { ComposedMessage, MessageContext } from './message-types';
import { escapeHtml, inCustomerLanguage, shortLink } from './links';
import { mailWordsIn } from './mail-words';

export interface RefillLinks {
  reorder: string;
  stop: string;
}


/** The reminder's links: the reorder page in the customer's language, and the one-click stop, which answers in it (its key signs the reminder alone). */
export async function refillLinks(env: Pick<MessageContext['env'], 'ORDER_LINK_SECRET' | 'SITE_URL'>, reminderId: string, language?: string | null): Promise<RefillLinks> {
  const reorderPath = reorderPagePath({ reminder: reminderId, key: await refillOrderKey(reminderId, env.ORDER_LINK_SECRET) });
  const reorder = new URL(inCustomerLanguage(language, reorderPath), env.SITE_URL).toString();
  const stopQuery = new URLSearchParams({ reminder: reminderId, key: await refillStopKey(reminderId, env.ORDER_LINK_SECRET) });
  if (language && language !== DEFAULT_LANGUAGE) stopQuery.set('language', language);
  const stop = new URL(`/api/refills/stop?${stopQuery}`, env.SITE_URL).toString();
  return { reorder, stop };
}

/** The reminder mail in the reminder's language: which medicine runs out when, the link that fills the cart, and the one-click stop. */
export function composeRefillMail(name: string, runsOutOn: string, links: RefillLinks, language: LanguageCode = DEFAULT_LANGUAGE): { subject: string; text: string; html: string } {
  const words = mailWordsIn(language).refill;
  const day = new Intl.DateTimeFormat(messageValueWords(language).locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${runsOutOn}T00:00:00Z`));
  const intro = fill(words.intro, { name, day });
  const text = [intro, '', `${words.reorder}: ${links.reorder}`, '', `${words.stop}: ${links.stop}`].join('\n');
  const html = `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(links.reorder)}">${escapeHtml(fill(words.reorderName, { name }))}</a></p><p style="font-size:12px;color:#4b5563"><a href="${escapeHtml(links.stop)}">${escapeHtml(words.stop)}</a></p>`;
  return { subject: fill(words.subject, { name }), text, html };
}

const reminderSchema = z.object({ id: z.string(), order_id: z.string(), name: z.string(), email: z.string(), mobile: z.string().nullable(), stopped_at: z.string().nullable() });

/** "21 Nov", "21 नव॰": the run-out day as the SMS and WhatsApp message carry it, in the message's language. */
const shortDayIn = (language: string, date: string): string =>
  new Intl.DateTimeFormat(messageValueWords(language).locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** Reads the reminder; a stopped one composes nothing (null): the customer said no more. */
export async function composeRefillMessage(context: MessageContext, reminderId: string, dueFor: string): Promise<ComposedMessage | null> {
  const read = await context.db.from('refill_reminders').select('id, order_id, name, email, mobile, stopped_at').eq('id', reminderId).single();
  if (read.error) throw new Error(`reading refill reminder ${reminderId}: ${read.error.message}`);
  const reminder = reminderSchema.parse(read.data);
  if (reminder.stopped_at !== null) return null;
  // A reminder speaks the language of the order it came from.
  const order = await context.db.from('orders').select('language').eq('id', reminder.order_id).single();
  if (order.error) throw new Error(`reading the language of refill reminder ${reminderId}'s order: ${order.error.message}`);
  const { language } = messageWords('refill_due', z.object({ language: z.string() }).parse(order.data).language);
  const links = await refillLinks(context.env, reminder.id, language);
  return {
    language,
    email: reminder.email,
    mobile: reminder.mobile,
    mail: () => composeRefillMail(reminder.name, dueFor, links, language),
    phoneValues: [reminder.name, shortDayIn(language, dueFor)],
    shortLink: await shortLink(context.env, { type: 'reminder', id: reminder.id }),
  };
}
