import { useEffect, useRef, useState } from 'react';
import { formatRupees, paiseToRupees } from '@/domain/money';
import { customerMayCancel, isOrderNumber, isOrderStatus, isPaymentStatus, orderStatusLabels, paymentStatusLabels } from '@/domain/order-status';
import { loadOrder, requestCancel, type OrderLoad } from './order-client';
import { orderStrings } from './order-strings';
import { linePaise, unitPricePaise } from '@/domain/order-line';
import { takePlacedOrderNote, type PlacedOrderNote } from '@/lib/placed-order-note';
import { showToast } from '@/lib/toast';
import { Toaster } from '@/lib/Toaster';
import { cancelReasons, lineDecisionText, type CancelReason, type OrderRecord } from './order-view';

const PAYMENT_METHODS: Record<string, string> = { razorpay: 'Razorpay', phonepe: 'PhonePe', cod: 'Cash on delivery' };
const REFUND_STATES = { requested: 'Requested', pending: 'In progress', processed: 'Refunded', failed: 'Not completed: our support team will contact you' } as const;
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const day = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const rupees = (paise: number) => formatRupees(paiseToRupees(paise));

function eventLabel(event: OrderRecord['events'][number]): string {
  const to = event.to_status ?? '';
  if (event.kind === 'status' && isOrderStatus(to)) return orderStatusLabels[to];
  if (event.kind === 'payment' && isPaymentStatus(to)) return paymentStatusLabels[to];
  return 'Note';
}

function Message({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-6 text-center">
      <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
      {children}
    </div>
  );
}

