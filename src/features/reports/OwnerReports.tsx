import { useState, type FormEvent } from 'react';
import { indiaDate } from '../../domain/delivery';
import { reportMethodLabels, type DailySales, type SalesFigures } from '../../domain/daily-sales';
import { formatRupees } from '../../domain/money';
import StaffGate from '../desk/StaffGate';
import type { StaffSession } from '../desk/public';
import { loadCsv, loadDaily, loadMonth, saveFile, type MonthAnswer } from './reports-api';
import SalesChart from './SalesChart';

const inputClass = 'block rounded-md border border-gray-300 px-3 py-2 text-gray-900';
const buttonClass = 'rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const secondaryClass = 'rounded-md border border-gray-300 px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50 disabled:opacity-60';
const cell = 'py-2 pr-4 text-right';

/** The month before today's in India: the one a return is filed for. */
function lastMonth(now: Date): string {
  const [year, month] = indiaDate(now).split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

function MonthReturns({ staff }: { staff: StaffSession }) {
  const [month, setMonth] = useState(() => lastMonth(new Date()));
  const [answer, setAnswer] = useState<MonthAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{4}-\d{2}$/.test(month)) return setError('Choose a month.');
    setBusy(true);
    const result = await loadMonth(staff, month);
    setBusy(false);
    if (result.ok) {
      setError(null);
      setAnswer(result.value);
    } else setError(result.message);
  }

  async function downloadCsv() {
    if (!answer) return;
    setBusy(true);
    const result = await loadCsv(staff, answer.month);
    setBusy(false);
    if (result.ok) saveFile(`tax-documents-${answer.month}.csv`, result.value, 'text/csv');
    else setError(result.message);
  }

  const net = answer?.totals.net;
  return (
    <section aria-labelledby="returns-heading">
      <h2 id="returns-heading" className="text-xl font-semibold text-gray-900">
        The month&rsquo;s GST returns
      </h2>
      <p className="mt-1 text-sm text-gray-700">Every figure comes from the tax invoices and credit notes issued in the month (India time): invoices minus credit notes, to the paisa.</p>
      <form className="mt-4 flex flex-wrap items-end gap-4" onSubmit={show} noValidate>
        <div>
          <label htmlFor="report-month" className="mb-1 block text-sm font-medium text-gray-700">
            Month
          </label>
          <input id="report-month" type="month" value={month} onChange={(event) => setMonth(event.target.value)} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy}>
          Show the month
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-4 text-red-700">
          {error}
        </p>
      )}
      {answer && net && (
        <div className="mt-6 space-y-6" data-month={answer.month}>
          <p className="text-gray-800">
            {answer.month}: {answer.counts.invoices} invoices, {answer.counts.creditNotes} credit notes. Taxable value {formatRupees(net.taxablePaise)}, GST{' '}
            {formatRupees(net.cgstPaise + net.sgstPaise + net.igstPaise)}, total {formatRupees(net.totalPaise)}.
          </p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className={buttonClass} onClick={() => saveFile(answer.fileName, `${JSON.stringify(answer.gstr1, null, 2)}\n`, 'application/json')}>
              Download GSTR-1 JSON
            </button>
            <button type="button" className={secondaryClass} disabled={busy} onClick={() => void downloadCsv()}>
              Download every line (CSV)
            </button>
          </div>
          {answer.problems.length > 0 && (
            <div role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
              <p className="font-semibold">The GST portal would refuse this file as it is:</p>
              <ul className="mt-2 list-disc pl-5">
                {answer.problems.slice(0, 10).map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
              {answer.problems.length > 10 && <p className="mt-1">…and {answer.problems.length - 10} more.</p>}
            </div>
          )}
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-lg font-semibold text-gray-900">GSTR-3B, 3.1(a) outward taxable supplies</caption>
            <thead>
              <tr className="border-b border-gray-200 text-gray-700">
                <th scope="col" className="py-2 pr-4">Rate</th>
                <th scope="col" className={cell}>Taxable value</th>
                <th scope="col" className={cell}>IGST</th>
                <th scope="col" className={cell}>CGST</th>
                <th scope="col" className={cell}>SGST</th>
              </tr>
            </thead>
            <tbody>
              {answer.gstr3b.outwardTaxable.byRate.map((row) => (
                <tr key={row.rate} className="border-b border-gray-100 text-gray-800">
                  <th scope="row" className="py-2 pr-4 font-medium">{row.rate} %</th>
                  <td className={cell}>{formatRupees(row.taxablePaise)}</td>
                  <td className={cell}>{formatRupees(row.igstPaise)}</td>
                  <td className={cell}>{formatRupees(row.cgstPaise)}</td>
                  <td className={cell}>{formatRupees(row.sgstPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="font-semibold text-gray-900">
                <th scope="row" className="py-2 pr-4">3.1(a) total</th>
                <td className={cell}>{formatRupees(answer.gstr3b.outwardTaxable.total.taxablePaise)}</td>
                <td className={cell}>{formatRupees(answer.gstr3b.outwardTaxable.total.igstPaise)}</td>
                <td className={cell}>{formatRupees(answer.gstr3b.outwardTaxable.total.cgstPaise)}</td>
                <td className={cell}>{formatRupees(answer.gstr3b.outwardTaxable.total.sgstPaise)}</td>
              </tr>
              <tr className="text-gray-800">
                <th scope="row" className="py-2 pr-4 font-medium">3.1(c) nil rated</th>
                <td className={cell}>{formatRupees(answer.gstr3b.nilRatedPaise)}</td>
                <td colSpan={3} />
              </tr>
            </tfoot>
          </table>
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-lg font-semibold text-gray-900">GSTR-3B, 3.2 inter-state supplies to unregistered persons</caption>
            <thead>
              <tr className="border-b border-gray-200 text-gray-700">
                <th scope="col" className="py-2 pr-4">Place of supply</th>
                <th scope="col" className={cell}>Taxable value</th>
                <th scope="col" className={cell}>IGST</th>
              </tr>
            </thead>
            <tbody>
              {answer.gstr3b.interStateUnregistered.length === 0 ? (
                <tr>
                  <td colSpan={3} className="py-2 text-gray-700">No inter-state supplies this month.</td>
                </tr>
              ) : (
                answer.gstr3b.interStateUnregistered.map((row) => (
                  <tr key={row.stateCode} className="border-b border-gray-100 text-gray-800">
                    <th scope="row" className="py-2 pr-4 font-medium">{row.stateCode}-{row.state}</th>
                    <td className={cell}>{formatRupees(row.taxablePaise)}</td>
                    <td className={cell}>{formatRupees(row.igstPaise)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function FiguresRow({ label, figures }: { label: string; figures: SalesFigures }) {
  return (
    <tr className="border-b border-gray-100 text-gray-800">
      <th scope="row" className="py-2 pr-4 font-medium">{label}</th>
      <td className={cell}>{figures.orders}</td>
      <td className={cell}>{formatRupees(figures.revenuePaise)}</td>
      <td className={cell}>{formatRupees(figures.averageOrderPaise)}</td>
      <td className={cell}>{figures.codSharePercent} %</td>
      <td className={cell}>{figures.cancelled}</td>
      <td className={cell}>
        {figures.refunds} ({formatRupees(figures.refundedPaise)})
      </td>
    </tr>
  );
}

function FiguresTable({ caption, first, rows, total }: { caption: string; first: string; rows: { key: string; label: string; figures: SalesFigures }[]; total: SalesFigures }) {
  return (
    <table className="mt-6 w-full text-left text-sm">
      <caption className="mb-2 text-left text-lg font-semibold text-gray-900">{caption}</caption>
      <thead>
        <tr className="border-b border-gray-200 text-gray-700">
          <th scope="col" className="py-2 pr-4">{first}</th>
          <th scope="col" className={cell}>Orders</th>
          <th scope="col" className={cell}>Revenue</th>
          <th scope="col" className={cell}>Average order</th>
          <th scope="col" className={cell}>COD share</th>
          <th scope="col" className={cell}>Cancelled</th>
          <th scope="col" className={cell}>Refunds</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <FiguresRow key={row.key} label={row.label} figures={row.figures} />
        ))}
      </tbody>
      <tfoot className="font-semibold">
        <FiguresRow label="All" figures={total} />
      </tfoot>
    </table>
  );
}

function DailyReport({ staff }: { staff: StaffSession }) {
  const today = indiaDate(new Date());
  const [range, setRange] = useState({ from: indiaDate(new Date(Date.now() - 29 * 86_400_000)), to: today });
  const [report, setReport] = useState<DailySales | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function show(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const result = await loadDaily(staff, range.from, range.to);
    setBusy(false);
    if (result.ok) {
      setError(null);
      setReport(result.value);
    } else setError(result.message);
  }

  return (
    <section aria-labelledby="daily-heading" className="mt-12">
      <h2 id="daily-heading" className="text-xl font-semibold text-gray-900">
        Daily sales
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Orders placed (paid online, or cash on delivery) per day in India. Revenue and the average are of the orders not cancelled, before refunds; refunds are
        counted on the day they were started.
      </p>
      <form className="mt-4 flex flex-wrap items-end gap-4" onSubmit={show} noValidate>
        <div>
          <label htmlFor="daily-from" className="mb-1 block text-sm font-medium text-gray-700">
            From
          </label>
          <input id="daily-from" type="date" value={range.from} onChange={(event) => setRange({ ...range, from: event.target.value })} className={inputClass} />
        </div>
        <div>
          <label htmlFor="daily-to" className="mb-1 block text-sm font-medium text-gray-700">
            To
          </label>
          <input id="daily-to" type="date" value={range.to} onChange={(event) => setRange({ ...range, to: event.target.value })} className={inputClass} />
        </div>
        <button type="submit" className={buttonClass} disabled={busy}>
          Show daily sales
        </button>
      </form>
      {error && (
        <p role="alert" className="mt-4 text-red-700">
          {error}
        </p>
      )}
      {report && (
        <div>
          <SalesChart days={report.days} />
          <FiguresTable caption="Per payment method" first="Method" rows={report.methods.map((row) => ({ key: row.method, label: reportMethodLabels[row.method], figures: row }))} total={report.total} />
          <FiguresTable caption="Per day" first="Day" rows={report.days.map((row) => ({ key: row.day, label: row.day, figures: row }))} total={report.total} />
        </div>
      )}
    </section>
  );
}

/** /desk/reports: the owner's (or accountant's) GST returns and daily sales. */
export default function OwnerReports() {
  return (
    <StaffGate roles={['owner']} refusal="Reports are for the pharmacy’s owner or accountant.">
      {(staff) => (
        <div>
          <h1 className="text-2xl font-bold text-gray-900">Reports</h1>
          <div className="mt-6">
            <MonthReturns staff={staff} />
          </div>
          <DailyReport staff={staff} />
        </div>
      )}
    </StaffGate>
  );
}
