import { orderAge, REVIEW_TARGET_MS, type StaffRole } from '../../domain/desk';
import { orderStatusLabels, orderStatuses, type OrderStatus } from '../../domain/order-status';
import { prescriptionRequestStatusLabels, type PrescriptionRequestStatus } from '../../domain/prescription-request-status';
import { el } from '../../lib/browser/dom';
import { SUPABASE_REST } from '../../lib/browser/rest-read';
import { callRpc, fetchRows } from '../../lib/browser/rest-request';
import { FIRST_QUEUE_STATUS, queueRead, startQueueReads, takeEarlyQueueReads, type QueueReads } from './queue-reads';

/*
 * /desk's work lists in plain DOM: for a pharmacist the prescription requests nobody has answered,
 * then the orders of one status (or a search) with each status's count. Drawn without React, so a
 * pharmacist opening the desk on a phone sees the queue after the reads and one small script.
 */

interface QueueOrder {
  id: string;
  order_number: string;
  status: OrderStatus;
  created_at: string;
  delivery_name: string | null;
}

interface QueueRequest {
  id: string;
  request_number: string;
  status: PrescriptionRequestStatus;
  created_at: string;
  delivery_name: string;
  delivery_pin_code: string;
}

/** One row of a desk queue: what the pharmacist opens next and how long it has waited. */
interface QueueRow {
  href: string;
  number: string;
  customer: string;
  status: string;
  age: string;
  /** Said after the age when past the desk's target; the row and its age then stand out. */
  lateNote?: string;
}

/** Searching starts at this many characters (the database's rule too). */
const MIN_SEARCH = 3;
/** A search waits for a pause in typing, so each keystroke does not ask the database. */
const SEARCH_PAUSE_MS = 250;
const LOAD_FAILED = 'The orders could not be loaded. Reload the page to try again.';
const REQUESTS_FAILED = 'The prescription requests could not be loaded. Reload the page to try again.';
const FINISHED: readonly OrderStatus[] = ['delivered', 'returned', 'cancelled', 'shipped'];

/** The desk's queues (orders, prescription requests) as one table shape, oldest first. */
function queueTable(numberHeading: string, ageHeading: string, rows: QueueRow[]): HTMLElement {
  const heading = (text: string, last = false) => el('th', { scope: 'col', class: last ? 'py-2' : 'py-2 pr-4' }, text);
  return el(
    'table',
    { class: 'mt-2 w-full text-left text-sm' },
    el('thead', {}, el('tr', { class: 'border-b border-gray-200 text-gray-700' }, heading(numberHeading), heading('Customer'), heading('Status'), heading(ageHeading, true))),
    el(
      'tbody',
      {},
      ...rows.map((row) =>
        el(
          'tr',
          { class: `border-b border-gray-100 ${row.lateNote ? 'bg-amber-50' : ''}` },
          el('td', { class: 'py-2 pr-4' }, el('a', { href: row.href, class: 'font-medium text-brand-700 underline' }, row.number)),
          el('td', { class: 'py-2 pr-4 text-gray-800' }, row.customer),
          el('td', { class: 'py-2 pr-4 text-gray-800' }, row.status),
          el('td', { class: `py-2 ${row.lateNote ? 'font-semibold text-amber-900' : 'text-gray-800'}` }, row.age, row.lateNote),
        ),
      ),
    ),
  );
}

/** The waiting prescription requests' section, and when its rows (or its error) are drawn. */
function requestQueue(requests: Promise<unknown[]>): { section: HTMLElement; drawn: Promise<void> } {
  const body = el('p', { class: 'mt-2 text-gray-700' }, 'Loading requests…');
  const section = el('section', { 'aria-labelledby': 'request-queue-heading', class: 'mb-8' }, el('h2', { id: 'request-queue-heading', class: 'text-2xl font-bold text-gray-900' }, 'Prescription requests'), body);
  const drawn = requests.then(
    (rows) => {
      const now = Date.now();
      body.replaceWith(
        rows.length === 0
          ? el('p', { class: 'mt-2 text-gray-700' }, 'No prescription request is waiting.')
          : queueTable(
              'Request',
              'Waiting',
              (rows as QueueRequest[]).map((request) => ({
                href: `/desk/request?id=${request.id}`,
                number: request.request_number,
                customer: `${request.delivery_name} (${request.delivery_pin_code})`,
                status: prescriptionRequestStatusLabels[request.status],
                age: orderAge(now - new Date(request.created_at).getTime()),
              })),
            ),
      );
    },
    () => body.replaceWith(el('p', { role: 'alert', class: 'mt-2 text-red-700' }, REQUESTS_FAILED)),
  );
  return { section, drawn };
}

function orderRows(orders: QueueOrder[]): QueueRow[] {
  const now = Date.now();
  return orders.map((order) => {
    const waited = now - new Date(order.created_at).getTime();
    const late = waited > REVIEW_TARGET_MS && !FINISHED.includes(order.status);
    return {
      href: `/desk/order?id=${order.id}`,
      number: order.order_number,
      customer: order.delivery_name ?? 'Guest',
      status: orderStatusLabels[order.status],
      age: orderAge(waited),
      ...(late ? { lateNote: ' (past the 2-hour target)' } : {}),
    };
  });
}

