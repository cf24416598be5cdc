import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { StaffSession } from '../desk-api';

const refusalSchema = z.object({ error: z.string(), lines: z.array(z.object({ line: z.number().int(), reason: z.string() })).optional() });
const importedSchema = z.object({ batches: z.number().int(), changedBatches: z.number().int() });

type Outcome = { kind: 'done'; text: string } | { kind: 'refused'; text: string; lines: { line: number; reason: string }[] };

/**
 * The ERP's stock export, uploaded from the desk (content/stock/README.md describes the CSV). A
 * file with any bad line applies nothing and lists every bad line with its number and reason.
 */
export default function StockImport({ staff }: { staff: StaffSession }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get('stock');
    if (!(file instanceof File) || file.size === 0) return setOutcome({ kind: 'refused', text: 'Choose a CSV file to import.', lines: [] });
    setBusy(true);
    try {
      const { data } = await staff.client.auth.getSession();
      const response = await fetch('/api/desk/stock-import', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${data.session?.access_token ?? staff.session.access_token}` },
        body: JSON.stringify({ csv: await file.text() }),
      });
      const body: unknown = await response.json().catch(() => null);
      const imported = importedSchema.safeParse(body);
      if (response.ok && imported.success) {
        setOutcome({ kind: 'done', text: `Stock imported: ${imported.data.batches} batches read, ${imported.data.changedBatches} changed.` });
      } else {
        const refusal = refusalSchema.safeParse(body);
        setOutcome({ kind: 'refused', text: refusal.success ? refusal.data.error : 'The import failed. Please try again.', lines: refusal.success ? (refusal.data.lines ?? []) : [] });
      }
    } catch {
      setOutcome({ kind: 'refused', text: 'The desk could not reach the server. Check the connection and try again.', lines: [] });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="stock-import-heading" className="space-y-3">
      <h2 id="stock-import-heading" className="text-lg font-semibold text-gray-900">
        Import stock
      </h2>
      <p className="text-sm text-gray-700">
        The ERP’s stock export as CSV with the columns product, batch, expiry, quantity, mrp (product by id). It replaces the stock of every batch; a file with any bad line changes nothing.
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <label className="text-sm text-gray-700">
          Stock file (CSV)
          <input name="stock" type="file" accept=".csv,text/csv" required className="ml-2 text-sm" />
        </label>
        <button type="submit" disabled={busy} className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60">
          Import stock
        </button>
      </form>
      {outcome?.kind === 'done' && (
        <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-brand-900">
          {outcome.text}
        </p>
      )}
      {outcome?.kind === 'refused' && (
        <div role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">{outcome.text}</p>
          {outcome.lines.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {outcome.lines.map((problem) => (
                <li key={`${problem.line}-${problem.reason}`}>
                  Line {problem.line}: {problem.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
