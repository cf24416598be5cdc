-- Order life cycle: a human order number, the order and payment status model with an
-- append-only history, delivery details, and cash on delivery as a payment method.
--
-- orders.status now carries the order's life cycle (placed .. delivered / cancelled) and the new
-- orders.payment_status carries the money (pending .. refunded). The transition tables mirror
-- src/domain/order-status.ts, which is the source; supabase/tests/order-lifecycle.test.ts checks
-- every pair from it against the triggers below.
--
-- Guest access to an order page stores nothing here: the link carries an HMAC-SHA256 of the
-- order id under a server-only secret (256 bits, checked in constant time: src/domain/guest-order-link.ts),
-- so no token column can leak through a database read and rotating the secret revokes every link.

-- Order numbers ----------------------------------------------------------------------------------

create sequence public.order_number_sequence;
revoke all on sequence public.order_number_sequence from anon, authenticated;

-- MK-<YYMM in India of creation>-<sequence, at least 6 digits>, e.g. MK-2611-000123.
create function public.next_order_number(created timestamptz) returns text
language sql volatile
set search_path = ''
as $$
  select 'MK-' || to_char(created at time zone 'Asia/Kolkata', 'YYMM') || '-'
    || lpad(sequence_value::text, greatest(6, length(sequence_value::text)), '0')
  from (select nextval('public.order_number_sequence') as sequence_value) as next_value
$$;

alter table public.orders add column order_number text;

do $$
declare
  existing record;
begin
  for existing in select id, created_at from public.orders order by created_at, id loop
    update public.orders set order_number = public.next_order_number(existing.created_at) where id = existing.id;
  end loop;
end
$$;

alter table public.orders
  alter column order_number set not null,
  add constraint orders_order_number_key unique (order_number),
  add constraint orders_order_number_format check (order_number ~ '^MK-[0-9]{4}-[0-9]{6,}$');

-- The database numbers every order; a number sent by the caller is ignored.
create function public.orders_assign_number() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.order_number := public.next_order_number(new.created_at);
  return new;
end
$$;

create trigger orders_order_number
  before insert on public.orders
  for each row execute function public.orders_assign_number();

-- Statuses ---------------------------------------------------------------------------------------

drop trigger orders_paid_is_final on public.orders;
drop function public.orders_paid_is_final();

alter table public.orders drop constraint orders_status_check;
alter table public.orders alter column status drop default;
alter table public.orders add column payment_status text not null default 'pending';

update public.orders
   set payment_status = case status when 'paid' then 'paid' when 'failed' then 'failed' else 'pending' end,
       status = 'placed';

