import { useEffect, useState, type FormEvent } from 'react';
import { formatRupees } from '../../domain/money';
import StaffGate from '../desk/StaffGate';
import type { StaffSession } from '../desk/public';
import { campaignSalesRowSchema, couponSalesRowSchema, type CouponSalesRow, checkRange, presetRange, salesTotals, touches, touchLabels, type CampaignSalesRow, type Touch } from './campaign-sales';

const LOAD_FAILED = 'The campaign sales could not be loaded. Try again in a moment.';
const presets = [
  { days: 1, label: 'Today' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
] as const;

const rupees = (paise: number) => formatRupees(paise);
const dateInputClass = 'block rounded-md border border-gray-300 px-3 py-2 text-gray-900';

interface Query {
  from: string;
  to: string;
  touch: Touch;
}

function Sales({ staff }: { staff: StaffSession }) {
  const [draft, setDraft] = useState<Query>(() => ({ ...presetRange(1, new Date()), touch: 'last' }));
  const [query, setQuery] = useState<Query>(draft);
  const [rows, setRows] = useState<CampaignSalesRow[] | null>(null);
  const [couponRows, setCouponRows] = useState<CouponSalesRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setRows(null);
    staff.client.rpc('campaign_sales', { p_from: query.from, p_to: query.to, p_touch: query.touch }).then(({ data, error: failure }) => {
      if (!current) return;
      const parsed = campaignSalesRowSchema.array().safeParse(data);
      if (failure || !parsed.success) setError(LOAD_FAILED);
      else {
        setError(null);
        setRows(parsed.data);
      }
    });
    // The same range per coupon code: what each code sold and what it gave away.
    setCouponRows(null);
    staff.client.rpc('coupon_sales', { p_from: query.from, p_to: query.to }).then(({ data, error: failure }) => {
      if (!current) return;
      const parsed = couponSalesRowSchema.array().safeParse(data);
      setCouponRows(failure || !parsed.success ? [] : parsed.data);
    });
    return () => {
      current = false;
    };
  }, [staff, query]);

  function show(next: Query) {
    const range = checkRange(next.from, next.to);
    if (!range.ok) return setError(range.message);
    setDraft(next);
    setQuery(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    show(draft);
  }

  const totals = rows && salesTotals(rows);
  return (
    <div>
      <h1 className="text-2xl font-bold text-gray-900">Campaign sales</h1>
      <p className="mt-1 text-sm text-gray-700">
        Orders placed and not cancelled (paid online or cash on delivery), by the campaign and source of the link the customer came from. Days are
        India&rsquo;s; revenue is before refunds.
      </p>
      <form className="mt-4 flex flex-wrap items-end gap-4" onSubmit={submit} noValidate>
        <div>
          <label htmlFor="sales-from" className="mb-1 block text-sm font-medium text-gray-700">
            From
          </label>
          <input id="sales-from" type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} className={dateInputClass} />
        </div>
        <div>
          <label htmlFor="sales-to" className="mb-1 block text-sm font-medium text-gray-700">
            To
          </label>
          <input id="sales-to" type="date" value={draft.to} onChange={(event) => setDraft({ ...draft, to: event.target.value })} className={dateInputClass} />
        </div>
        <div>
          <label htmlFor="sales-touch" className="mb-1 block text-sm font-medium text-gray-700">
            Count each order by
          </label>
          <select id="sales-touch" value={draft.touch} onChange={(event) => setDraft({ ...draft, touch: event.target.value as Touch })} className={dateInputClass}>
            {touches.map((touch) => (
              <option key={touch} value={touch}>
                {touchLabels[touch]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Show sales
        </button>
      </form>
      <div className="mt-3 flex flex-wrap gap-2">
        {presets.map(({ days, label }) => (
          <button key={days} type="button" onClick={() => show({ ...presetRange(days, new Date()), touch: draft.touch })} className="rounded-full border border-gray-300 px-3 py-1 text-sm font-medium text-gray-800 hover:bg-gray-50">
            {label}
          </button>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-4 text-red-700">
          {error}
        </p>
      )}
      {!rows || !totals ? (
        !error && <p className="mt-6 text-gray-700">Loading campaign sales…</p>
      ) : rows.length === 0 ? (
        <p className="mt-6 text-gray-700">No orders in this range.</p>
      ) : (
        <table className="mt-6 w-full text-left text-sm">
          <caption className="mb-2 text-left text-lg font-semibold text-gray-900">
            {query.from === query.to ? query.from : `${query.from} to ${query.to}`}, {touchLabels[query.touch].toLowerCase()}
          </caption>
          <thead>
            <tr className="border-b border-gray-200 text-gray-700">
              <th scope="col" className="py-2 pr-4">Campaign</th>
              <th scope="col" className="py-2 pr-4">Source</th>
              <th scope="col" className="py-2 pr-4 text-right">Orders</th>
              <th scope="col" className="py-2 pr-4 text-right">Revenue</th>
              <th scope="col" className="py-2 pr-4 text-right">Average order value</th>
              <th scope="col" className="py-2 text-right">Coupon discount</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.campaign}\u0000${row.source}`} className="border-b border-gray-100 text-gray-800">
                <th scope="row" className="py-2 pr-4 font-medium">{row.campaign}</th>
                <td className="py-2 pr-4">{row.source}</td>
                <td className="py-2 pr-4 text-right">{row.orders}</td>
                <td className="py-2 pr-4 text-right">{rupees(row.revenue_paise)}</td>
                <td className="py-2 pr-4 text-right">{rupees(row.average_order_paise)}</td>
                <td className="py-2 text-right">{rupees(row.discount_paise)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold text-gray-900">
              <th scope="row" colSpan={2} className="py-2 pr-4">All campaigns</th>
              <td className="py-2 pr-4 text-right">{totals.orders}</td>
              <td className="py-2 pr-4 text-right">{rupees(totals.revenuePaise)}</td>
              <td className="py-2 pr-4 text-right">{rupees(totals.averageOrderPaise)}</td>
              <td className="py-2 text-right">{rupees(rows.reduce((sum, row) => sum + row.discount_paise, 0))}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {couponRows && couponRows.length > 0 && (
        <table className="mt-8 w-full text-left text-sm" data-testid="coupon-sales">
          <caption className="mb-2 text-left text-lg font-semibold text-gray-900">Sales per coupon</caption>
          <thead>
            <tr className="border-b border-gray-200 text-gray-700">
              <th scope="col" className="py-2 pr-4">Coupon</th>
              <th scope="col" className="py-2 pr-4 text-right">Orders</th>
              <th scope="col" className="py-2 pr-4 text-right">Revenue</th>
              <th scope="col" className="py-2 text-right">Discount given</th>
            </tr>
          </thead>
          <tbody>
            {couponRows.map((row) => (
              <tr key={row.coupon} className="border-b border-gray-100 text-gray-800">
                <th scope="row" className="py-2 pr-4 font-mono font-medium">{row.coupon}</th>
                <td className="py-2 pr-4 text-right">{row.orders}</td>
                <td className="py-2 pr-4 text-right">{rupees(row.revenue_paise)}</td>
                <td className="py-2 text-right">{rupees(row.discount_paise)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-6 text-sm">
        <a href="/desk/coupons" className="text-brand-700 underline">
          Manage coupon codes
        </a>
      </p>
    </div>
  );
}

/** /desk/campaigns: marketing's sales per campaign and source, aggregates only (no customer, address or line). */
export default function CampaignSales() {
  return (
    <StaffGate roles={['marketing']} refusal="Campaign sales are for marketing staff.">
      {(staff) => <Sales staff={staff} />}
    </StaffGate>
  );
}
