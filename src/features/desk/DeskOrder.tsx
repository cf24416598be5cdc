import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { cancellableByStaff, OTHER_NEEDS_NOTE, rejectionReasonLabels, rejectionReasons, returnableByStaff, reviewStatuses, type RejectionReason } from '../../domain/desk';
import { linePaise, type OrderLine } from '../../domain/order-line';
import { formatRupees } from '../../domain/money';
import { orderStatusLabels, paymentStatusLabels, type OrderStatus, type PaymentStatus } from '../../domain/order-status';
import { deskCall, type StaffSession } from './desk-api';
import StaffGate from './StaffGate';
import DeskOrderMessages from './DeskOrderMessages';
import DispatchBatches, { type PickedBatch } from './dispatch/DispatchBatches';
import H1Prescription, { type H1Details } from './dispatch/H1Prescription';
import CourierDispatch from './dispatch/CourierDispatch';

interface DeskOrderRow {
  id: string;
  order_number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  amount_paise: number;
  created_at: string;
  lines: OrderLine[];
  prescription_paths: string[];
  delivery_name: string | null;
  delivery_mobile: string | null;
  delivery_email: string | null;
  delivery_line1: string | null;
  delivery_line2: string | null;
  delivery_city: string | null;
  delivery_state: string | null;
  delivery_pin_code: string | null;
  /** An own zone's id, or the courier provider's name ('shiprocket') for a parcel booked at dispatch. */
  delivery_zone_id: string | null;
  courier_name: string | null;
  tracking_number: string | null;
}
interface Decision {
  line_index: number;
  decision: 'accepted' | 'rejected';
  reason: RejectionReason | null;
  note: string | null;
  pharmacist_name: string;
  registration_number: string;
}
interface HistoryRow {
  id: number;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  actor_role: string;
  actor_id: string | null;
  note: string | null;
  at: string;
}

/** The route of an order booked with the courier provider at dispatch (its orders.delivery_zone_id). */
const COURIER_ROUTE = 'shiprocket';
const buttonClass = 'rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60';
const quietButtonClass = 'rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-50';
const dateTime = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

function PrescriptionFile({ staff, orderId, path, index }: { staff: StaffSession; orderId: string; path: string; index: number }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const isPdf = path.toLowerCase().endsWith('.pdf');

  async function open() {
    const result = await deskCall(staff, '/api/desk/prescription-url', { orderId, path });
    if (result.ok) setUrl(String(result.value.url));
    else setError(result.message);
  }

  const label = `Prescription ${index + 1}`;
  return (
    <li className="rounded-md border border-gray-200 p-3">
      <p className="flex items-center justify-between gap-2 text-sm">
        <span className="font-medium text-gray-900">{label}</span>
        {!url && (
          <button type="button" className={quietButtonClass} onClick={open}>
            Open {label.toLowerCase()}
          </button>
        )}
      </p>
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
      {url && isPdf && <iframe src={url} title={label} className="mt-3 h-[32rem] w-full rounded border border-gray-200" />}
      {url && !isPdf && (
        <button type="button" onClick={() => setZoomed(!zoomed)} aria-pressed={zoomed} aria-label={zoomed ? `Zoom out of ${label}` : `Zoom into ${label}`} className="mt-3 block overflow-auto">
          <img src={url} alt={label} className={zoomed ? 'max-w-none' : 'max-h-96 max-w-full'} style={zoomed ? { width: '200%' } : undefined} />
        </button>
      )}
    </li>
  );
}