alter table public.orders
  alter column status set default 'placed',
  add constraint orders_status_check check (
    status in ('placed', 'prescription_review', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled')
  ),
  add constraint orders_payment_status_check check (
    payment_status in ('pending', 'paid', 'failed', 'refund_pending', 'refunded', 'partially_refunded')
  ),
  add column status_changed_at timestamptz not null default now();

-- The payment functions written before this migration still write status 'created', 'paid' or
-- 'failed'; those words now mean payment states, so they are moved to payment_status here.
create function public.orders_accept_payment_words() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status in ('created', 'paid', 'failed') then
    new.payment_status := case new.status when 'created' then 'pending' else new.status end;
    new.status := case when tg_op = 'INSERT' then 'placed' else old.status end;
  end if;
  return new;
end
$$;

create trigger orders_legacy_status
  before insert or update on public.orders
  for each row execute function public.orders_accept_payment_words();

create function public.order_status_allowed(from_status text, to_status text) returns boolean
language sql immutable
set search_path = ''
as $$
  select (from_status, to_status) in (
    ('placed', 'prescription_review'), ('placed', 'confirmed'), ('placed', 'cancelled'),
    ('prescription_review', 'confirmed'), ('prescription_review', 'cancelled'),
    ('confirmed', 'packed'), ('confirmed', 'cancelled'),
    ('packed', 'shipped'), ('packed', 'cancelled'),
    ('shipped', 'delivered')
  )
$$;

create function public.payment_status_allowed(from_status text, to_status text) returns boolean
language sql immutable
set search_path = ''
as $$
  select (from_status, to_status) in (
    ('pending', 'paid'), ('pending', 'failed'),
    ('failed', 'paid'),
    ('paid', 'refund_pending'), ('paid', 'refunded'), ('paid', 'partially_refunded'),
    ('refund_pending', 'refunded'), ('refund_pending', 'partially_refunded'), ('refund_pending', 'paid'),
    ('partially_refunded', 'refund_pending'), ('partially_refunded', 'refunded')
  )
$$;

-- New orders start placed with payment pending; every later change must be an allowed step, and a
-- captured payment keeps its payment id.
create function public.orders_guard_status() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'placed' or new.payment_status <> 'pending' then
      raise exception 'a new order starts placed with payment pending, not % / %', new.status, new.payment_status
        using errcode = 'check_violation';
    end if;
    return new;
  end if;
  if new.status is distinct from old.status then
    if not public.order_status_allowed(old.status, new.status) then
      raise exception 'order % cannot move from % to %', old.order_number, old.status, new.status
        using errcode = 'check_violation';
    end if;
    new.status_changed_at := now();
  end if;
  if new.payment_status is distinct from old.payment_status
     and not public.payment_status_allowed(old.payment_status, new.payment_status) then
    raise exception 'payment of order % cannot move from % to %', old.order_number, old.payment_status, new.payment_status
      using errcode = 'check_violation';
  end if;
  if old.provider_payment_id is not null and new.provider_payment_id is distinct from old.provider_payment_id then
    raise exception 'order % keeps its payment id %', old.order_number, old.provider_payment_id
      using errcode = 'check_violation';
  end if;
  if new.order_number is distinct from old.order_number then
    raise exception 'order % keeps its number', old.order_number using errcode = 'check_violation';
  end if;
  return new;
end
$$;

create trigger orders_status_guard
  before insert or update on public.orders
  for each row execute function public.orders_guard_status();

-- Delivery details and cash on delivery ------------------------------------------------------------

alter table public.orders drop constraint orders_provider_check;
alter table public.orders
  add constraint orders_provider_check check (provider in ('razorpay', 'phonepe', 'cod')),
  add column delivery_name text check (length(btrim(delivery_name)) between 1 and 100),
  add column delivery_mobile text check (delivery_mobile ~ '^\+91[6-9][0-9]{9}$'),
  add column delivery_email text check (length(delivery_email) <= 255 and delivery_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  add column delivery_line1 text check (length(btrim(delivery_line1)) between 1 and 200),
  add column delivery_line2 text check (length(delivery_line2) <= 200),
  add column delivery_city text check (length(btrim(delivery_city)) between 1 and 100),
  add column delivery_state text check (length(btrim(delivery_state)) between 1 and 100),
  add column delivery_pin_code text check (delivery_pin_code ~ '^[1-9][0-9]{5}$'),
  add column delivery_zone_id text check (delivery_zone_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  add column promised_delivery_date date,
  -- Orders from before delivery details have none; a newer order has the place and the person.
  -- Anonymising an order (account deletion) removes the person and keeps the place for tax records.
  add constraint orders_delivery_place_complete check (
    num_nulls(delivery_city, delivery_state, delivery_pin_code, delivery_zone_id, promised_delivery_date) in (0, 5)
  ),
  add constraint orders_delivery_person_complete check (
    num_nulls(delivery_name, delivery_mobile, delivery_line1) = 3
    or (num_nulls(delivery_name, delivery_mobile, delivery_line1) = 0 and delivery_pin_code is not null)
  );

create index orders_user_id_created_at on public.orders (user_id, created_at desc);

-- Order history ----------------------------------------------------------------------------------

-- kind 'status' and 'payment' rows are written only by the orders trigger; 'note' rows (e.g. a
-- pharmacist's remark) may be added by the server. Nothing is ever changed, and the history goes
-- only with its order (an unpaid order removed when its customer deletes their account).
create table public.order_events (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders(id) on delete cascade,
  kind text not null check (kind in ('status', 'payment', 'note')),
  from_status text,
  to_status text,
  actor_id uuid,
  actor_role text not null check (actor_role in ('customer', 'pharmacist', 'staff', 'system', 'payment_provider')),
  note text check (length(note) <= 1000),
  at timestamptz not null default now(),
  check (
    (kind = 'status' and to_status in ('placed', 'prescription_review', 'confirmed', 'packed', 'shipped', 'delivered', 'cancelled'))
    or (kind = 'payment' and to_status in ('pending', 'paid', 'failed', 'refund_pending', 'refunded', 'partially_refunded'))
    or (kind = 'note' and from_status is null and to_status is null and length(btrim(note)) > 0)
  )
);

create index order_events_order_id_at on public.order_events (order_id, at, id);

-- Who moved an order comes from transaction-local settings that set_order_status() fills in;
-- anything else that changes an order (payment functions, webhooks) is the system.
create function public.orders_record_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor_id uuid := nullif(current_setting('medikart.order_actor_id', true), '')::uuid;
  actor_role text := coalesce(nullif(current_setting('medikart.order_actor_role', true), ''), 'system');
  note text := nullif(current_setting('medikart.order_note', true), '');
begin
  if tg_op = 'INSERT' then
    insert into public.order_events (order_id, kind, from_status, to_status, actor_id, actor_role, note)
    values (new.id, 'status', null, new.status, actor_id, actor_role, note);
    return new;
  end if;
  if new.status is distinct from old.status then
    insert into public.order_events (order_id, kind, from_status, to_status, actor_id, actor_role, note)
    values (new.id, 'status', old.status, new.status, actor_id, actor_role, note);
  end if;
  if new.payment_status is distinct from old.payment_status then
    insert into public.order_events (order_id, kind, from_status, to_status, actor_id, actor_role, note)
    values (new.id, 'payment', old.payment_status, new.payment_status, actor_id, actor_role,
            coalesce(note, case when new.payment_status = 'failed' then new.failure_reason end));
  end if;
  return new;
end
$$;

create trigger orders_status_history
  after insert or update on public.orders
  for each row execute function public.orders_record_history();

create function public.order_events_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.kind in ('status', 'payment') and pg_trigger_depth() < 2 then
      raise exception 'status history is written only by changing the order' using errcode = 'insufficient_privilege';
    end if;
    return new;
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from public.orders where id = old.order_id) then
    return old;
  end if;
  raise exception 'order history is append-only' using errcode = 'insufficient_privilege';
end
$$;

create trigger order_events_append_only
  before insert or update or delete on public.order_events
  for each row execute function public.order_events_append_only();
create trigger order_events_no_truncate
  before truncate on public.order_events
  for each statement execute function public.order_events_append_only();

alter table public.order_events enable row level security;
revoke all on public.order_events from anon, authenticated, service_role;
grant select on public.order_events to authenticated;
grant select, insert on public.order_events to service_role;

create policy "order events: customer reads own orders' history" on public.order_events
  for select to authenticated
  using (exists (select 1 from public.orders where orders.id = order_events.order_id and orders.user_id = (select auth.uid())));

-- Moving an order (server only) ------------------------------------------------------------------

-- Who is moving an order, for the history trigger; transaction-local, so it ends with the call.
create function public.set_order_actor(p_actor_role text, p_actor_id uuid, p_note text) returns void
language sql
set search_path = ''
as $$
  select set_config('medikart.order_actor_role', coalesce(p_actor_role, ''), true),
         set_config('medikart.order_actor_id', coalesce(p_actor_id::text, ''), true),
         set_config('medikart.order_note', coalesce(p_note, ''), true)
$$;

-- The calls server code uses to move an order or its payment, so the history says who and why.
create function public.set_order_status(
  p_order_id uuid,
  p_status text,
  p_actor_role text,
  p_actor_id uuid default null,
  p_note text default null
) returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  moved public.orders;
begin
  perform public.set_order_actor(p_actor_role, p_actor_id, p_note);
  update public.orders set status = p_status where id = p_order_id returning * into moved;
  perform public.set_order_actor(null, null, null);
  if moved.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  return moved;
end
$$;

create function public.set_payment_status(
  p_order_id uuid,
  p_payment_status text,
  p_actor_role text,
  p_actor_id uuid default null,
  p_note text default null
) returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  moved public.orders;
begin
  perform public.set_order_actor(p_actor_role, p_actor_id, p_note);
  update public.orders set payment_status = p_payment_status where id = p_order_id returning * into moved;
  perform public.set_order_actor(null, null, null);
  if moved.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  return moved;
end
$$;

-- The payment functions now write payment_status and keep the order's own status.
create or replace function public.mark_order_paid(p_provider_order_id text, p_provider_payment_id text)
returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  paid_order public.orders;
begin
  update public.orders
     set payment_status = 'paid', provider_payment_id = p_provider_payment_id, paid_at = now(), failure_reason = null
   where provider_order_id = p_provider_order_id and payment_status in ('pending', 'failed')
  returning * into paid_order;
  if found then
    return paid_order;
  end if;
  select * into paid_order from public.orders where provider_order_id = p_provider_order_id;
  if not found then
    raise exception 'no order with provider order id %', p_provider_order_id using errcode = 'no_data_found';
  end if;
  return paid_order;
end
$$;

create or replace function public.mark_order_failed(p_provider_order_id text, p_reason text)
returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  failed_order public.orders;
begin
  update public.orders
     set payment_status = 'failed', failure_reason = p_reason
   where provider_order_id = p_provider_order_id and payment_status = 'pending'
  returning * into failed_order;
  if found then
    return failed_order;
  end if;
  select * into failed_order from public.orders where provider_order_id = p_provider_order_id;
  if not found then
    raise exception 'no order with provider order id %', p_provider_order_id using errcode = 'no_data_found';
  end if;
  return failed_order;
end
$$;

revoke execute on function public.set_order_status(uuid, text, text, uuid, text) from public, anon, authenticated;
grant execute on function public.set_order_status(uuid, text, text, uuid, text) to service_role;
revoke execute on function public.set_payment_status(uuid, text, text, uuid, text) from public, anon, authenticated;
grant execute on function public.set_payment_status(uuid, text, text, uuid, text) to service_role;
revoke execute on function public.set_order_actor(text, uuid, text) from public, anon, authenticated;
revoke execute on function public.mark_order_paid(text, text) from public, anon, authenticated;
revoke execute on function public.mark_order_failed(text, text) from public, anon, authenticated;
revoke execute on function public.next_order_number(timestamptz) from public, anon, authenticated;

-- Trigger functions and helpers are not API calls.
revoke execute on function public.orders_assign_number() from public, anon, authenticated;
revoke execute on function public.orders_accept_payment_words() from public, anon, authenticated;
revoke execute on function public.orders_guard_status() from public, anon, authenticated;
revoke execute on function public.orders_record_history() from public, anon, authenticated;
revoke execute on function public.order_events_append_only() from public, anon, authenticated;