/**
 * The order queue: the first status's orders and the counts from `first`; a status button or a
 * search asks again with `token()` (the stored token while fresh, else supabase-js's). Returns when
 * its first screen (or its error) is drawn, and what stops its pending search when it leaves the page.
 */
function orderQueue(holder: HTMLElement, first: QueueReads, token: () => Promise<string | null>): { drawn: Promise<void>; stop: () => void } {
  let status: OrderStatus = FIRST_QUEUE_STATUS;
  let query = '';
  let counts: Record<OrderStatus, number> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = 0;
  const searching = () => query.trim().length >= MIN_SEARCH;

  const fail = () => {
    clearTimeout(timer);
    holder.replaceChildren(el('p', { role: 'alert', class: 'text-red-700' }, LOAD_FAILED));
  };

  const search = el('input', { id: 'desk-search', type: 'search', class: 'block w-full max-w-md rounded-md border border-gray-300 px-3 py-2' });
  const nav = el('nav', { 'aria-label': 'Order statuses', class: 'mt-4 flex flex-wrap gap-2' });
  const listHeading = el('h2', { class: 'mt-6 text-lg font-semibold text-gray-900' });
  const list = el('div');

  const statusButtons = orderStatuses.map((name) => {
    const button = el('button', { type: 'button' });
    button.addEventListener('click', () => {
      status = name;
      query = '';
      search.value = '';
      ask();
    });
    return { name, button };
  });

  const drawChoice = () => {
    for (const { name, button } of statusButtons) {
      const chosen = !searching() && status === name;
      button.setAttribute('aria-pressed', String(chosen));
      button.className = `rounded-full border px-3 py-1 text-sm font-medium ${chosen ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 text-gray-800 hover:bg-gray-50'}`;
      button.textContent = `${orderStatusLabels[name]} (${counts?.[name] ?? 0})`;
    }
    listHeading.textContent = searching() ? `Orders matching “${query.trim()}”` : `${orderStatusLabels[status]}, oldest first`;
  };

  const drawOrders = (orders: QueueOrder[]) => {
    list.replaceChildren(orders.length === 0 ? el('p', { class: 'mt-2 text-gray-700' }, 'No orders here.') : queueTable('Order', 'Age', orderRows(orders)));
  };

  // Each change of status or search asks once; an answer to an older question is dropped.
  const ask = () => {
    clearTimeout(timer);
    drawChoice();
    const question = ++asked;
    const trimmed = query.trim();
    const load = async () => {
      const accessToken = await token();
      if (!accessToken) throw new Error('signed out');
      const rows = searching()
        ? await callRpc(SUPABASE_REST, accessToken, 'desk_find_orders', { p_query: trimmed })
        : await fetchRows(SUPABASE_REST, accessToken, queueRead(status));
      return rows as QueueOrder[];
    };
    timer = setTimeout(
      () =>
        load().then(
          (orders) => question === asked && drawOrders(orders),
          () => question === asked && fail(),
        ),
      searching() ? SEARCH_PAUSE_MS : 0,
    );
  };

  search.addEventListener('input', () => {
    query = search.value;
    ask();
  });

  holder.replaceChildren(el('p', { class: 'text-gray-700' }, 'Loading orders…'));
  const drawn = Promise.all([first.counts, first.orders]).then(([countRows, orders]) => {
    counts = Object.fromEntries(orderStatuses.map((name) => [name, 0])) as Record<OrderStatus, number>;
    for (const row of countRows as { status: OrderStatus; orders: number }[]) counts[row.status] = Number(row.orders);
    drawChoice();
    drawOrders(orders as QueueOrder[]);
    nav.append(...statusButtons.map(({ button }) => button));
    holder.replaceChildren(
      el(
        'div',
        {},
        // Stock and registers is in the desk's header, beside the queue.
        el('h1', { class: 'text-2xl font-bold text-gray-900' }, 'Order queue'),
        el('div', { class: 'mt-4' }, el('label', { for: 'desk-search', class: 'mb-1 block text-sm font-medium text-gray-700' }, 'Search by order number, mobile or email'), search),
        nav,
        listHeading,
        list,
      ),
    );
  }, fail);
  const stop = () => {
    asked += 1;
    clearTimeout(timer);
  };
  return { drawn, stop };
}

/**
 * Draws the desk's queues for `role` into `holder`: from the reads the head's script started with
 * this token when there are some, else from its own. Resolves once the first screen (or its error) is
 * drawn; `stop` ends a pending search when the queues leave the page.
 */
export function drawDeskQueues(
  holder: HTMLElement,
  role: StaffRole,
  accessToken: string,
  token: () => Promise<string | null>,
): { drawn: Promise<void>; stop: () => void } {
  const first = takeEarlyQueueReads(accessToken) ?? startQueueReads(SUPABASE_REST, accessToken, role === 'pharmacist');
  const queue = el('div');
  const requests = first.requests ? requestQueue(first.requests) : null;
  holder.replaceChildren(...(requests ? [requests.section] : []), queue);
  const orders = orderQueue(queue, first, token);
  return { drawn: Promise.all([orders.drawn, requests?.drawn]).then(() => undefined), stop: orders.stop };
}
