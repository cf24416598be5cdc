import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import type { OrderLine } from '../../../domain/order-line';
import { deskCall, type StaffSession } from '../desk-api';

/**
 * The batches each stock-tracked line leaves from, picked before the order ships: the desk
 * suggests the first-expiring sellable batches; support can choose another sellable batch or split
 * a line over two. Expired and short-dated batches are never offered (the database refuses them
 * too), and once recorded the picks are shown, never changed.
 */

const suggestionSchema = z.object({
  lines: z.array(
    z.object({
      line_index: z.number().int(),
      product_id: z.number().int(),
      quantity: z.number().int(),
      short: z.number().int(),
      batches: z.array(z.object({ batch_id: z.number().int(), quantity: z.number().int() })),
    }),
  ),
});
type Suggested = z.infer<typeof suggestionSchema>['lines'][number];

interface Batch {
  id: number;
  product_id: number;
  batch_number: string;
  expiry_date: string;
  quantity_on_hand: number;
}
export interface PickedBatch {
  line_index: number;
  batch_number: string;
  expiry_date: string;
  quantity: number;
}
interface Pick {
  batchId: number;
  quantity: number;
}

const buttonClass = 'rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const quietButtonClass = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50';
const expiryText = (iso: string) => new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

/** The first expiry date still sellable: today in India plus the minimum shelf life. */
function sellableFrom(minimumShelfLifeDays: number): string {
  const india = new Date(Date.now() + 330 * 60_000);
  return new Date(Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate() + minimumShelfLifeDays)).toISOString().slice(0, 10);
}

export default function DispatchBatches({
  staff,
  orderId,
  lines,
  picked,
  minimumShelfLifeDays,
  onRecorded,
}: {
  staff: StaffSession;
  orderId: string;
  lines: readonly OrderLine[];
  picked: readonly PickedBatch[];
  minimumShelfLifeDays: number;
  onRecorded: () => Promise<void>;
}) {
  const [waiting, setWaiting] = useState<Suggested[] | null>(null);
  const [batches, setBatches] = useState<Batch[]>([]);
  const [picks, setPicks] = useState<Record<number, Pick[]>>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);

  const load = useCallback(async () => {
    const suggested = await deskCall(staff, '/api/desk/batches', { orderId });
    if (!suggested.ok) return setMessage({ kind: 'error', text: suggested.message });
    const { lines: held } = suggestionSchema.parse(suggested.value);
    setWaiting(held);
    setPicks(Object.fromEntries(held.map((line) => [line.line_index, line.batches.map((batch) => ({ batchId: batch.batch_id, quantity: batch.quantity }))])));
    if (held.length === 0) return setBatches([]);
    const { data } = await staff.client
      .from('stock_batches')
      .select('id, product_id, batch_number, expiry_date, quantity_on_hand')
      .in('product_id', [...new Set(held.map((line) => line.product_id))])
      .gt('quantity_on_hand', 0)
      .gte('expiry_date', sellableFrom(minimumShelfLifeDays))
      .order('expiry_date')
      .order('id');
    setBatches((data ?? []) as Batch[]);
  }, [staff, orderId, minimumShelfLifeDays]);

  useEffect(() => {
    void load();
  }, [load]);

  const change = (lineIndex: number, row: number, update: Partial<Pick>) =>
    setPicks((current) => ({ ...current, [lineIndex]: (current[lineIndex] ?? []).map((pick, index) => (index === row ? { ...pick, ...update } : pick)) }));

  async function record() {
    const body = Object.entries(picks).flatMap(([lineIndex, rows]) => rows.map((pick) => ({ lineIndex: Number(lineIndex), batchId: pick.batchId, quantity: pick.quantity })));
    const result = await deskCall(staff, '/api/desk/batches', { orderId, picks: body });
    setMessage(result.ok ? { kind: 'done', text: 'Batches recorded.' } : { kind: 'error', text: result.message });
    if (result.ok) await onRecorded();
    await load();
  }

  return (
    <section aria-labelledby="batches-heading">
      <h2 id="batches-heading" className="text-lg font-semibold text-gray-900">
        Batches
      </h2>
      {picked.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-gray-800">
          {picked.map((batch) => (
            <li key={`${batch.line_index}-${batch.batch_number}`}>
              {lines[batch.line_index]?.name}: batch {batch.batch_number}, expires {expiryText(batch.expiry_date)}, {batch.quantity} dispatched from it
            </li>
          ))}
        </ul>
      )}
      {waiting && waiting.length === 0 && picked.length === 0 && <p className="mt-2 text-sm text-gray-700">No line of this order is stock-tracked: nothing to pick.</p>}
      {waiting && waiting.length > 0 && (
        <div className="mt-2 space-y-3">
          {waiting.map((line) => {
            const choices = batches.filter((batch) => batch.product_id === line.product_id);
            const name = lines[line.line_index]?.name ?? `Line ${line.line_index + 1}`;
            return (
              <fieldset key={line.line_index} className="rounded-md border border-gray-200 p-3">
                <legend className="px-1 text-sm font-medium text-gray-900">
                  {name} × {line.quantity}
                </legend>
                {line.short > 0 && (
                  <p role="alert" className="text-sm text-red-700">
                    Only {line.quantity - line.short} of {line.quantity} are in sellable batches: import fresh stock or cancel the order.
                  </p>
                )}
                {(picks[line.line_index] ?? []).map((pick, row) => (
                  <div key={row} className="mt-2 flex flex-wrap items-end gap-2">
                    <label className="text-sm text-gray-700">
                      Batch for {name}
                      <select value={pick.batchId} onChange={(event) => change(line.line_index, row, { batchId: Number(event.target.value) })} className="ml-2 rounded-md border border-gray-300 px-2 py-1">
                        {choices.map((batch) => (
                          <option key={batch.id} value={batch.id}>
                            {batch.batch_number} · expires {expiryText(batch.expiry_date)} · {batch.quantity_on_hand} on hand
                          </option>
                        ))}
                      </select>
                    </label>
                    <label className="text-sm text-gray-700">
                      Quantity
                      <input type="number" min={1} max={line.quantity} value={pick.quantity} onChange={(event) => change(line.line_index, row, { quantity: Number(event.target.value) })} className="ml-2 w-20 rounded-md border border-gray-300 px-2 py-1" />
                    </label>
                  </div>
                ))}
                {choices.length > 1 && (
                  <button
                    type="button"
                    className={`${quietButtonClass} mt-2`}
                    onClick={() => setPicks((current) => ({ ...current, [line.line_index]: [...(current[line.line_index] ?? []), { batchId: choices[0]!.id, quantity: 1 }] }))}
                  >
                    Split {name} over another batch
                  </button>
                )}
              </fieldset>
            );
          })}
          <button type="button" className={buttonClass} onClick={record} disabled={waiting.some((line) => line.short > 0)}>
            Record batches
          </button>
        </div>
      )}
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`mt-2 text-sm ${message.kind === 'error' ? 'text-red-700' : 'text-brand-900'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
