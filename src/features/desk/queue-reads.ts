import type { OrderStatus } from '../../domain/order-status';
import type { PrescriptionRequestStatus } from '../../domain/prescription-request-status';
import { callRpc, fetchRows, type RestRead, type RestTarget } from '../../lib/browser/rest-request';
import { earlyHandoff } from '../../lib/browser/early-handoff';

/*
 * What /desk reads: the orders of one status (or a search), the count of each status, and, for a
 * pharmacist, the prescription requests nobody has answered. Plain fetch under RLS with the staff
 * member's token (rest-request.ts), so the queue is drawn before supabase-js loads; no zod, since the
 * desk's inline head script starts the first reads with these. RLS and the desk_* functions decide
 * what each role may see.
 */

export const QUEUE_COLUMNS = 'id, order_number, status, created_at, delivery_name, delivery_mobile, delivery_email';
/** One status's orders shown at once, oldest first: the work to do next. */
export const QUEUE_PAGE = 200;
/** The status the queue opens on: prescriptions waiting for a pharmacist. */
export const FIRST_QUEUE_STATUS: OrderStatus = 'prescription_review';

export const queueRead = (status: OrderStatus): RestRead => ({
  table: 'orders',
  select: QUEUE_COLUMNS,
  eq: { status },
  order: [{ column: 'created_at' }],
  limit: QUEUE_PAGE,
});

/** Requests waiting for a pharmacist, oldest first (the queue index covers these two statuses). */
export const WAITING_REQUEST_STATUSES: readonly PrescriptionRequestStatus[] = ['submitted', 'in_review'];
export const REQUEST_COLUMNS = 'id, request_number, status, created_at, delivery_name, delivery_pin_code';
export const REQUEST_PAGE = 100;

export const waitingRequestsRead: RestRead = {
  table: 'prescription_requests',
  select: REQUEST_COLUMNS,
  eq: {},
  in: { status: WAITING_REQUEST_STATUSES },
  order: [{ column: 'created_at' }],
  limit: REQUEST_PAGE,
};

/** The first reads of the queue, started together: what the head's script leaves for the page's. */
export interface QueueReads {
  accessToken: string;
  counts: Promise<unknown>;
  orders: Promise<unknown[]>;
  /** Null for support staff, who do not answer prescription requests. */
  requests: Promise<unknown[]> | null;
}

export function startQueueReads(target: RestTarget, accessToken: string, pharmacist: boolean): QueueReads {
  return {
    accessToken,
    counts: callRpc(target, accessToken, 'desk_order_counts'),
    orders: fetchRows(target, accessToken, queueRead(FIRST_QUEUE_STATUS)),
    requests: pharmacist ? fetchRows(target, accessToken, waitingRequestsRead) : null,
  };
}

const earlyQueueReads = earlyHandoff<QueueReads>('medikartEarlyQueueReads', (reads) => [reads.counts, reads.orders, reads.requests]);

export const leaveEarlyQueueReads = earlyQueueReads.leave;

/** The head's reads, once, when they were made with this token; null otherwise. */
export const takeEarlyQueueReads = (accessToken: string): QueueReads | null => earlyQueueReads.take((reads) => reads.accessToken === accessToken);
