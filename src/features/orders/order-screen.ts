import { formatRupees } from '../../domain/money';
import { linePaise, unitPricePaise } from '../../domain/order-line';
import { customerMayCancel, isOrderStatus, isPaymentStatus, type OrderStatus, type PaymentStatus } from '../../domain/order-status';
import { el } from '../../lib/browser/dom';
import { orderStrings } from '../../domain/order-strings';
import { collectedOnDelivery } from '../../domain/payment-methods';
import { cancelReasons, lineDecisionText, type CancelReason, type OrderRecord } from '../../domain/order-view';
import { reorderPagePath } from '../../domain/reorder-link';
import { order as englishOrder } from '../../domain/strings/english/order';
import { paymentMethods } from '../../domain/strings/english/paymentMethods';
import { reorder } from '../../domain/strings/english/reorder';
import { fill } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
import { pageLocale, pagePathPrefix, pageText } from '../../lib/browser/page-text';

/*
 * The order page's screens in plain DOM: the page script draws them the moment the order arrives
 * (order-page.ts), so the order number, status and lines need no framework to show.
 */

// The page's words and dates: English's, or the page's own language's on a page in another.
const words = () => pageText('order', englishOrder);
const local = (path: string) => pathUnder(pagePathPrefix(), path);
// English's 12-hour clock ('1:18 pm') is the spec's; another language's page reads the 24-hour clock, with no English 'am'/'pm'.
const dateTime = {
  format: (date: Date) =>
    new Intl.DateTimeFormat(pageLocale(), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata', ...(words() === englishOrder ? {} : { hourCycle: 'h23' }) }).format(date),
};
const day = { format: (date: Date) => new Intl.DateTimeFormat(pageLocale(), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(date) };
const refundStates = () => {
  const text = words();
  return { requested: text.refundRequested, pending: text.refundPending, processed: text.refundProcessed, failed: text.refundFailed } as const;
};
export const statusLabel = (status: OrderStatus): string => {
  const text = words();
  return {
    placed: text.statusPlaced,
    prescription_review: text.statusPrescriptionReview,
    confirmed: text.statusConfirmed,
    packed: text.statusPacked,
    shipped: text.statusShipped,
    delivered: text.statusDelivered,
    returned: text.statusReturned,
    cancelled: text.statusCancelled,
  }[status];
};
export const paymentLabel = (status: PaymentStatus): string => {
  const text = words();
  return {
    pending: text.paymentPending,
    paid: text.paymentPaid,
    failed: text.paymentFailed,
    refund_pending: text.paymentRefundPending,
    refunded: text.paymentRefunded,
    partially_refunded: text.paymentPartlyRefunded,
  }[status];
};
const cancelReasonLabel = (reason: CancelReason): string => {
  const text = words();
  return { 'Ordered by mistake': text.reasonMistake, 'Found a better price': text.reasonPrice, 'Delivery is too late': text.reasonLate, 'Doctor changed the prescription': text.reasonDoctor, other: text.otherReason }[reason];
};
/** An event's note: the payment's own ('paid with razorpay', written by the database) in the page's language; a person's note as they wrote it. */
const noteText = (note: string): string => {
  const paid = /^paid with (\w+)$/.exec(note);
  const methods = pageText('paymentMethods', paymentMethods);
  return paid && words() !== englishOrder ? fill(words().paidWith, { method: methods[paid[1] as keyof typeof methods] ?? paid[1]! }) : note;
};

/** A pharmacist's decision on a line in the page's language; English's own sentence (order-view.ts) on the default language's pages. */
const decisionText = (decision: OrderRecord['decisions'][number]): string => {
  const text = words();
  if (text === englishOrder) return lineDecisionText(decision);
  if (decision.decision === 'accepted') return fill(text.acceptedBy, { name: decision.pharmacist_name });
  return fill(text.removedLine, { reason: decision.note ? `${text.notAcceptedByPharmacist} (${decision.note})` : text.notAcceptedByPharmacist });
};
const rupees = (paise: number) => formatRupees(paise);
const LINK = 'text-teal-700 underline';
const SECTION_HEADING = 'mb-2 text-lg font-semibold text-gray-900';

function eventLabel(event: OrderRecord['events'][number]): string {
  const to = event.to_status ?? '';
  if (event.kind === 'status' && isOrderStatus(to)) return statusLabel(to);
  if (event.kind === 'payment' && isPaymentStatus(to)) return paymentLabel(to);
  return words().note;
}

export function loadingScreen(): HTMLElement {
  return el('p', { class: 'text-sm text-gray-600', role: 'status' }, words().loading);
}

function message(title: string, ...children: Node[]): HTMLElement {
  return el('div', { class: 'rounded-lg border border-gray-200 bg-white p-6 text-center' }, el('h1', { class: 'text-2xl font-bold text-gray-900' }, title), ...children);
}

export function loadFailedScreen(): HTMLElement {
  return message(words().loadFailed);
}

export function notFoundScreen(): HTMLElement {
  return message(
    words().notFound,
    el('p', { class: 'mt-2 text-sm text-gray-700' }, words().checkOrderNumber, el('a', { class: LINK, href: local('/products') }, words().continueShopping)),
  );
}

export function cannotShowScreen(orderNumber: string): HTMLElement {
  return message(
    words().cannotShow,
    el('p', { class: 'mt-2 text-sm text-gray-700' }, words().signInToSee),
    el('a', { class: 'mt-4 inline-block rounded bg-teal-700 px-4 py-2 text-sm font-semibold text-white', href: `${local('/login')}?next=${encodeURIComponent(local(`/orders/${orderNumber}`))}` }, words().signIn),
  );
}

/** The cart's news of the order it has just placed, above the order. */
export function placedBanner(text: string, orderNumber: string): HTMLElement {
  return el(
    'p',
    { role: 'status', class: 'mb-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-semibold text-green-800' },
    el('span', {}, text),
    ' ',
    el('span', {}, fill(words().orderNumber, { number: orderNumber })),
  );
}

function section(id: string, title: string, ...children: Node[]): HTMLElement {
  return el('section', { 'aria-labelledby': id }, el('h2', { id, class: SECTION_HEADING }, title), ...children);
}

function lineItems(record: OrderRecord): HTMLElement {
  const { order } = record;
  return el(
    'ul',
    { class: 'divide-y divide-gray-200 rounded border border-gray-200 bg-white' },
    ...order.lines.map((line, index) => {
      const decision = record.decisions.find((candidate) => candidate.line_index === index);
      const rejected = decision?.decision === 'rejected';
      return el(
        'li',
        { class: 'p-3 text-sm' },
        el(
          'div',
          { class: 'flex justify-between gap-4' },
          el(
            'span',
            {},
            `${line.quantity} × ${line.name} `,
            el(
              'span',
              { class: 'text-gray-600' },
              line.discount_paise
                ? fill(words().eachWithCoupon, { price: rupees(unitPricePaise(line)), discount: rupees(line.discount_paise) })
                : fill(words().each, { price: rupees(unitPricePaise(line)) }),
            ),
          ),
          el('span', { class: `font-medium ${rejected ? 'text-gray-500 line-through' : ''}` }, rupees(linePaise(line))),
        ),
        decision && el('p', { class: `mt-1 ${rejected ? 'text-red-700' : 'text-teal-800'}` }, decisionText(decision)),
      );
    }),
    el('li', { class: 'flex justify-between p-3 text-sm font-semibold' }, el('span', {}, words().total), el('span', { 'data-testid': 'order-total' }, rupees(order.amount_paise))),
  );
}

function deliveryAndPayment(record: OrderRecord): HTMLElement {
  const { order } = record;
  const addressLines = [order.delivery_name, order.delivery_line1, order.delivery_line2].filter((line): line is string => Boolean(line));
  return el(
    'div',
    { class: 'grid gap-6 sm:grid-cols-2' },
    order.delivery_pin_code &&
      section(
        'delivery-heading',
        words().deliveryAddress,
        el(
          'address',
          { class: 'text-sm not-italic text-gray-800' },
          ...addressLines.flatMap((line) => [line, el('br')]),
          `${order.delivery_city ?? ''}, ${order.delivery_state ?? ''} ${order.delivery_pin_code}`,
        ),
      ),
    section(
      'payment-heading',
      words().payment,
      el('p', { class: 'text-sm text-gray-800' }, pageText('paymentMethods', paymentMethods)[order.provider as keyof typeof paymentMethods] ?? order.provider),
      !collectedOnDelivery(order.provider)
        ? el('p', { class: 'text-sm text-gray-600' }, fill(words().reference, { reference: order.provider_payment_id ?? order.provider_order_id ?? '' }))
        : document.createTextNode(''),
    ),
  );
}

function history(record: OrderRecord): HTMLElement {
  return section(
    'timeline-heading',
    words().history,
    el(
      'ol',
      { class: 'space-y-2 border-l-2 border-teal-600 pl-4 text-sm' },
      ...record.events.map((event) =>
        el(
          'li',
          {},
          el('span', { class: 'font-medium text-gray-900' }, eventLabel(event)),
          ' ',
          el('time', { class: 'text-gray-600', datetime: event.at }, dateTime.format(new Date(event.at))),
          event.note && el('span', { class: 'block text-gray-700' }, noteText(event.note)),
        ),
      ),
    ),
  );
}

export interface CancelChoice {
  reason: CancelReason;
  otherReason: string;
}

/**
 * The cancel dialog: a reason, the customer's own words for 'other', and the function's refusal
 * shown in it. `confirm` answers the sentence to show, or null once the order is cancelled.
 */
function cancelDialog(confirm: (choice: CancelChoice) => Promise<string | null>): { dialog: HTMLDialogElement; open(): void } {
  const otherBox = el('textarea', { required: true, maxlength: '500', class: 'mt-1 block w-full rounded border border-gray-300 p-2' });
  const text = words();
  const otherLabel = el('label', { class: 'mb-3 block text-sm text-gray-700' }, text.yourReason, otherBox);
  const error = el('p', { role: 'alert', class: 'mb-3 text-sm text-red-700' });
  const submit = el('button', { type: 'submit', class: 'rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60' }, text.cancelOrder);
  const keep = el('button', { type: 'button', class: 'rounded border border-gray-300 px-4 py-2 text-sm' }, text.keepOrder);
  const radios = cancelReasons.map((choice, index) => {
    const radio = el('input', { type: 'radio', name: 'reason', value: choice, checked: index === 0 });
    return { choice, radio, label: el('label', { class: 'flex items-center gap-2 text-sm text-gray-900' }, radio, cancelReasonLabel(choice)) };
  });
  const chosen = () => radios.find((entry) => entry.radio.checked)?.choice ?? cancelReasons[0];
  const showOther = () => {
    otherLabel.hidden = chosen() !== 'other';
    otherBox.disabled = otherLabel.hidden;
  };
  const showError = (text: string | null) => {
    error.textContent = text ?? '';
    error.hidden = text === null;
  };
  const form = el(
    'form',
    { method: 'dialog' },
    el('h2', { id: 'cancel-title', class: 'mb-3 text-lg font-semibold text-gray-900' }, text.cancelTitle),
    el('fieldset', { class: 'mb-3 space-y-2' }, el('legend', { class: 'mb-1 text-sm text-gray-700' }, text.whyCancelling), ...radios.map((entry) => entry.label)),
    otherLabel,
    error,
    el('div', { class: 'flex justify-end gap-2' }, keep, submit),
  );
  const dialog = el('dialog', { 'aria-labelledby': 'cancel-title', class: 'm-auto w-full max-w-md rounded-lg p-6 backdrop:bg-black/40' }, form);
  form.addEventListener('change', showOther);
  keep.addEventListener('click', () => dialog.close());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.disabled = true;
    submit.textContent = text.cancelling;
    showError(null);
    void confirm({ reason: chosen(), otherReason: otherBox.value }).then((refusal) => {
      submit.disabled = false;
      submit.textContent = text.cancelOrder;
      if (refusal === null) dialog.close();
      else showError(refusal);
    });
  });
  showOther();
  showError(null);
  return {
    dialog,
    open: () => {
      if (!dialog.open) dialog.showModal();
    },
  };
}

