import { formatRupees } from '../../domain/money';
import { linePaise, unitPricePaise } from '../../domain/order-line';
import { customerMayCancel, isOrderStatus, isPaymentStatus, orderStatusLabels, paymentStatusLabels } from '../../domain/order-status';
import { el } from '../../lib/browser/dom';
import { orderStrings } from '../../domain/order-strings';
import { collectedOnDelivery, paymentMethodLabel } from '../../domain/payment-methods';
import { cancelReasons, lineDecisionText, type CancelReason, type OrderRecord } from '../../domain/order-view';
import { reorderPagePath } from '../../domain/reorder-link';
import { reorderStrings } from '../../domain/reorder-strings';

/*
 * The order page's screens in plain DOM: the page script draws them the moment the order arrives
 * (order-page.ts), so the order number, status and lines need no framework to show.
 */

const REFUND_STATES = { requested: 'Requested', pending: 'In progress', processed: 'Refunded', failed: 'Not completed: our support team will contact you' } as const;
const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const day = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const rupees = (paise: number) => formatRupees(paise);
const LINK = 'text-teal-700 underline';
const SECTION_HEADING = 'mb-2 text-lg font-semibold text-gray-900';

function eventLabel(event: OrderRecord['events'][number]): string {
  const to = event.to_status ?? '';
  if (event.kind === 'status' && isOrderStatus(to)) return orderStatusLabels[to];
  if (event.kind === 'payment' && isPaymentStatus(to)) return paymentStatusLabels[to];
  return 'Note';
}

export function loadingScreen(): HTMLElement {
  return el('p', { class: 'text-sm text-gray-600', role: 'status' }, 'Loading your order…');
}

function message(title: string, ...children: Node[]): HTMLElement {
  return el('div', { class: 'rounded-lg border border-gray-200 bg-white p-6 text-center' }, el('h1', { class: 'text-2xl font-bold text-gray-900' }, title), ...children);
}

export function loadFailedScreen(): HTMLElement {
  return message(orderStrings.loadFailed);
}

export function notFoundScreen(): HTMLElement {
  return message(
    orderStrings.notFound,
    el('p', { class: 'mt-2 text-sm text-gray-700' }, 'Check the order number in your mail. ', el('a', { class: LINK, href: '/products' }, 'Continue shopping')),
  );
}

export function cannotShowScreen(orderNumber: string): HTMLElement {
  return message(
    orderStrings.cannotShow,
    el('p', { class: 'mt-2 text-sm text-gray-700' }, orderStrings.signInToSee),
    el('a', { class: 'mt-4 inline-block rounded bg-teal-700 px-4 py-2 text-sm font-semibold text-white', href: `/login?next=${encodeURIComponent(`/orders/${orderNumber}`)}` }, 'Sign in'),
  );
}

/** The cart's news of the order it has just placed, above the order. */
export function placedBanner(text: string, orderNumber: string): HTMLElement {
  return el(
    'p',
    { role: 'status', class: 'mb-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-semibold text-green-800' },
    el('span', {}, text),
    ' ',
    el('span', {}, `Order ${orderNumber}`),
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
            el('span', { class: 'text-gray-600' }, `(${rupees(unitPricePaise(line))} each${line.discount_paise ? `, ${rupees(line.discount_paise)} off with your coupon` : ''})`),
          ),
          el('span', { class: `font-medium ${rejected ? 'text-gray-500 line-through' : ''}` }, rupees(linePaise(line))),
        ),
        decision && el('p', { class: `mt-1 ${rejected ? 'text-red-700' : 'text-teal-800'}` }, lineDecisionText(decision)),
      );
    }),
    el('li', { class: 'flex justify-between p-3 text-sm font-semibold' }, el('span', {}, 'Total'), el('span', { 'data-testid': 'order-total' }, rupees(order.amount_paise))),
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
        'Delivery address',
        el(
          'address',
          { class: 'text-sm not-italic text-gray-800' },
          ...addressLines.flatMap((line) => [line, el('br')]),
          `${order.delivery_city ?? ''}, ${order.delivery_state ?? ''} ${order.delivery_pin_code}`,
        ),
      ),
    section(
      'payment-heading',
      'Payment',
      el('p', { class: 'text-sm text-gray-800' }, paymentMethodLabel(order.provider)),
      !collectedOnDelivery(order.provider) ? el('p', { class: 'text-sm text-gray-600' }, `Reference: ${order.provider_payment_id ?? order.provider_order_id}`) : document.createTextNode(''),
    ),
  );
}

