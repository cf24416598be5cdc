import { useEffect, useState } from 'react';
import { z } from 'zod';
import { reorderPagePath } from '../../domain/reorder-link';
import { fill, formatDate } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
import type { AccountText } from './account-text';
import { loadSupabase } from '../../lib/browser/load-supabase';
import { Alert, secondaryButton } from '../../components/form-ui';

const reminderSchema = z.object({
  id: z.string(),
  name: z.string(),
  doses_per_day: z.number(),
  runs_out_on: z.string(),
  stopped_at: z.string().nullable(),
  order_id: z.string(),
});
type Reminder = z.infer<typeof reminderSchema>;

const COLUMNS = 'id, name, doses_per_day, runs_out_on, stopped_at, order_id';

/**
 * /account: the customer's refill reminders, read and changed under row-level security (a customer
 * may change only the dose and whether a reminder is stopped). Turned on from an order page.
 */
export function RefillReminders({ text }: { text: AccountText }) {
  const words = text.reorder;
  const day = (date: string) => formatDate(new Date(`${date}T00:00:00Z`), { locale: text.locale }, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const [reminders, setReminders] = useState<Reminder[] | null>(null);
  const [orderNumbers, setOrderNumbers] = useState<ReadonlyMap<string, string>>(new Map());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void loadSupabase()
      .then(async (supabase) => {
        const { data, error: readError } = await supabase.from('refill_reminders').select(COLUMNS).order('created_at', { ascending: false });
        if (readError) throw new Error(readError.message);
        const read = z.array(reminderSchema).parse(data);
        const orders = read.length > 0 ? await supabase.from('orders').select('id, order_number').in('id', [...new Set(read.map((reminder) => reminder.order_id))]) : { data: [], error: null };
        if (orders.error) throw new Error(orders.error.message);
        setOrderNumbers(new Map(z.array(z.object({ id: z.string(), order_number: z.string() })).parse(orders.data).map((order) => [order.id, order.order_number])));
        setReminders(read);
      })
      .catch(() => setError(words.remindFailed));
  }, [words.remindFailed]);

  async function change(reminder: Reminder, values: { doses_per_day?: number; stopped_at?: string | null }) {
    setError(null);
    const supabase = await loadSupabase();
    const { data, error: updateError } = await supabase.from('refill_reminders').update(values).eq('id', reminder.id).select(COLUMNS).single();
    if (updateError) return setError(words.remindFailed);
    const updated = reminderSchema.parse(data);
    setReminders((current) => (current ?? []).map((entry) => (entry.id === updated.id ? updated : entry)));
  }

  return (
    <section aria-labelledby="refills-heading" className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id="refills-heading" className="text-lg font-semibold text-gray-900">
        {words.accountHeading}
      </h2>
      {error && <Alert>{error}</Alert>}
      {reminders?.length === 0 && <p className="mt-2 text-sm text-gray-700">{words.accountNone}</p>}
      {reminders && reminders.length > 0 && (
        <ul className="mt-3 divide-y divide-gray-200">
          {reminders.map((reminder) => (
            <li key={reminder.id} className="flex flex-wrap items-center gap-3 py-3 text-sm">
              <span className="flex-1">
                <span className="block font-medium text-gray-900">{reminder.name}</span>
                <span className="text-gray-700">
                  {reminder.stopped_at ? text.accountPage.refillStopped : fill(text.accountPage.refillRunsOut, { day: day(reminder.runs_out_on) })} ·{' '}
                  {orderNumbers.has(reminder.order_id) && (
                    <a className="text-brand-700 underline" href={pathUnder(text.prefix, reorderPagePath({ order: orderNumbers.get(reminder.order_id)! }))}>
                      {words.button}
                    </a>
                  )}
                </span>
              </span>
              <label className="text-gray-700">
                {words.dosesLabel}{' '}
                <select
                  className="rounded border border-gray-300 p-1"
                  value={reminder.doses_per_day}
                  aria-label={fill(text.accountPage.refillDosesOf, { label: words.dosesLabel, name: reminder.name })}
                  onChange={(event) => void change(reminder, { doses_per_day: Number(event.target.value) })}
                >
                  {[1, 2, 3].map((count) => (
                    <option key={count} value={count}>
                      {count}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="button"
                className={secondaryButton}
                aria-label={fill(reminder.stopped_at ? text.accountPage.refillRestartFor : text.accountPage.refillStopFor, { name: reminder.name })}
                onClick={() => void change(reminder, { stopped_at: reminder.stopped_at ? null : new Date().toISOString() })}
              >
                {reminder.stopped_at ? words.restart : words.stop}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