function LineReview({ onDecide, acceptBlocked }: { onDecide: (decision: 'accepted' | 'rejected', reason?: RejectionReason, note?: string) => void; acceptBlocked: boolean }) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<RejectionReason>('illegible');
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const noteProblemId = useId();
  if (!rejecting) {
    return (
      <span className="flex gap-2">
        <button type="button" className={buttonClass} onClick={() => onDecide('accepted')} disabled={acceptBlocked}>
          Accept
        </button>
        <button type="button" className={quietButtonClass} onClick={() => setRejecting(true)}>
          Reject
        </button>
      </span>
    );
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Marked beside the line, never sent: the review function would refuse it.
    if (reason === 'other' && note.trim() === '') {
      setNoteMissing(true);
      event.currentTarget.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    onDecide('rejected', reason, note);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label className="text-sm text-gray-700">
        Reason
        <select value={reason} onChange={(event) => setReason(event.target.value as RejectionReason)} className="ml-2 rounded-md border border-gray-300 px-2 py-1">
          {rejectionReasons.map((name) => (
            <option key={name} value={name}>
              {rejectionReasonLabels[name]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm text-gray-700">
        Note
        <input
          value={note}
          maxLength={500}
          onChange={(event) => {
            setNote(event.target.value);
            setNoteMissing(false);
          }}
          aria-required={reason === 'other'}
          {...(noteMissing ? { 'aria-invalid': true, 'aria-describedby': noteProblemId } : {})}
          className="ml-2 rounded-md border border-gray-300 px-2 py-1"
        />
      </label>
      <button type="submit" className={buttonClass}>
        Confirm rejection
      </button>
      {noteMissing && (
        <p id={noteProblemId} className="w-full text-sm font-medium text-red-700">
          {OTHER_NEEDS_NOTE}
        </p>
      )}
    </form>
  );
}

interface PharmacyFacts {
  rxProductIds: readonly number[];
  /** Schedule H1 products: their lines need the prescriber's details at review. */
  h1ProductIds: readonly number[];
  minimumShelfLifeDays: number;
}

function OrderView({ staff, orderId, facts }: { staff: StaffSession; orderId: string; facts: PharmacyFacts }) {
  const { rxProductIds } = facts;
  const [order, setOrder] = useState<DeskOrderRow | null>(null);
  const [decisions, setDecisions] = useState<Decision[]>([]);
  const [history, setHistory] = useState<HistoryRow[]>([]);
  const [message, setMessage] = useState<{ kind: 'error' | 'done'; text: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const [h1Details, setH1Details] = useState<H1Details[]>([]);
  const [picked, setPicked] = useState<PickedBatch[]>([]);
  const [invoices, setInvoices] = useState<{ kind: string; number: string }[]>([]);

  const load = useCallback(async () => {
    const [orderResult, decisionResult, historyResult, h1Result, batchResult, invoiceResult] = await Promise.all([
      staff.client.from('orders').select('*').eq('id', orderId).maybeSingle(),
      staff.client.from('order_line_decisions').select('line_index, decision, reason, note, pharmacist_name, registration_number').eq('order_id', orderId),
      staff.client.from('order_events').select('id, kind, from_status, to_status, actor_role, actor_id, note, at').eq('order_id', orderId).order('id', { ascending: true }),
      staff.client.from('h1_prescriptions').select('line_index, patient_name, prescriber_name, prescriber_registration').eq('order_id', orderId),
      staff.client.from('order_line_batches').select('line_index, batch_number, expiry_date, quantity').eq('order_id', orderId).order('id'),
      staff.client.from('tax_documents').select('kind, number').eq('order_id', orderId).order('id'),
    ]);
    setH1Details((h1Result.data ?? []) as H1Details[]);
    setPicked((batchResult.data ?? []) as PickedBatch[]);
    setInvoices((invoiceResult.data ?? []) as { kind: string; number: string }[]);
    if (!orderResult.data) setMissing(true);
    setOrder(orderResult.data as DeskOrderRow | null);
    setDecisions((decisionResult.data ?? []) as Decision[]);
    setHistory((historyResult.data ?? []) as HistoryRow[]);
  }, [staff, orderId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(path: string, body: Record<string, unknown>, done: string) {
    if (!order) return;
    const result = await deskCall(staff, path, { orderId: order.id, expectedStatus: order.status, ...body });
    setMessage(result.ok ? { kind: 'done', text: done } : { kind: 'error', text: result.message });
    await load();
  }

  if (missing) return <p role="alert" className="text-red-700">No such order.</p>;
  if (!order) return <p className="text-gray-700">Loading the order…</p>;
  const canReview = staff.role === 'pharmacist' && reviewStatuses.includes(order.status);
  const decisionOf = (index: number) => decisions.find((decision) => decision.line_index === index);

  return (
    <div className="space-y-8">
      <div>
        <a href="/desk" className="text-sm text-brand-700 underline">
          Back to the queue
        </a>
        <h1 className="mt-2 text-2xl font-bold text-gray-900">Order {order.order_number}</h1>
        <p className="mt-1 text-gray-800">
          <span data-testid="desk-order-status">{orderStatusLabels[order.status]}</span> · {paymentStatusLabels[order.payment_status]} · {formatRupees(order.amount_paise)} · placed {dateTime(order.created_at)}
        </p>
        {message && (
          <p role={message.kind === 'error' ? 'alert' : 'status'} className={`mt-3 rounded-md p-3 text-sm ${message.kind === 'error' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-900'}`}>
            {message.text}
          </p>
        )}
      </div>

      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading" className="text-lg font-semibold text-gray-900">Items</h2>
        <ul className="mt-2 divide-y divide-gray-100">
          {order.lines.map((line, index) => {
            const isRx = rxProductIds.includes(line.product_id);
            const isH1 = facts.h1ProductIds.includes(line.product_id);
            const h1 = h1Details.find((details) => details.line_index === index);
            const decision = decisionOf(index);
            return (
              <li key={`${line.product_id}-${index}`} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={`desk-line-${index}`}>
                <span className="text-gray-900">
                  {line.name} × {line.quantity} · {formatRupees(linePaise(line))}
                  {isRx && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Rx</span>}
                </span>
                {decision ? (
                  <span className={`text-sm ${decision.decision === 'accepted' ? 'text-brand-800' : 'text-red-800'}`}>
                    {decision.decision === 'accepted' ? 'Accepted' : `Rejected: ${rejectionReasonLabels[decision.reason ?? 'other']}${decision.note ? ` (${decision.note})` : ''}`} by {decision.pharmacist_name},
                    reg. {decision.registration_number}
                  </span>
                ) : (
                  isRx && canReview && (
                    <LineReview
                      acceptBlocked={isH1 && !h1}
                      onDecide={(choice, reason, note) =>
                        act('/api/desk/review', { lineIndex: index, decision: choice, ...(reason ? { reason } : {}), ...(note ? { note } : {}) }, choice === 'accepted' ? `${line.name} accepted.` : `${line.name} rejected.`)
                      }
                    />
                  )
                )}
                {isH1 && <H1Prescription staff={staff} orderId={order.id} lineIndex={index} recorded={h1} canRecord={canReview && !decision} onRecorded={load} />}
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="prescriptions-heading">
        <h2 id="prescriptions-heading" className="text-lg font-semibold text-gray-900">Prescriptions</h2>
        {order.prescription_paths.length === 0 ? (
          <p className="mt-2 text-gray-700">No prescription files on this order.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {order.prescription_paths.map((path, index) => (
              <PrescriptionFile key={path} staff={staff} orderId={order.id} path={path} index={index} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="delivery-heading">
        <h2 id="delivery-heading" className="text-lg font-semibold text-gray-900">Delivery</h2>
        {order.delivery_name ? (
          <address className="mt-2 not-italic text-gray-800">
            {order.delivery_name}, {order.delivery_mobile}
            {order.delivery_email && `, ${order.delivery_email}`}
            <br />
            {[order.delivery_line1, order.delivery_line2, order.delivery_city, order.delivery_state, order.delivery_pin_code].filter(Boolean).join(', ')}
          </address>
        ) : (
          <p className="mt-2 text-gray-700">No delivery details on this order.</p>
        )}
        {order.tracking_number && (
          <p className="mt-2 text-gray-800">
            Shipped with {order.courier_name}, tracking number {order.tracking_number}
          </p>
        )}
      </section>

      {(['confirmed', 'packed'].includes(order.status) || picked.length > 0) && (
        <DispatchBatches staff={staff} orderId={order.id} lines={order.lines} picked={picked} minimumShelfLifeDays={facts.minimumShelfLifeDays} onRecorded={load} />
      )}
      {invoices.map((invoice) => (
        <p key={invoice.number} className="text-gray-800">
          {invoice.kind === 'invoice' ? 'Tax invoice' : 'Credit note'} {invoice.number}
        </p>
      ))}

      {order.delivery_zone_id === COURIER_ROUTE && ['packed', 'shipped', 'delivered', 'returned'].includes(order.status) && <CourierDispatch staff={staff} order={order} onChanged={load} />}

      <Fulfilment order={order} onAct={act} credited={invoices.some((document) => document.kind === 'credit_note')} />

      <DeskOrderMessages staff={staff} orderId={order.id} refreshKey={history.length} />

      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="text-lg font-semibold text-gray-900">History</h2>
        <ol className="mt-2 space-y-1 text-sm text-gray-800">
          {history.map((event) => (
            <li key={event.id}>
              {dateTime(event.at)} · {event.kind === 'note' ? 'Note' : `${event.kind === 'payment' ? 'Payment' : 'Status'}: ${event.from_status ?? 'new'} → ${event.to_status}`} · by {event.actor_role}
              {event.actor_id ? ` (${event.actor_id.slice(0, 8)})` : ''}
              {event.note ? ` · ${event.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function Fulfilment({ order, onAct, credited }: { order: DeskOrderRow; onAct: (path: string, body: Record<string, unknown>, done: string) => Promise<void>; credited: boolean }) {
  const [cancelReason, setCancelReason] = useState('');
  const [returnReason, setReturnReason] = useState('');
  const path = '/api/desk/fulfilment';
  return (
    <section aria-labelledby="fulfilment-heading">
      <h2 id="fulfilment-heading" className="text-lg font-semibold text-gray-900">Fulfilment</h2>
      <div className="mt-2 space-y-4">
        {order.status === 'confirmed' && (
          <button type="button" className={buttonClass} onClick={() => onAct(path, { step: 'packed' }, 'Marked packed.')}>
            Mark packed
          </button>
        )}
        {order.status === 'packed' && order.delivery_zone_id !== COURIER_ROUTE && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              void onAct(path, { step: 'shipped', courierName: String(form.get('courier')), trackingNumber: String(form.get('tracking')) }, 'Marked shipped.');
            }}
          >
            <label className="text-sm text-gray-700">
              Courier name
              <input name="courier" required className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
            </label>
            <label className="text-sm text-gray-700">
              Tracking number
              <input name="tracking" required className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
            </label>
            <button type="submit" className={buttonClass}>
              Mark shipped
            </button>
          </form>
        )}
        {order.status === 'shipped' && (
          <button type="button" className={buttonClass} onClick={() => onAct(path, { step: 'delivered' }, 'Marked delivered.')}>
            Mark delivered
          </button>
        )}
        {cancellableByStaff.includes(order.status) && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void onAct(path, { step: 'cancelled', reason: cancelReason }, 'Order cancelled; any payment is refunded.');
            }}
          >
            <label className="text-sm text-gray-700">
              Reason for cancelling
              <input value={cancelReason} onChange={(event) => setCancelReason(event.target.value)} required className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
            </label>
            <button type="submit" className="rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
              Cancel order
            </button>
          </form>
        )}
        {returnableByStaff.includes(order.status) && !credited && (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              void onAct(path, { step: 'returned', reason: returnReason }, 'Return accepted: the credit note is issued and any payment is refunded.');
            }}
          >
            <label className="text-sm text-gray-700">
              Reason for the return
              <input value={returnReason} onChange={(event) => setReturnReason(event.target.value)} required className="ml-2 rounded-md border border-gray-300 px-2 py-1" />
            </label>
            <button type="submit" className="rounded-md border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50">
              Accept return and refund
            </button>
          </form>
        )}
        {(order.status === 'cancelled' || order.status === 'returned' || (order.status === 'delivered' && credited)) && <p className="text-gray-700">Nothing left to do on this order.</p>}
      </div>
    </section>
  );
}

/** /desk/order?id=…: one order, its prescriptions, the review and fulfilment buttons, and its history. */
export default function DeskOrder(facts: PharmacyFacts) {
  const [orderId, setOrderId] = useState<string | null>(null);
  useEffect(() => setOrderId(new URLSearchParams(window.location.search).get('id')), []);
  return <StaffGate>{(staff) => (orderId ? <OrderView staff={staff} orderId={orderId} facts={facts} /> : <p className="text-gray-700">No order chosen.</p>)}</StaffGate>;
}
