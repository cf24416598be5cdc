import * as z from 'zod/mini';
import { formatRupees } from '../../domain/money';
import { isOrderStatus, isPaymentStatus } from '../../domain/order-status';
import { paymentLabel, statusLabel } from './order-screen';
import { order as englishOrder } from '../../domain/strings/english/order';
import { reorder } from '../../domain/strings/english/reorder';
import { countText, fill } from '../../domain/strings/format';
import { pathUnder } from '../../domain/strings/paths';
import { pageLocale, pagePathPrefix, pageText } from '../../lib/browser/page-text';
import { hasStoredSession } from '../../lib/browser/auth-storage';
import { noteFirstAction, pageDrawn } from '../../lib/browser/session-after-draw';
import { sessionUser } from '../../lib/browser/session-token';
import { el } from '../../lib/browser/dom';
import { sendToLogin } from '../../lib/browser/send-to-login';
import { myOrdersPage, ORDERS_PER_PAGE, takeEarlyMyOrdersRead } from './order-request';
import { reorderPagePath } from '../../domain/reorder-link';

const summarySchema = z.object({
  order_number: z.string(),
  created_at: z.string(),
  status: z.string(),
  payment_status: z.string(),
  amount_paise: z.int(),
  lines: z.array(z.object({ quantity: z.int() })),
});
type OrderSummary = z.infer<typeof summarySchema>;

// The page's words and dates: English's, or the page's own language's on a page in another.
const words = () => pageText('order', englishOrder);
const local = (path: string) => pathUnder(pagePathPrefix(), path);
const date = { format: (value: Date) => new Intl.DateTimeFormat(pageLocale(), { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(value) };
const LINK = 'text-teal-700 underline';

/**
 * One page of the signed-in customer's orders, newest first, under row-level security; null when
 * nobody is signed in. Read with plain fetch, with the stored token while it is fresh (session-token.ts).
 */
async function readOrders(page: number): Promise<{ orders: OrderSummary[]; more: boolean } | null> {
  const user = await sessionUser();
  if (!user) return null;
  // The page's head has usually started this read already (order-early-request.ts).
  const early = takeEarlyMyOrdersRead(user.userId, page);
  const orders = z.array(summarySchema).parse(await (early?.rows ?? import('./signed-in-reads').then((reads) => reads.readMyOrders(user, page))));
  return { orders: orders.slice(0, ORDERS_PER_PAGE), more: orders.length > ORDERS_PER_PAGE };
}

function orderRow(order: OrderSummary): HTMLElement {
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  const status = `${isOrderStatus(order.status) ? statusLabel(order.status) : order.status}${isPaymentStatus(order.payment_status) ? ` · ${paymentLabel(order.payment_status)}` : ''}`;
  return el(
    'li',
    { class: 'flex items-center gap-2 pr-4' },
    el(
      'a',
      { href: local(`/orders/${order.order_number}`), class: 'flex flex-1 flex-wrap items-center justify-between gap-2 p-4 hover:bg-gray-50' },
      el(
        'span',
        {},
        el('span', { id: `order-${order.order_number}`, class: 'block font-semibold text-gray-900' }, order.order_number),
        el('span', { class: 'text-sm text-gray-600' }, `${date.format(new Date(order.created_at))} · ${countText(words().itemCount, items, pageLocale())}`),
      ),
      el(
        'span',
        { class: 'text-right text-sm' },
        el('span', { class: 'block font-semibold text-gray-900' }, formatRupees(order.amount_paise)),
        el('span', { class: 'text-gray-700' }, status),
      ),
    ),
    el(
      'a',
      // Named "Reorder" (the row's order number describes it), so the row's own link stays the one named by its number.
      { href: local(reorderPagePath({ order: order.order_number })), class: 'rounded border border-teal-700 px-3 py-1 text-sm font-semibold text-teal-800 hover:bg-teal-50', 'aria-describedby': `order-${order.order_number}` },
      pageText('reorder', reorder).button,
    ),
  );
}

function ordersScreen(page: number, orders: OrderSummary[], more: boolean): HTMLElement {
  if (orders.length === 0 && page === 1) {
    return el(
      'div',
      { class: 'rounded-lg border border-gray-200 bg-white p-6 text-center' },
      el('p', { class: 'text-gray-800' }, words().noOrders),
      el('a', { href: local('/products'), class: 'mt-4 inline-block rounded bg-teal-700 px-4 py-2 text-sm font-semibold text-white' }, words().browseMedicines),
    );
  }
  return el(
    'div',
    {},
    el('ul', { class: 'divide-y divide-gray-200 rounded border border-gray-200 bg-white' }, ...orders.map(orderRow)),
    (page > 1 || more) &&
      el(
        'nav',
        { 'aria-label': words().orderPages, class: 'mt-4 flex justify-between text-sm' },
        page > 1 ? el('a', { class: LINK, href: `?page=${page - 1}` }, words().newerOrders) : el('span'),
        el('span', {}, fill(words().pageNumber, { page })),
        more ? el('a', { class: LINK, href: `?page=${page + 1}` }, words().olderOrders) : el('span'),
      ),
  );
}

/**
 * /account/orders: the heading and the loading line are in the page's HTML; this script (no React)
 * sends a guest to sign in and draws the list; supabase-js (the header's session, the cart sync)
 * starts once the list is on screen (start-session.ts).
 */
export function showMyOrders(holder: HTMLElement): void {
  noteFirstAction(holder);
  if (!hasStoredSession()) return sendToLogin();
  const page = myOrdersPage(window.location.href);
  readOrders(page)
    .then(
      (answer) => (answer ? holder.replaceChildren(ordersScreen(page, answer.orders, answer.more)) : sendToLogin()),
      () => holder.replaceChildren(el('p', { role: 'alert', class: 'text-sm text-red-700' }, words().loadFailed)),
    )
    .finally(() => pageDrawn(holder));
}
