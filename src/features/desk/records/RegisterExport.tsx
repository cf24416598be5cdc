import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { StaffSession } from '../desk-api';

const refusalSchema = z.object({ error: z.string() });
const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** The Schedule H1 register for a date range (days in India, both included), downloaded as CSV for an inspector. */
export default function RegisterExport({ staff }: { staff: StaffSession }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const range = { from: String(form.get('from')), to: String(form.get('to')) };
    setError(null);
    setDone(null);
    try {
      const { data } = await staff.client.auth.getSession();
      const response = await fetch('/api/desk/h1-register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${data.session?.access_token ?? staff.session.access_token}` },
        body: JSON.stringify(range),
      });
      if (!response.ok) {
        const refusal = refusalSchema.safeParse(await response.json().catch(() => null));
        return setError(refusal.success ? refusal.data.error : 'The register could not be exported. Please try again.');
      }
      const csv = await response.blob();
      const rows = (await csv.text()).trim().split('\r\n').length - 1;
      const link = document.createElement('a');
      link.href = URL.createObjectURL(csv);
      link.download = `schedule-h1-register-${range.from}-to-${range.to}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      setDone(`Register downloaded: ${rows} ${rows === 1 ? 'entry' : 'entries'} from ${range.from} to ${range.to}.`);
    } catch {
      setError('The desk could not reach the server. Check the connection and try again.');
    }
  }

  return (
    <section aria-labelledby="h1-register-heading" className="space-y-3">
      <h2 id="h1-register-heading" className="text-lg font-semibold text-gray-900">
        Schedule H1 register
      </h2>
      <p className="text-sm text-gray-700">Every dispatched Schedule H1 line: date, patient, prescriber and registration, drug, batch, quantity and invoice.</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="text-sm text-gray-700">
          From
          <input name="from" type="date" required defaultValue={today()} className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
        </label>
        <label className="text-sm text-gray-700">
          To
          <input name="to" type="date" required defaultValue={today()} className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
        </label>
        <button type="submit" className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
          Download register (CSV)
        </button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm text-brand-900">
          {done}
        </p>
      )}
    </section>
  );
}