function history(record: OrderRecord): HTMLElement {
  return section(
    'timeline-heading',
    'Order history',
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
          event.note && el('span', { class: 'block text-gray-700' }, event.note),
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
  const otherLabel = el('label', { class: 'mb-3 block text-sm text-gray-700' }, 'Your reason', otherBox);
  const error = el('p', { role: 'alert', class: 'mb-3 text-sm text-red-700' });
  const submit = el('button', { type: 'submit', class: 'rounded bg-red-700 px-4 py-2 text-sm font-semibold text-white disabled:opacity-60' }, 'Cancel order');
  const keep = el('button', { type: 'button', class: 'rounded border border-gray-300 px-4 py-2 text-sm' }, 'Keep order');
  const radios = cancelReasons.map((choice, index) => {
    const radio = el('input', { type: 'radio', name: 'reason', value: choice, checked: index === 0 });
    return { choice, radio, label: el('label', { class: 'flex items-center gap-2 text-sm text-gray-900' }, radio, choice === 'other' ? 'Other' : choice) };
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
    el('h2', { id: 'cancel-title', class: 'mb-3 text-lg font-semibold text-gray-900' }, 'Cancel this order?'),
    el('fieldset', { class: 'mb-3 space-y-2' }, el('legend', { class: 'mb-1 text-sm text-gray-700' }, 'Why are you cancelling?'), ...radios.map((entry) => entry.label)),
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
    submit.textContent = 'Cancelling…';
    showError(null);
    void confirm({ reason: chosen(), otherReason: otherBox.value }).then((refusal) => {
      submit.disabled = false;
      submit.textContent = 'Cancel order';
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
    { class: 'inline-block rounded bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800', href: reorderPagePath({ order: orderNumber, ...(orderKey ? { key: orderKey } : {}) }) },
    reorderStrings.button,
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
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  let cancelling: HTMLElement | null = null;
  if (customerMayCancel(order.status)) {
    const { dialog, open } = cancelDialog(options.cancel);
    const button = el('button', { type: 'button', class: 'rounded border border-red-700 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50' }, 'Cancel order');
    button.addEventListener('click', open);
    cancelling = el('div', {}, button, dialog);
  }
  return el(
    'article',
    { class: 'space-y-6' },
    el(
      'header',
      {},
      el('h1', { class: 'text-2xl font-bold text-gray-900' }, `Order ${order.order_number}`),
      el('p', { class: 'text-sm text-gray-600' }, `Placed on ${dateTime.format(new Date(order.created_at))}`),
      el(
        'p',
        { class: 'mt-2 flex flex-wrap gap-2 text-sm' },
        el('span', { 'data-testid': 'order-status', class: 'rounded bg-teal-50 px-2 py-1 font-semibold text-teal-800' }, orderStatusLabels[order.status]),
        el('span', { 'data-testid': 'payment-status', class: 'rounded bg-gray-100 px-2 py-1 font-semibold text-gray-800' }, paymentStatusLabels[order.payment_status]),
      ),
      shipped &&
        el(
          'p',
          { class: 'mt-2 text-sm' },
          el('a', { class: 'text-teal-700 underline', href: `/orders/invoice?${new URLSearchParams({ number: order.order_number, ...(options.orderKey ? { key: options.orderKey } : {}) })}` }, 'View your tax invoice'),
        ),
      order.promised_delivery_date &&
        order.status !== 'cancelled' &&
        el('p', { class: 'mt-2 text-sm text-gray-800' }, `Delivery by ${day.format(new Date(`${order.promised_delivery_date}T00:00:00Z`))}`),
      el('p', { class: 'mt-3' }, reorderLink(order.order_number, options.orderKey)),
    ),
    section('items-heading', 'Items', lineItems(record)),
    options.refills,
    deliveryAndPayment(record),
    refunds.length > 0 &&
      section(
        'refunds-heading',
        'Refunds',
        el('ul', { class: 'space-y-1 text-sm text-gray-800' }, ...refunds.map((refund) => el('li', {}, `${rupees(refund.amount_paise)}: ${REFUND_STATES[refund.state]} (${refund.reason})`))),
      ),
    history(record),
    cancelling,
    shipped && el('p', { class: 'text-sm text-gray-800' }, `${orderStrings.shippedCannotCancel} `, el('a', { class: LINK, href: orderStrings.returnsPolicyPath }, 'Returns policy')),
    options.signedIn && el('p', {}, el('a', { class: `text-sm ${LINK}`, href: '/account/orders' }, 'All my orders')),
  );
}
