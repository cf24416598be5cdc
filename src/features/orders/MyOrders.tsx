import { useEffect, useState } from 'react';
import { formatRupees, paiseToRupees } from '@/domain/money';
import { isOrderStatus, isPaymentStatus, orderStatusLabels, paymentStatusLabels } from '@/domain/order-status';
import { hasStoredSession } from '@/lib/browser/auth-storage';
import { loadSupabase } from '@/lib/browser/load-supabase';
import { z } from 'zod';
import { orderStrings } from '@/domain/order-strings';

export const ORDERS_PER_PAGE = 20;

const summarySchema = z.object({
  order_number: z.string(),
  created_at: z.string(),
  status: z.string(),
  payment_status: z.string(),
  amount_paise: z.number().int(),
  lines: z.array(z.object({ quantity: z.number().int() })),
});
type OrderSummary = z.infer<typeof summarySchema>;

const date = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });

function sendToLogin(): void {
  window.location.replace(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
}

/** The signed-in customer's orders, newest first, read under row-level security, 20 a page. */
export default function MyOrders() {
  const [page] = useState(() => Math.max(1, Number(new URL(window.location.href).searchParams.get('page')) || 1));
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'failed' } | { kind: 'shown'; orders: OrderSummary[]; more: boolean }>({ kind: 'loading' });

  useEffect(() => {
    if (!hasStoredSession()) return sendToLogin();
    (async () => {
      const supabase = await loadSupabase();
      const { data: session } = await supabase.auth.getSession();
      if (!session.session) return sendToLogin();
      const from = (page - 1) * ORDERS_PER_PAGE;
      // One row past the page tells whether an older page exists.
      const { data, error } = await supabase
        .from('orders')
        .select('order_number, created_at, status, payment_status, amount_paise, lines')
        .eq('user_id', session.session.user.id)
        .order('created_at', { ascending: false })
        .range(from, from + ORDERS_PER_PAGE);
      if (error) throw new Error(error.message);
      const orders = z.array(summarySchema).parse(data);
      setState({ kind: 'shown', orders: orders.slice(0, ORDERS_PER_PAGE), more: orders.length > ORDERS_PER_PAGE });
    })().catch(() => setState({ kind: 'failed' }));
  }, [page]);

  if (state.kind === 'loading') return <p role="status" className="text-sm text-gray-600">Loading your orders…</p>;
  if (state.kind === 'failed') return <p role="alert" className="text-sm text-red-700">{orderStrings.loadFailed}</p>;
  if (state.orders.length === 0 && page === 1) {
    return (
      <div className="rounded-lg border border-gray-200 bg-white p-6 text-center">
        <p className="text-gray-800">You have not placed any orders yet.</p>
        <a href="/products" className="mt-4 inline-block rounded bg-teal-700 px-4 py-2 text-sm font-semibold text-white">Browse medicines</a>
      </div>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-gray-200 rounded border border-gray-200 bg-white">
        {state.orders.map((order) => {
          const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
          return (
            <li key={order.order_number}>
              <a href={`/orders/${order.order_number}`} className="flex flex-wrap items-center justify-between gap-2 p-4 hover:bg-gray-50">
                <span>
                  <span className="block font-semibold text-gray-900">{order.order_number}</span>
                  <span className="text-sm text-gray-600">{date.format(new Date(order.created_at))} · {items} {items === 1 ? 'item' : 'items'}</span>
                </span>
                <span className="text-right text-sm">
                  <span className="block font-semibold text-gray-900">{formatRupees(paiseToRupees(order.amount_paise))}</span>
                  <span className="text-gray-700">
                    {isOrderStatus(order.status) ? orderStatusLabels[order.status] : order.status}
                    {isPaymentStatus(order.payment_status) && ` · ${paymentStatusLabels[order.payment_status]}`}
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      {(page > 1 || state.more) && (
        <nav aria-label="Order pages" className="mt-4 flex justify-between text-sm">
          {page > 1 ? <a className="text-teal-700 underline" href={`?page=${page - 1}`}>Newer orders</a> : <span />}
          <span>Page {page}</span>
          {state.more ? <a className="text-teal-700 underline" href={`?page=${page + 1}`}>Older orders</a> : <span />}
        </nav>
      )}
    </div>
  );
}
