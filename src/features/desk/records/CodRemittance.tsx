import { useCallback, useEffect, useState } from 'react';
import { formatRupees } from '../../../domain/money';
import { deskCall, type StaffSession } from '../desk-api';

/**
 * Cash the courier collected: delivered cash-on-delivery parcels whose money has not reached the bank
 * 10 days after delivery, and the provider's remittance report applied to mark those it pays for.
 */

const OVERDUE_DAYS = 10;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

interface Overdue {
  awb: string;
  deliveredAt: string;
  orderNumber: string;
  amountPaise: number;
}

export default function CodRemittance({ staff }: { staff: StaffSession }) {
  const [overdue, setOverdue] = useState<Overdue[] | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);

  const load = useCallback(async () => {
    const before = new Date(Date.now() - OVERDUE_DAYS * 24 * 3600 * 1000).toISOString();
    // Two plain reads: the local Supabase emulator answers no embedded selects.
    const { data: parcels } = await staff.client.from('shipments').select('awb, order_id, status_at').eq('direction', 'forward').eq('status', 'delivered').is('cod_remittance_id', null).lt('status_at', before).order('status_at');
    const ids = (parcels ?? []).map((parcel) => parcel.order_id as string);
    const { data: orders } = ids.length > 0 ? await staff.client.from('orders').select('id, order_number, amount_paise, provider').in('id', ids) : { data: [] };
    const byId = new Map((orders ?? []).filter((order) => order.provider === 'cod').map((order) => [order.id as string, order]));
    setOverdue(
      (parcels ?? []).flatMap((parcel) => {
        const order = byId.get(parcel.order_id as string);
        return order ? [{ awb: parcel.awb as string, deliveredAt: parcel.status_at as string, orderNumber: order.order_number as string, amountPaise: order.amount_paise as number }] : [];
      }),
    );
  }, [staff]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section aria-labelledby="cod-heading" className="space-y-3">
      <h2 id="cod-heading" className="text-lg font-semibold text-gray-900">Cash on delivery remittance</h2>
      {overdue === null ? (
        <p className="text-sm text-gray-700">Loading…</p>
      ) : overdue.length === 0 ? (
        <p className="text-sm text-gray-700">No delivered cash-on-delivery parcel has waited more than {OVERDUE_DAYS} days for its money.</p>
      ) : (
        <table className="text-sm text-gray-800">
          <caption className="text-left text-gray-700">Delivered more than {OVERDUE_DAYS} days ago, money not yet remitted</caption>
          <thead>
            <tr>
              <th className="pr-4 text-left">Order</th>
              <th className="pr-4 text-left">AWB</th>
              <th className="pr-4 text-left">Delivered</th>
              <th className="text-right">Amount</th>
            </tr>
          </thead>
          <tbody>
            {overdue.map((row) => (
              <tr key={row.awb}>
                <td className="pr-4">{row.orderNumber}</td>
                <td className="pr-4">{row.awb}</td>
                <td className="pr-4">{day(row.deliveredAt)}</td>
                <td className="text-right">{formatRupees(row.amountPaise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const awbs = String(form.get('awbs')).split(/[\s,]+/).filter(Boolean);
          const result = await deskCall(staff, '/api/desk/cod-remittance', { remittanceId: String(form.get('remittance')), remittedOn: String(form.get('date')), awbs });
          setMessage(
            result.ok
              ? { kind: 'done', text: `Marked ${String(result.value.marked)} parcel(s) remitted.${(result.value.notDeliveredCod as string[]).length > 0 ? ` Not delivered cash-on-delivery parcels of ours: ${(result.value.notDeliveredCod as string[]).join(', ')}.` : ''}` }
              : { kind: 'error', text: result.message },
          );
          await load();
        }}
      >
        <label className="text-sm text-gray-700">
          Remittance id
          <input name="remittance" required className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
        </label>
        <label className="text-sm text-gray-700">
          Paid into the bank on
          <input name="date" type="date" required className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
        </label>
        <label className="text-sm text-gray-700">
          AWBs in the report
          <textarea name="awbs" required rows={2} className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
        </label>
        <button type="submit" className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800">
          Mark remitted
        </button>
      </form>
      {message && (
        <p role={message.kind === 'error' ? 'alert' : 'status'} className={`text-sm ${message.kind === 'error' ? 'text-red-700' : 'text-brand-800'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
