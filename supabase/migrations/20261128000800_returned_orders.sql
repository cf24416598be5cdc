-- A parcel the courier brought back (RTO) ends its order: 'returned', reached only from 'shipped'
-- and final (src/domain/order-status.ts is the source; supabase/tests/order-lifecycle.test.ts tries
-- every pair). Receiving the parcel at the desk does it all in one transaction: the parcel's
-- condition, its stock back on the shelf if unopened, the invoice credited, the order returned, and
-- the money settled: an online payment's refund requested (the provider is asked right after, and
-- reconciliation retries it), cash on delivery never collected closed as unpaid.

alter table public.orders drop constraint orders_status_check;
alter table public.orders add constraint orders_status_check check (
  status in ('placed', 'prescription_review', 'confirmed', 'packed', 'shipped', 'delivered', 'returned', 'cancelled')
);

alter table public.order_events drop constraint order_events_check;
alter table public.order_events add constraint order_events_check check (
  (kind = 'status' and to_status in ('placed', 'prescription_review', 'confirmed', 'packed', 'shipped', 'delivered', 'returned', 'cancelled'))
  or (kind = 'payment' and to_status in ('pending', 'paid', 'failed', 'refund_pending', 'refunded', 'partially_refunded'))
  or (kind = 'note' and from_status is null and to_status is null and length(btrim(note)) > 0)
);

create or replace function public.order_status_allowed(from_status text, to_status text) returns boolean
language sql immutable
set search_path = ''
as $$
  select (from_status, to_status) in (
    ('placed', 'prescription_review'), ('placed', 'confirmed'), ('placed', 'cancelled'),
    ('prescription_review', 'confirmed'), ('prescription_review', 'cancelled'),
    ('confirmed', 'packed'), ('confirmed', 'cancelled'),
    ('packed', 'shipped'), ('packed', 'cancelled'),
    ('shipped', 'delivered'), ('shipped', 'returned')
  )
$$;

-- A returned order's invoice is reversed like a cancelled one's (once: a later refund finds the note).
create or replace function public.orders_issue_credit_note() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    perform public.issue_credit_note(new.id, 'Order cancelled');
  elsif new.status = 'returned' and old.status <> 'returned' then
    perform public.issue_credit_note(new.id, 'Returned undelivered');
  elsif new.payment_status = 'refunded' and old.payment_status <> 'refunded' then
    perform public.issue_credit_note(new.id, 'Payment refunded');
  end if;
  return null;
end
$$;

-- As 20261128000300_one_outbox.sql, with a returned order's refund announced as a shipped one's:
-- the courier's return itself was announced by the parcel (order_returned_to_origin).
create or replace function public.orders_queue_messages() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  message_kind text;
begin
  if tg_op = 'INSERT' then
    message_kind := case when new.provider = 'cod' then 'order_confirmation' end;
  elsif new.status = 'cancelled' and old.status <> 'cancelled' then
    message_kind := 'order_cancelled';
  elsif old.status = 'prescription_review' and new.status = 'confirmed' then
    message_kind := 'prescription_reviewed';
  elsif new.status = 'shipped' and old.status <> 'shipped' then
    message_kind := 'order_shipped';
  elsif new.status = 'delivered' and old.status <> 'delivered' then
    message_kind := 'order_delivered';
  elsif new.payment_status is distinct from old.payment_status then
    message_kind := case
      -- Cash collected on delivery is no news: its order was confirmed when placed.
      when new.payment_status = 'paid' and old.payment_status in ('pending', 'failed') and new.provider <> 'cod' then 'order_confirmation'
      when new.payment_status in ('refunded', 'partially_refunded') then 'refund_processed'
      -- A return taken back after the order left: cancellation and review say so themselves.
      when new.payment_status = 'refund_pending' and new.status in ('shipped', 'delivered', 'returned') then 'refund_initiated'
    end;
  end if;
  if message_kind is not null then
    perform public.queue_customer_message(message_kind, new.delivery_mobile, p_order_id => new.id,
      p_refund_state => case when message_kind = 'refund_processed' then new.payment_status else '' end);
  end if;
  return new;
end
$$;

-- Answers the order, its credit note's number (null for an order shipped before invoices) and the
-- refund requested (its id, key and paise; null for cash on delivery), for the caller to send the
-- refund to the provider at once.
drop function public.receive_returned_parcel(uuid, text);
create function public.receive_returned_parcel(p_shipment_id uuid, p_condition text, p_actor_role text, p_actor_id uuid) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  parcel public.shipments;
  held public.orders;
  reason text;
  credit public.tax_documents;
  refund public.refunds;
  remaining integer;
begin
  if p_condition is null or p_condition not in ('unopened', 'opened') then
    raise exception 'a returned parcel is unopened or opened, not %', coalesce(p_condition, 'nothing') using errcode = 'check_violation';
  end if;
  select * into parcel from public.shipments where id = p_shipment_id for update;
  if parcel.id is null then
    raise exception 'no parcel with id %', p_shipment_id using errcode = 'no_data_found';
  end if;
  if parcel.direction <> 'forward' or parcel.status <> 'returned_to_origin' then
    raise exception 'parcel % has not come back to the pharmacy (it is %)', parcel.awb, parcel.status using errcode = 'check_violation';
  end if;
  if parcel.return_condition is not null then
    raise exception 'parcel % was received already (%)', parcel.awb, parcel.return_condition using errcode = 'unique_violation';
  end if;
  select * into held from public.orders where id = parcel.order_id for update;
  if held.status <> 'shipped' then
    raise exception 'order % is %: only a shipped order comes back as returned', held.order_number, held.status using errcode = 'check_violation';
  end if;

  update public.shipments set return_condition = p_condition where id = p_shipment_id;
  if p_condition = 'unopened' then
    update public.stock_batches b
       set quantity_on_hand = b.quantity_on_hand + picked.quantity, updated_at = now()
      from (select batch_id, sum(quantity)::integer as quantity from public.order_line_batches where order_id = held.id group by batch_id) as picked
     where b.id = picked.batch_id;
  end if;

  reason := format('Returned undelivered by the courier (AWB %s), %s', parcel.awb, p_condition);
  -- The note first, so it carries the courier's return as its reason.
  credit := public.issue_credit_note(held.id, reason);
  perform public.set_order_status(held.id, 'returned', p_actor_role, p_actor_id, reason);

  if held.provider = 'cod' then
    if held.payment_status = 'pending' then
      perform public.set_payment_status(held.id, 'failed', p_actor_role, p_actor_id, 'Returned undelivered: no cash was collected');
    end if;
  elsif held.payment_status in ('paid', 'refund_pending', 'partially_refunded') then
    select held.amount_paise - coalesce(sum(amount_paise), 0) into remaining
      from public.refunds where order_id = held.id and state <> 'failed';
    if remaining > 0 then
      refund := public.request_refund(held.id, remaining, 'rto-' || replace(held.id::text, '-', ''), reason, 'cancel');
    end if;
  end if;

  return jsonb_build_object(
    'order_id', held.id,
    'credit_note_number', credit.number,
    'refund', case when refund.id is null then null else jsonb_build_object('id', refund.id, 'idempotency_key', refund.idempotency_key, 'amount_paise', refund.amount_paise) end
  );
end
$$;
revoke execute on function public.receive_returned_parcel(uuid, text, text, uuid) from public, anon, authenticated;
grant execute on function public.receive_returned_parcel(uuid, text, text, uuid) to service_role;
