-- "Notify me" answered whatever brings a product back (issue 23). The stock import marks the
-- requests of products it brings back; stock also comes back when reservations are released (an
-- order cancelled, a payment failed or abandoned, a line rejected by the pharmacist). This marks
-- the waiting requests of those products too, once each: back_in_stock_at is set only while null,
-- and the sender (src/features/orders/server/back-in-stock-mail.ts) sets notified_at.

create index stock_alerts_waiting on public.stock_alerts (product_id) where back_in_stock_at is null;

create function public.stock_reservations_mark_back_in_stock() returns trigger
language plpgsql
-- Definer: a release runs as whoever changed the order, who may read neither batches nor alerts.
security definer
set search_path = ''
as $$
begin
  update public.stock_alerts a set back_in_stock_at = now()
    from public.stock_available_now(array(select distinct changed.product_id from changed where changed.state = 'released')) as now_available
   where a.product_id = now_available.product_id and now_available.available > 0 and a.back_in_stock_at is null;
  return null;
end
$$;

revoke execute on function public.stock_reservations_mark_back_in_stock() from public, anon, authenticated;

create trigger stock_reservations_mark_back_in_stock
  after update on public.stock_reservations
  referencing new table as changed
  for each statement execute function public.stock_reservations_mark_back_in_stock();
