import { useCallback, useEffect, useState } from 'react';
import { shipmentStatusLabels, type ShipmentStatus } from '../../../domain/shipping';
import { deskCall, type StaffSession } from '../desk-api';

/**
 * The courier panel of an order going by courier: dispatch in one action (the parcel booked, its
 * AWB assigned by the owner's rule, the order shipped), its label and the day's pickup with its
 * manifest to print, and the parcel's journey as the courier reports it.
 */

interface Parcel {
  status: ShipmentStatus | 'booking';
  awb: string | null;
  courier_name: string | null;
  label_url: string | null;
  manifest_url: string | null;
  pickup_date: string | null;
  failure_reason: string | null;
  failed_attempts: number;
  return_condition: 'unopened' | 'opened' | null;
}
interface Scan {
  at: string;
  status: ShipmentStatus | null;
  activity: string;
  location: string;
}

const buttonClass = 'rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const quietButtonClass = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50 disabled:opacity-60';
const dateTime = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
/** A strip or two in a padded envelope: what most pharmacy parcels weigh. */
const TYPICAL_PARCEL_GRAMS = 500;

const RECEIVED: Record<'unopened' | 'opened', string> = {
  unopened: 'Received back unopened: its stock is back on the shelf.',
  opened: 'Received back opened: its stock was not put back.',
};

/** The returned parcel's credit note; an order shipped before invoices has none. */
const credited = (answer: Record<string, unknown>) => (typeof answer.creditNoteNumber === 'string' ? `credit note ${answer.creditNoteNumber}` : 'no invoice to credit');

export default function CourierDispatch({ staff, order, onChanged }: { staff: StaffSession; order: { id: string; status: string }; onChanged: () => Promise<void> }) {
  const [parcel, setParcel] = useState<Parcel | null>(null);
  const [scans, setScans] = useState<Scan[]>([]);
  const [weight, setWeight] = useState(String(TYPICAL_PARCEL_GRAMS));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);

  const load = useCallback(async () => {
    const { data } = await staff.client
      .from('shipments')
      .select('id, status, awb, courier_name, label_url, manifest_url, pickup_date, failure_reason, failed_attempts, return_condition')
      .eq('order_id', order.id)
      .eq('direction', 'forward')
      .maybeSingle();
    setParcel((data as Parcel | null) ?? null);
    if (data) {
      const { data: rows } = await staff.client.from('shipment_scans').select('at, status, activity, location').eq('shipment_id', (data as { id: string }).id).order('at', { ascending: false });
      setScans((rows ?? []) as Scan[]);
    }
  }, [staff, order.id]);

  useEffect(() => {
    void load();
  }, [load, order.status]);

  async function call(path: string, body: Record<string, unknown>, done: (value: Record<string, unknown>) => string) {
    setBusy(true);
    const result = await deskCall(staff, path, body);
    setBusy(false);
    setMessage(result.ok ? { kind: 'done', text: done(result.value) } : { kind: 'error', text: result.message });
    await load();
    if (result.ok) await onChanged();
  }

  return (
    <section aria-labelledby="courier-heading">
      <h2 id="courier-heading" className="text-lg font-semibold text-gray-900">Courier</h2>
      <div className="mt-2 space-y-3 text-sm text-gray-800">
        {order.status === 'packed' && (!parcel || parcel.status === 'booking') && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void call('/api/desk/dispatch', { orderId: order.id, expectedStatus: order.status, weightGrams: Number(weight) }, (value) => `Dispatched with ${String(value.courierName)}, AWB ${String(value.awb)}. Print the label and stick it on the parcel.`);
            }}
          >
            <label className="text-gray-700">
              Parcel weight (grams)
              <input name="weight" type="number" inputMode="numeric" min={10} max={30000} required value={weight} onChange={(event) => setWeight(event.target.value)} className="ml-2 w-24 rounded-md border border-gray-300 px-2 py-1" />
            </label>
            <button type="submit" className={buttonClass} disabled={busy}>
              {busy ? 'Booking the courier…' : 'Dispatch by courier'}
            </button>
          </form>
        )}
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={message.kind === 'error' ? 'text-red-700' : 'text-brand-800'}>
            {message.text}
          </p>
        )}
        {parcel && parcel.status !== 'booking' && (
          <>
            <p>
              {parcel.courier_name}, AWB <span data-testid="desk-awb">{parcel.awb}</span> · <span data-testid="desk-parcel-status">{shipmentStatusLabels[parcel.status]}</span>
              {parcel.status === 'delivery_failed' && parcel.failure_reason ? ` (${parcel.failure_reason}, attempt ${parcel.failed_attempts})` : ''}
            </p>
            <p className="flex flex-wrap gap-3">
              {parcel.label_url && (
                <a href={parcel.label_url} target="_blank" rel="noopener" className="text-brand-700 underline">
                  Print the label (PDF)
                </a>
              )}
              {parcel.manifest_url && (
                <a href={parcel.manifest_url} target="_blank" rel="noopener" className="text-brand-700 underline">
                  Print the manifest (PDF)
                </a>
              )}
            </p>
            {parcel.status === 'booked' && !parcel.pickup_date && (
              <button type="button" className={quietButtonClass} disabled={busy} onClick={() => void call('/api/desk/dispatch-pickup', {}, (value) => `Pickup requested for today's ${String(value.parcels)} parcel(s). Print the manifest for the rider to sign.`)}>
                Request today's pickup
              </button>
            )}
            {parcel.status === 'returned_to_origin' && !parcel.return_condition && (
              <div className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass} disabled={busy} onClick={() => void call('/api/desk/dispatch-return', { orderId: order.id, condition: 'unopened' }, (value) => `Received unopened: stock restocked, ${credited(value)}; the order is returned.`)}>
                  Came back unopened: restock and refund
                </button>
                <button type="button" className={quietButtonClass} disabled={busy} onClick={() => void call('/api/desk/dispatch-return', { orderId: order.id, condition: 'opened' }, (value) => `Received opened: not restocked, ${credited(value)}; the order is returned.`)}>
                  Came back opened: refund without restocking
                </button>
              </div>
            )}
            {parcel.return_condition && <p>{RECEIVED[parcel.return_condition]}</p>}
            {parcel.status === 'delivered' && (
              <form
                className="flex flex-wrap items-end gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  const reason = String(new FormData(event.currentTarget).get('reason'));
                  void call('/api/desk/dispatch-return-pickup', { orderId: order.id, reason }, (value) => `Return pickup booked with ${String(value.courierName)}, AWB ${String(value.awb)}; the customer is told the day.`);
                }}
              >
                <label className="text-gray-700">
                  Customer's reason for returning an unopened item
                  <input name="reason" required maxLength={300} className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
                </label>
                <button type="submit" className={quietButtonClass} disabled={busy}>
                  Book a return pickup
                </button>
              </form>
            )}
            {scans.length > 0 && (
              <ol aria-label="Courier scans" className="space-y-1">
                {scans.map((scan) => (
                  <li key={`${scan.at}${scan.activity}`}>
                    {dateTime(scan.at)} · {scan.activity}
                    {scan.location ? ` · ${scan.location}` : ''}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </div>
    </section>
  );
}