/** Reorder in one tap: a link to /reorder, which puts the order's lines in the cart at today's price. */
export function reorderLink(orderNumber: string, orderKey: string | null): HTMLElement {
  return el(
    'a',
    { class: 'inline-block rounded bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800', href: local(reorderPagePath({ order: orderNumber, ...(orderKey ? { key: orderKey } : {}) })) },
    pageText('reorder', reorder).button,
  );
}

export interface OrderDetailsOptions {
  signedIn: boolean;
  /** A guest's key from the mail link, passed on to the invoice's address. */
  orderKey: string | null;
  /** Cancels the order; answers the refusal to show, or null once done (the page then redraws). */
  cancel(choice: CancelChoice): Promise<string | null>;
  /** The refill reminder section, for a signed-in customer's order. */
  refills?: HTMLElement | null;
}

/** The order: number, status, lines and total first, then delivery, payment, refunds and history. */
export function orderDetails(record: OrderRecord, options: OrderDetailsOptions): HTMLElement {
  const { order, refunds } = record;
  const text = words();
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  // Its invoice stays readable once credited: the customer's record of what came back.
  const invoiced = shipped || order.status === 'returned';
  let cancelling: HTMLElement | null = null;
  if (customerMayCancel(order.status)) {
    const { dialog, open } = cancelDialog(options.cancel);
    const button = el('button', { type: 'button', class: 'rounded border border-red-700 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50' }, words().cancelOrder);
    button.addEventListener('click', open);
    cancelling = el('div', {}, button, dialog);
  }
  return el(
    'article',
    { class: 'space-y-6' },
    el(
      'header',
      {},
      el('h1', { class: 'text-2xl font-bold text-gray-900' }, fill(text.orderNumber, { number: order.order_number })),
      el('p', { class: 'text-sm text-gray-600' }, fill(text.placedOn, { date: dateTime.format(new Date(order.created_at)) })),
      el(
        'p',
        { class: 'mt-2 flex flex-wrap gap-2 text-sm' },
        el('span', { 'data-testid': 'order-status', class: 'rounded bg-teal-50 px-2 py-1 font-semibold text-teal-800' }, statusLabel(order.status)),
        el('span', { 'data-testid': 'payment-status', class: 'rounded bg-gray-100 px-2 py-1 font-semibold text-gray-800' }, paymentLabel(order.payment_status)),
      ),
      invoiced &&
        el(
          'p',
          { class: 'mt-2 text-sm' },
          el('a', { class: 'text-teal-700 underline', href: local(`/orders/invoice?${new URLSearchParams({ number: order.order_number, ...(options.orderKey ? { key: options.orderKey } : {}) })}`) }, text.invoice),
        ),
      order.status === 'returned' &&
        el(
          'p',
          { 'data-testid': 'order-returned', class: 'mt-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900' },
          `${text.returnedExplained} ${collectedOnDelivery(order.provider) ? text.returnedNothingToPay : text.returnedRefunded}`,
        ),
      order.promised_delivery_date &&
        order.status !== 'cancelled' &&
        order.status !== 'returned' &&
        el('p', { class: 'mt-2 text-sm text-gray-800' }, fill(text.deliveryBy, { date: day.format(new Date(`${order.promised_delivery_date}T00:00:00Z`)) })),
      el('p', { class: 'mt-3' }, reorderLink(order.order_number, options.orderKey)),
    ),
    section('items-heading', text.items, lineItems(record)),
    options.refills,
    deliveryAndPayment(record),
    refunds.length > 0 &&
      section(
        'refunds-heading',
        text.refunds,
        el(
          'ul',
          { class: 'space-y-1 text-sm text-gray-800' },
          ...refunds.map((refund) => el('li', {}, fill(text.refundLine, { amount: rupees(refund.amount_paise), state: refundStates()[refund.state], reason: refund.reason }))),
        ),
      ),
    history(record),
    cancelling,
    shipped && el('p', { class: 'text-sm text-gray-800' }, `${text.shippedCannotCancel} `, el('a', { class: LINK, href: local(orderStrings.returnsPolicyPath) }, text.returnsPolicy)),
    options.signedIn && el('p', {}, el('a', { class: `text-sm ${LINK}`, href: local('/account/orders') }, text.allOrders)),
  );
}