function CancelDialog({ open, onClose, onConfirm, busy, error }: { open: boolean; onClose(): void; onConfirm(reason: CancelReason, other: string): void; busy: boolean; error: string | null }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<CancelReason>(cancelReasons[0]);
  const [other, setOther] = useState('');
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} onClose={onClose} aria-labelledby="cancel-title" className="m-auto w-full max-w-md rounded-lg p-6 backdrop:bg-black/40">
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(reason, other);
        }}
      >
        <h2 id="cancel-title" className="mb-3 text-lg font-semibold text-gray-900">Cancel this order?</h2>
        <fieldset className="mb-3 space-y-2">
          <legend className="mb-1 text-sm text-gray-700">Why are you cancelling?</legend>
          {cancelReasons.map((choice) => (
            <label key={choice} className="flex items-center gap-2 text-sm text-gray-900">
              <input type="radio" name="reason" value={choice} checked={reason === choice} onChange={() => setReason(choice)} />
              {choice === 'other' ? 'Other' : choice}
            </label>
          ))}
        </fieldset>
        {reason === 'other' && (
          <label className="mb-3 block text-sm text-gray-700">
            Your reason
            <textarea required maxLength={500} value={other} onChange={(event) => setOther(event.target.value)} className="mt-1 block w-full rounded border border-gray-300 p-2" />
          </label>
        )}
        {error && <p role="alert" className="mb-3 text-sm text-red-700">{error}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className="rounded border border-gray-300 px-4 py-2 text-sm">Keep order</button>
          <button type="submit" disabled={busy} className="rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60">
            {busy ? 'Cancelling…' : 'Cancel order'}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function OrderDetails({ record, signedIn, orderKey, onChange }: { record: OrderRecord; signedIn: boolean; orderKey: string | null; onChange(record: OrderRecord): void }) {
  const { order, events, refunds } = record;
  const [dialogOpen, setDialogOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shipped = order.status === 'shipped' || order.status === 'delivered';

  async function cancel(reason: CancelReason, other: string) {
    setBusy(true);
    setError(null);
    const answer = await requestCancel({ orderNumber: order.order_number, ...(orderKey ? { key: orderKey } : {}), reason, ...(reason === 'other' ? { otherReason: other } : {}) }).catch(() => ({ error: orderStrings.cancelFailed }));
    setBusy(false);
    if ('error' in answer) return setError(answer.error);
    setDialogOpen(false);
    onChange(answer.record);
  }

  return (
    <article className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold text-gray-900">Order {order.order_number}</h1>
        <p className="text-sm text-gray-600">Placed on {dateTime.format(new Date(order.created_at))}</p>
        <p className="mt-2 flex flex-wrap gap-2 text-sm">
          <span data-testid="order-status" className="rounded bg-teal-50 px-2 py-1 font-semibold text-teal-800">{orderStatusLabels[order.status]}</span>
          <span data-testid="payment-status" className="rounded bg-gray-100 px-2 py-1 font-semibold text-gray-800">{paymentStatusLabels[order.payment_status]}</span>
        </p>
        {(order.status === 'shipped' || order.status === 'delivered') && (
          <p className="mt-2 text-sm">
            <a className="text-teal-700 underline" href={`/orders/invoice?${new URLSearchParams({ number: order.order_number, ...(orderKey ? { key: orderKey } : {}) })}`}>
              View your tax invoice
            </a>
          </p>
        )}
        {order.promised_delivery_date && order.status !== 'cancelled' && (
          <p className="mt-2 text-sm text-gray-800">Delivery by {day.format(new Date(`${order.promised_delivery_date}T00:00:00Z`))}</p>
        )}
      </header>

      <section aria-labelledby="items-heading">
        <h2 id="items-heading" className="mb-2 text-lg font-semibold text-gray-900">Items</h2>
        <ul className="divide-y divide-gray-200 rounded border border-gray-200 bg-white">
          {order.lines.map((line, index) => {
            const decision = record.decisions.find((candidate) => candidate.line_index === index);
            return (
              <li key={line.product_id} className="p-3 text-sm">
                <div className="flex justify-between gap-4">
                  <span>{line.quantity} × {line.name} <span className="text-gray-600">({rupees(unitPricePaise(line))} each)</span></span>
                  <span className={`font-medium ${decision?.decision === 'rejected' ? 'text-gray-500 line-through' : ''}`}>{rupees(linePaise(line))}</span>
                </div>
                {decision && <p className={`mt-1 ${decision.decision === 'rejected' ? 'text-red-700' : 'text-teal-800'}`}>{lineDecisionText(decision)}</p>}
              </li>
            );
          })}
          <li className="flex justify-between p-3 text-sm font-semibold"><span>Total</span><span data-testid="order-total">{rupees(order.amount_paise)}</span></li>
        </ul>
      </section>

      <div className="grid gap-6 sm:grid-cols-2">
        {order.delivery_pin_code && (
          <section aria-labelledby="delivery-heading">
            <h2 id="delivery-heading" className="mb-2 text-lg font-semibold text-gray-900">Delivery address</h2>
            <address className="text-sm not-italic text-gray-800">
              {order.delivery_name && <>{order.delivery_name}<br /></>}
              {order.delivery_line1 && <>{order.delivery_line1}<br /></>}
              {order.delivery_line2 && <>{order.delivery_line2}<br /></>}
              {order.delivery_city}, {order.delivery_state} {order.delivery_pin_code}
            </address>
          </section>
        )}
        <section aria-labelledby="payment-heading">
          <h2 id="payment-heading" className="mb-2 text-lg font-semibold text-gray-900">Payment</h2>
          <p className="text-sm text-gray-800">{PAYMENT_METHODS[order.provider] ?? order.provider}</p>
          {order.provider !== 'cod' && <p className="text-sm text-gray-600">Reference: {order.provider_payment_id ?? order.provider_order_id}</p>}
        </section>
      </div>

      {refunds.length > 0 && (
        <section aria-labelledby="refunds-heading">
          <h2 id="refunds-heading" className="mb-2 text-lg font-semibold text-gray-900">Refunds</h2>
          <ul className="space-y-1 text-sm text-gray-800">
            {refunds.map((refund) => (
              <li key={refund.created_at + refund.amount_paise}>
                {rupees(refund.amount_paise)}: {REFUND_STATES[refund.state]} ({refund.reason})
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="mb-2 text-lg font-semibold text-gray-900">Order history</h2>
        <ol className="space-y-2 border-l-2 border-teal-600 pl-4 text-sm">
          {events.map((event, index) => (
            <li key={index}>
              <span className="font-medium text-gray-900">{eventLabel(event)}</span>{' '}
              <time className="text-gray-600" dateTime={event.at}>{dateTime.format(new Date(event.at))}</time>
              {event.note && <span className="block text-gray-700">{event.note}</span>}
            </li>
          ))}
        </ol>
      </section>

      {customerMayCancel(order.status) && (
        <div>
          <button type="button" onClick={() => setDialogOpen(true)} className="rounded border border-red-700 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
            Cancel order
          </button>
          <CancelDialog open={dialogOpen} onClose={() => setDialogOpen(false)} onConfirm={cancel} busy={busy} error={error} />
        </div>
      )}
      {shipped && (
        <p className="text-sm text-gray-800">
          {orderStrings.shippedCannotCancel} <a className="text-teal-700 underline" href={orderStrings.returnsPolicyPath}>Returns policy</a>
        </p>
      )}
      {signedIn && <p><a className="text-sm text-teal-700 underline" href="/account/orders">All my orders</a></p>}
    </article>
  );
}

/** /orders/<order number>: one prebuilt shell; the number and the guest key come from the address. */
export default function OrderPage() {
  const [state, setState] = useState<OrderLoad | { kind: 'loading' } | { kind: 'failed' }>({ kind: 'loading' });
  const [location] = useState(() => {
    const url = new URL(window.location.href);
    return { number: decodeURIComponent(url.pathname.replace(/^\/orders\/?/, '').replace(/\/$/, '')), key: url.searchParams.get('key') };
  });

  // Opened by the cart the moment the order was paid or placed: its news shows here, once.
  const [placed] = useState<PlacedOrderNote | null>(() => takePlacedOrderNote(window.sessionStorage, location.number));

  useEffect(() => {
    if (placed) showToast('success', placed.toast);
  }, [placed]);

  useEffect(() => {
    if (!isOrderNumber(location.number)) return setState({ kind: 'not-found' });
    loadOrder(location.number, location.key).then(setState, () => setState({ kind: 'failed' }));
  }, [location]);

  return (
    <>
      {placed && (
        <p role="status" className="mb-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-semibold text-green-800">
          <span>{placed.message}</span> <span>Order {placed.orderNumber}</span>
        </p>
      )}
      <OrderState state={state} location={location} onChange={(record) => setState((current) => (current.kind === 'shown' ? { ...current, record } : current))} />
      {placed && <Toaster />}
    </>
  );
}

function OrderState({
  state,
  location,
  onChange,
}: {
  state: OrderLoad | { kind: 'loading' } | { kind: 'failed' };
  location: { number: string; key: string | null };
  onChange(record: OrderRecord): void;
}) {
  if (state.kind === 'loading') return <p className="text-sm text-gray-600" role="status">Loading your order…</p>;
  if (state.kind === 'failed') return <Message title={orderStrings.loadFailed} />;
  if (state.kind === 'not-found') {
    return (
      <Message title={orderStrings.notFound}>
        <p className="mt-2 text-sm text-gray-700">Check the order number in your mail. <a className="text-teal-700 underline" href="/products">Continue shopping</a></p>
      </Message>
    );
  }
  if (state.kind === 'cannot-show') {
    const back = encodeURIComponent(`/orders/${location.number}`);
    return (
      <Message title={orderStrings.cannotShow}>
        <p className="mt-2 text-sm text-gray-700">{orderStrings.signInToSee}</p>
        <a className="mt-4 inline-block rounded bg-teal-700 px-4 py-2 text-sm font-semibold text-white" href={`/login?next=${back}`}>Sign in</a>
      </Message>
    );
  }
  return <OrderDetails record={state.record} signedIn={state.signedIn} orderKey={location.key} onChange={onChange} />;
}
