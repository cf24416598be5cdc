import { useEffect, useState } from 'react';
import { formatRupees } from '../../domain/money';
import { invoicePages, type TaxDocument } from '../../domain/tax-invoice';
import { loadInvoice, type InvoiceLoad } from './invoice-client';

const rupees = (paise: number) => formatRupees(paise);
const day = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const expiry = (iso: string) => (iso ? new Intl.DateTimeFormat('en-IN', { month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)) : '—');

const cell = 'border border-gray-400 px-1.5 py-1 align-top';

/** One A4 sheet: the heading on every page, the rows of this page, the totals and signature on the last. */
function Sheet({ doc, rows, page, pages }: { doc: TaxDocument; rows: TaxDocument['document']['rows']; page: number; pages: number }) {
  const { document: invoice } = doc;
  const intra = invoice.supply === 'intra_state';
  // A coupon's discount gets its own column, so MRP, discount and taxable value stand side by side on each row.
  const discounted = invoice.rows.some((row) => (row.discountPaise ?? 0) > 0);
  const title = doc.kind === 'invoice' ? 'Tax invoice' : 'Credit note';
  return (
    <section className="invoice-sheet mx-auto mb-8 max-w-[210mm] bg-white p-6 text-[11px] leading-snug text-gray-900 shadow print:m-0 print:p-0 print:shadow-none" aria-label={`${title} ${doc.number}, page ${page} of ${pages}`}>
      <header className="flex justify-between gap-4 border-b border-gray-400 pb-2">
        <div>
          <p className="text-sm font-bold">{invoice.seller.legalName}</p>
          {invoice.seller.address.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>GSTIN {invoice.seller.gstin} · State {invoice.seller.state} ({invoice.seller.stateCode})</p>
          <p>Drug licences: {invoice.seller.drugLicences.map((licence) => `Form ${licence.form} ${licence.number}`).join(', ')}</p>
        </div>
        <div className="text-right">
          <h1 className="text-base font-bold uppercase">{title}</h1>
          <p>
            No. <span data-testid="invoice-number">{doc.number}</span>
          </p>
          <p>Date {day.format(new Date(doc.issued_at))}</p>
          <p>Order {invoice.orderNumber}</p>
          {doc.refers_to && <p>Against invoice {doc.refers_to}</p>}
          {invoice.reason && <p>Reason: {invoice.reason}</p>}
          <p>
            Page {page} of {pages}
          </p>
        </div>
      </header>
      <div className="grid grid-cols-2 gap-4 border-b border-gray-400 py-2">
        <div>
          <p className="font-semibold">Bill to / ship to</p>
          {invoice.buyer.name && <p>{invoice.buyer.name}</p>}
          {invoice.buyer.addressLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            {invoice.buyer.state} {invoice.buyer.pinCode}
          </p>
        </div>
        <div>
          <p>
            <span className="font-semibold">Place of supply:</span> {invoice.placeOfSupply}
          </p>
          <p>{intra ? 'Intra-state supply: CGST + SGST' : 'Inter-state supply: IGST'}</p>
          <p>Prices include GST; taxable value worked back from the price charged.</p>
        </div>
      </div>
      <table className="mt-2 w-full border-collapse">
        <thead>
          <tr className="bg-gray-100 text-left">
            <th className={cell}>Product</th>
            <th className={cell}>HSN</th>
            <th className={cell}>Batch</th>
            <th className={cell}>Expiry</th>
            <th className={`${cell} text-right`}>Qty</th>
            <th className={`${cell} text-right`}>MRP</th>
            {discounted && <th className={`${cell} text-right`}>Discount</th>}
            <th className={`${cell} text-right`}>Taxable value</th>
            <th className={`${cell} text-right`}>GST %</th>
            {intra ? (
              <>
                <th className={`${cell} text-right`}>CGST</th>
                <th className={`${cell} text-right`}>SGST</th>
              </>
            ) : (
              <th className={`${cell} text-right`}>IGST</th>
            )}
            <th className={`${cell} text-right`}>Amount</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.name}-${row.batchNumber}-${index}`}>
              <td className={cell}>
                {row.name}
                {row.schedule !== 'OTC' && <span> (Sch. {row.schedule})</span>}
              </td>
              <td className={cell}>{row.hsnCode}</td>
              <td className={cell}>{row.batchNumber}</td>
              <td className={cell}>{expiry(row.expiryDate)}</td>
              <td className={`${cell} text-right`}>{row.quantity}</td>
              <td className={`${cell} text-right`}>{rupees(row.mrpPaise)}</td>
              {discounted && <td className={`${cell} text-right`} data-testid="invoice-row-discount">{rupees(row.discountPaise ?? 0)}</td>}
              <td className={`${cell} text-right`}>{rupees(row.taxablePaise)}</td>
              <td className={`${cell} text-right`}>{row.gstRate}%</td>
              {intra ? (
                <>
                  <td className={`${cell} text-right`}>{rupees(row.cgstPaise)}</td>
                  <td className={`${cell} text-right`}>{rupees(row.sgstPaise)}</td>
                </>
              ) : (
                <td className={`${cell} text-right`}>{rupees(row.igstPaise)}</td>
              )}
              <td className={`${cell} text-right`}>{rupees(row.amountPaise)}</td>
            </tr>
          ))}
        </tbody>
        {page === pages && (
          <tfoot>
            <tr className="font-semibold">
              <td className={cell} colSpan={6}>
                Total
              </td>
              {discounted && (
                <td className={`${cell} text-right`} data-testid="invoice-discount">
                  {rupees(invoice.rows.reduce((sum, row) => sum + (row.discountPaise ?? 0), 0))}
                </td>
              )}
              <td className={`${cell} text-right`} data-testid="invoice-taxable">
                {rupees(invoice.totals.taxablePaise)}
              </td>
              <td className={cell} />
              {intra ? (
                <>
                  <td className={`${cell} text-right`}>{rupees(invoice.totals.cgstPaise)}</td>
                  <td className={`${cell} text-right`}>{rupees(invoice.totals.sgstPaise)}</td>
                </>
              ) : (
                <td className={`${cell} text-right`}>{rupees(invoice.totals.igstPaise)}</td>
              )}
              <td className={`${cell} text-right`} data-testid="invoice-total">
                {rupees(invoice.totals.totalPaise)}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
      {page === pages && (
        <footer className="mt-4 flex justify-between gap-4">
          <p>
            Dispensed by registered pharmacist {invoice.pharmacist.name}, registration no. {invoice.pharmacist.registrationNumber}
          </p>
          <p className="text-right">For {invoice.seller.legalName}</p>
        </footer>
      )}
    </section>
  );
}

/** /orders/invoice?number=…&key=…: the order's tax invoice (and any credit notes), one A4 sheet per 10 rows when printed. */
export default function InvoicePage() {
  const [state, setState] = useState<InvoiceLoad | null>(null);
  const [orderNumber, setOrderNumber] = useState('');
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const number = params.get('number') ?? '';
    setOrderNumber(number);
    loadInvoice(number, params.get('key')).then(setState, () => setState({ kind: 'refused', message: 'The invoice could not be loaded. Please try again.' }));
  }, []);

  if (!state) return <p className="text-gray-700">Loading the invoice…</p>;
  const back = `/orders/${encodeURIComponent(orderNumber)}${window.location.search.includes('key=') ? `?key=${encodeURIComponent(new URLSearchParams(window.location.search).get('key') ?? '')}` : ''}`;
  if (state.kind === 'refused') {
    return (
      <div>
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
        <a className="mt-2 inline-block text-teal-700 underline" href={back}>
          Back to the order
        </a>
      </div>
    );
  }
  return (
    <div>
      <p className="mb-4 flex items-center justify-between gap-4 print:hidden">
        <a className="text-teal-700 underline" href={back}>
          Back to the order
        </a>
        <button type="button" onClick={() => window.print()} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
          Print or save as PDF
        </button>
      </p>
      {state.documents.map((doc) => {
        const pages = invoicePages(doc.document.rows);
        return pages.map((rows, index) => <Sheet key={`${doc.number}-${index}`} doc={doc} rows={rows} page={index + 1} pages={pages.length} />);
      })}
    </div>
  );
}
