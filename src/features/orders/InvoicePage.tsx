import { useEffect, useState } from 'react';
import { formatRupees } from '../../domain/money';
import { invoicePages, type TaxDocument } from '../../domain/tax-invoice';
import { loadInvoice, type InvoiceLoad } from './invoice-client';
import { invoice as englishInvoice } from '../../domain/strings/english/invoice';
import { fill, formatDate } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
import type { StringTable } from '../../domain/strings/table';
import { pageLocale, pagePathPrefix, pageText } from '../../lib/browser/page-text';

type InvoiceText = StringTable['invoice'];

const rupees = (paise: number) => formatRupees(paise);
const expiry = (iso: string) => (iso ? new Intl.DateTimeFormat('en-IN', { month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)) : '—');

const cell = 'border border-gray-400 px-1.5 py-1 align-top';

/**
 * One A4 sheet: the heading on every page, the rows of this page, the totals and signature on the
 * last. Its labels are in the page's language; the seller's, buyer's and pharmacist's own details,
 * recorded as issued, are marked not to be translated.
 */
export function Sheet({ doc, rows, page, pages, text, locale }: { doc: TaxDocument; rows: TaxDocument['document']['rows']; page: number; pages: number; text: InvoiceText; locale: string }) {
  const { document: invoice } = doc;
  const intra = invoice.supply === 'intra_state';
  // A coupon's discount gets its own column, so MRP, discount and taxable value stand side by side on each row.
  const discounted = invoice.rows.some((row) => (row.discountPaise ?? 0) > 0);
  const title = doc.kind === 'invoice' ? text.taxInvoice : text.creditNote;
  return (
    <section className="invoice-sheet mx-auto mb-8 max-w-[210mm] bg-white p-6 text-[11px] leading-snug text-gray-900 shadow print:m-0 print:p-0 print:shadow-none" aria-label={fill(text.sheetName, { title, number: doc.number, page, pages })}>
      <header className="flex justify-between gap-4 border-b border-gray-400 pb-2">
        <div>
          <p className="text-sm font-bold" translate="no">
            {invoice.seller.legalName}
          </p>
          {invoice.seller.address.map((line) => (
            <p key={line} translate="no">
              {line}
            </p>
          ))}
          <p>{fill(text.gstinState, { gstin: invoice.seller.gstin, state: invoice.seller.state, code: invoice.seller.stateCode })}</p>
          <p>{fill(text.drugLicences, { licences: invoice.seller.drugLicences.map((licence) => fill(text.licence, { form: licence.form, number: licence.number })).join(', ') })}</p>
        </div>
        <div className="text-right">
          <h1 className="text-base font-bold uppercase">{title}</h1>
          <p>
            {text.number} <span data-testid="invoice-number">{doc.number}</span>
          </p>
          <p>{fill(text.date, { date: formatDate(new Date(doc.issued_at), { locale }) })}</p>
          <p>{fill(text.order, { number: invoice.orderNumber })}</p>
          {doc.refers_to && <p>{fill(text.againstInvoice, { number: doc.refers_to })}</p>}
          {invoice.reason && <p translate="no">{fill(text.reason, { reason: invoice.reason })}</p>}
          <p>{fill(text.page, { page, pages })}</p>
        </div>
      </header>
      <div className="grid grid-cols-2 gap-4 border-b border-gray-400 py-2">
        <div>
          <p className="font-semibold">{text.billTo}</p>
          <div translate="no">
            {invoice.buyer.name && <p>{invoice.buyer.name}</p>}
            {invoice.buyer.addressLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p>
              {invoice.buyer.state} {invoice.buyer.pinCode}
            </p>
          </div>
        </div>
        <div>
          <p>
            <span className="font-semibold">{text.placeOfSupply}</span> <span translate="no">{invoice.placeOfSupply}</span>
          </p>
          <p>{intra ? text.intraState : text.interState}</p>
          <p>{text.pricesIncludeGst}</p>
        </div>
      </div>
      <table className="mt-2 w-full border-collapse">
        <thead>
          <tr className="bg-gray-100 text-left">
            <th className={cell}>{text.product}</th>
            <th className={cell}>{text.hsn}</th>
            <th className={cell}>{text.batch}</th>
            <th className={cell}>{text.expiry}</th>
            <th className={`${cell} text-right`}>{text.quantity}</th>
            <th className={`${cell} text-right`}>{text.mrp}</th>
            {discounted && <th className={`${cell} text-right`}>{text.discount}</th>}
            <th className={`${cell} text-right`}>{text.taxableValue}</th>
            <th className={`${cell} text-right`}>{text.gstPercent}</th>
            {intra ? (
              <>
                <th className={`${cell} text-right`}>{text.cgst}</th>
                <th className={`${cell} text-right`}>{text.sgst}</th>
              </>
            ) : (
              <th className={`${cell} text-right`}>{text.igst}</th>
            )}
            <th className={`${cell} text-right`}>{text.amount}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row.name}-${row.batchNumber}-${index}`}>
              <td className={cell}>
                {row.name}
                {row.schedule !== 'OTC' && <span> {fill(text.schedule, { schedule: row.schedule })}</span>}
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
                {text.total}
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
          <p translate="no">{fill(text.dispensedBy, { name: invoice.pharmacist.name, number: invoice.pharmacist.registrationNumber })}</p>
          <p className="text-right" translate="no">
            {fill(text.forSeller, { name: invoice.seller.legalName })}
          </p>
        </footer>
      )}
    </section>
  );
}

/** /orders/invoice?number=…&key=…: the order's tax invoice (and any credit notes), one A4 sheet per 10 rows when printed. */
export default function InvoicePage() {
  // The page's words (it draws only in the browser): English's, or the page's own language's.
  const text = pageText('invoice', englishInvoice);
  const locale = pageLocale();
  const [state, setState] = useState<InvoiceLoad | null>(null);
  const [orderNumber, setOrderNumber] = useState('');
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const number = params.get('number') ?? '';
    setOrderNumber(number);
    loadInvoice(number, params.get('key')).then(setState, () => setState({ kind: 'refused', message: text.loadFailed }));
  }, [text.loadFailed]);

  if (!state) return <p className="text-gray-700">{text.loading}</p>;
  const back = `${pathUnder(pagePathPrefix(), '/orders/')}${encodeURIComponent(orderNumber)}${window.location.search.includes('key=') ? `?key=${encodeURIComponent(new URLSearchParams(window.location.search).get('key') ?? '')}` : ''}`;
  if (state.kind === 'refused') {
    return (
      <div>
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
        <a className="mt-2 inline-block text-teal-700 underline" href={back}>
          {text.backToOrder}
        </a>
      </div>
    );
  }
  return (
    <div>
      <p className="mb-4 flex items-center justify-between gap-4 print:hidden">
        <a className="text-teal-700 underline" href={back}>
          {text.backToOrder}
        </a>
        <button type="button" onClick={() => window.print()} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
          {text.print}
        </button>
      </p>
      {state.documents.map((doc) => {
        const pages = invoicePages(doc.document.rows);
        return pages.map((rows, index) => <Sheet key={`${doc.number}-${index}`} doc={doc} rows={rows} page={index + 1} pages={pages.length} text={text} locale={locale} />);
      })}
    </div>
  );
}
