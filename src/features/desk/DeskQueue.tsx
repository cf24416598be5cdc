import { useEffect, useState } from 'react';
import { orderAge, REVIEW_TARGET_MS } from '../../domain/desk';
import { orderStatusLabels, orderStatuses, type OrderStatus } from '../../domain/order-status';
import type { StaffSession } from './desk-api';
import QueueTable from './QueueTable';
import RequestQueue from './RequestQueue';
import StaffGate from './StaffGate';

interface QueueOrder {
  id: string;
  order_number: string;
  status: OrderStatus;
  created_at: string;
  delivery_name: string | null;
  delivery_mobile: string | null;
  delivery_email: string | null;
}

const QUEUE_COLUMNS = 'id, order_number, status, created_at, delivery_name, delivery_mobile, delivery_email';
/** One status's orders shown at once, oldest first: the work to do next. */
const QUEUE_PAGE = 200;
/** Searching starts at this many characters (the database's rule too). */
const MIN_SEARCH = 3;

const LOAD_FAILED = 'The orders could not be loaded. Reload the page to try again.';

function Queue({ staff }: { staff: StaffSession }) {
  const [orders, setOrders] = useState<QueueOrder[] | null>(null);
  const [counts, setCounts] = useState<Record<OrderStatus, number> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<OrderStatus>('prescription_review');
  const [query, setQuery] = useState('');
  const searching = query.trim().length >= MIN_SEARCH;
  const now = Date.now();

  useEffect(() => {
    staff.client.rpc('desk_order_counts').then(({ data, error: failure }) => {
      if (failure) return setError(LOAD_FAILED);
      const byStatus = Object.fromEntries(orderStatuses.map((name) => [name, 0])) as Record<OrderStatus, number>;
      for (const row of data as { status: OrderStatus; orders: number }[]) byStatus[row.status] = Number(row.orders);
      setCounts(byStatus);
    });
  }, [staff]);

  useEffect(() => {
    let current = true;
    const load = searching
      ? staff.client.rpc('desk_find_orders', { p_query: query.trim() })
      : staff.client.from('orders').select(QUEUE_COLUMNS).eq('status', status).order('created_at', { ascending: true }).limit(QUEUE_PAGE);
    // A search waits for a pause in typing, so each keystroke does not ask the database.
    const timer = setTimeout(
      () =>
        load.then(({ data, error: failure }) => {
          if (!current) return;
          if (failure) setError(LOAD_FAILED);
          else setOrders(data as QueueOrder[]);
        }),
      searching ? 250 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [staff, status, query, searching]);

  if (error) return <p role="alert" className="text-red-700">{error}</p>;
  if (!orders || !counts) return <p className="text-gray-700">Loading orders…</p>;

  return (
    <div>
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-gray-900">Order queue</h1>
        <a href="/desk/records" className="text-sm text-brand-700 underline">
          Stock and registers
        </a>
      </div>
      <div className="mt-4">
        <label htmlFor="desk-search" className="mb-1 block text-sm font-medium text-gray-700">
          Search by order number, mobile or email
        </label>
        <input id="desk-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} className="block w-full max-w-md rounded-md border border-gray-300 px-3 py-2" />
      </div>
      <nav aria-label="Order statuses" className="mt-4 flex flex-wrap gap-2">
        {orderStatuses.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={!searching && status === name}
            onClick={() => {
              setStatus(name);
              setQuery('');
            }}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${!searching && status === name ? 'border-brand-700 bg-brand-700 text-white' : 'border-gray-300 text-gray-800 hover:bg-gray-50'}`}
          >
            {orderStatusLabels[name]} ({counts[name]})
          </button>
        ))}
      </nav>
      <h2 className="mt-6 text-lg font-semibold text-gray-900">{searching ? `Orders matching “${query.trim()}”` : `${orderStatusLabels[status]}, oldest first`}</h2>
      {orders.length === 0 ? (
        <p className="mt-2 text-gray-700">No orders here.</p>
      ) : (
        <QueueTable
          numberHeading="Order"
          ageHeading="Age"
          rows={orders.map((order) => {
            const waited = now - new Date(order.created_at).getTime();
            const late = waited > REVIEW_TARGET_MS && !['delivered', 'cancelled', 'shipped'].includes(order.status);
            return {
              key: order.id,
              href: `/desk/order?id=${order.id}`,
              number: order.order_number,
              customer: order.delivery_name ?? 'Guest',
              status: orderStatusLabels[order.status],
              age: orderAge(waited),
              lateNote: late ? ' (past the 2-hour target)' : undefined,
            };
          })}
        />
      )}
    </div>
  );
}

/** /desk: the staff sign-in, then (for pharmacists) the prescription requests and the queue of orders by status. */
export default function DeskQueue() {
  return (
    <StaffGate>
      {(staff) => (
        <>
          {staff.role === 'pharmacist' && <RequestQueue staff={staff} />}
          <Queue staff={staff} />
        </>
      )}
    </StaffGate>
  );
}
