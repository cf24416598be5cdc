-- When reconciliation last asked the provider about a pending online payment. Each run (bounded by
-- Netlify's 30 s for scheduled functions) takes the orders asked about longest ago first, never-asked
-- ones before all, so a backlog larger than one run drains across runs and no order waits behind
-- others that stay pending. Written by the service role only (reconcile.ts).
alter table public.orders add column reconciled_at timestamptz;

create index orders_awaiting_reconciliation_idx on public.orders (reconciled_at nulls first, created_at)
  where payment_status = 'pending' and provider <> 'cod';
