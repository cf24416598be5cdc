import * as z from 'zod/mini';
import type { OrderRecord } from '../../domain/order-view';
import { DEFAULT_LANGUAGE } from '../../domain/default-language';
import { reorder } from '../../domain/strings/english/reorder';
import { fill, formatDate } from '../../domain/strings/format';
import { pageLanguage, pageLocale, pageText } from '../../lib/browser/page-text';
import { el } from '../../lib/browser/dom';
import { signedInAccessToken } from './order-client';

const reminderSchema = z.object({ product_id: z.number(), doses_per_day: z.number(), remind_on: z.string(), stopped_at: z.nullable(z.string()) });
/** A reminder's day as the page's language writes it ('Friday, 5 December'). */
const day = (iso: string) => formatDate(new Date(`${iso}T00:00:00Z`), { locale: pageLocale() }, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

async function startReminder(orderNumber: string, productId: number, dosesPerDay: number): Promise<{ remindOn: string } | { error: string }> {
  const text = pageText('reorder', reorder);
  const token = await signedInAccessToken();
  if (!token) return { error: text.signInToRemind };
  const response = await fetch('/api/refills/start', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    // The page's language, for the server's refusals; left out on the default language's pages.
    body: JSON.stringify({ orderNumber, productId, dosesPerDay, ...(pageLanguage() === DEFAULT_LANGUAGE ? {} : { language: pageLanguage() }) }),
  });
  const answer = z.union([z.object({ remindOn: z.string() }), z.object({ error: z.string() })]).safeParse(await response.json().catch(() => null));
  return answer.success ? answer.data : { error: text.remindFailed };
}

/** The customer's reminders of this order, read under row-level security after the order was drawn without them. */
const readReminders = (orderId: string): Promise<unknown> =>
  signedInAccessToken().then((token) => (token ? import('./signed-in-reads').then((reads) => reads.readRefillReminders(token, orderId)) : []));

/**
 * Refill reminders on a signed-in customer's order page: per line a dose a day (1, 2 or 3) and
 * "Remind me"; the server works out the days of supply from the pack and says the reminder's day.
 * The customer's reminders of this order (read with it, or else read here) show what is on.
 */
export function refillSection(record: OrderRecord, reminders: unknown[] | null): HTMLElement {
  const text = pageText('reorder', reorder);
  const remindOn = (name: string, iso: string) => fill(text.remindOn, { name, day: day(iso) });
  const { order } = record;
  const products = [...new Map(order.lines.map((line) => [line.product_id, line.name])).entries()];
  const rows = products.map(([productId, name]) => {
    const doses = el('select', { class: 'rounded border border-gray-300 p-1 text-sm', 'aria-label': fill(text.dosesOf, { name }) }, ...[1, 2, 3].map((count) => el('option', { value: String(count) }, String(count))));
    const button = el('button', { type: 'button', class: 'rounded border border-teal-700 px-3 py-1 text-sm font-semibold text-teal-800 disabled:opacity-60' }, text.remindButton);
    const note = el('p', { class: 'w-full text-sm text-gray-700', role: 'status' });
    button.addEventListener('click', () => {
      button.disabled = true;
      void startReminder(order.order_number, productId, Number(doses.value)).then((answer) => {
        button.disabled = false;
        note.textContent = 'remindOn' in answer ? remindOn(name, answer.remindOn) : answer.error;
        note.className = `w-full text-sm ${'remindOn' in answer ? 'text-teal-800' : 'text-red-700'}`;
      });
    });
    return { productId, name, note, row: el('li', { class: 'flex flex-wrap items-center gap-2 p-3' }, el('span', { class: 'flex-1 text-sm text-gray-900' }, name), el('label', { class: 'text-sm text-gray-700' }, `${text.dosesLabel} `, doses), button, note) };
  });
  const showReminders = (data: unknown) => {
    for (const reminder of z.catch(z.array(reminderSchema), []).parse(data)) {
      const row = rows.find((candidate) => candidate.productId === reminder.product_id);
      if (row && reminder.stopped_at === null && !row.note.textContent) row.note.textContent = remindOn(row.name, reminder.remind_on);
    }
  };
  if (reminders) showReminders(reminders);
  else void readReminders(order.id).then(showReminders, () => undefined);
  return el(
    'section',
    { 'aria-labelledby': 'refills-heading' },
    el('h2', { id: 'refills-heading', class: 'mb-2 text-lg font-semibold text-gray-900' }, text.remindHeading),
    el('p', { class: 'mb-2 text-sm text-gray-700' }, text.remindIntro),
    el('ul', { class: 'divide-y divide-gray-200 rounded border border-gray-200 bg-white' }, ...rows.map((entry) => entry.row)),
  );
}
