-- Stock is data (issue 23): batches imported from the pharmacy's ERP, reservations taken when an
-- order is placed, released when it is cancelled, rejected or its payment fails, and consumed from
-- the batches the desk picks at dispatch.
--
-- Available = quantity on hand in batches that expire after the minimum shelf life, minus what
-- held reservations promise. A product with no batch at all is not stock-tracked yet (the
-- catalogue's in-stock flag still rules it): its first import starts tracking it, and from then on
-- every import is the whole truth for it (a batch missing from the file has nothing on hand).
--
-- Customers never see batches: anon and customers reach only public.stock_availability(), which
-- answers product id -> available count.

-- Settings -------------------------------------------------------------------------------------------

-- One row. The value comes from content/stock/settings.json, written by every stock import, so
-- the database, the availability request and the desk all apply the same shelf life.
create table public.stock_settings (
  id boolean primary key default true check (id),
  minimum_shelf_life_days integer not null default 90 check (minimum_shelf_life_days between 0 and 730)
);
insert into public.stock_settings (id) values (true);

alter table public.stock_settings enable row level security;
revoke all on public.stock_settings from anon, authenticated, service_role;
grant select, update (minimum_shelf_life_days) on public.stock_settings to service_role;

-- The first day a batch may expire on and still be sold (today in India plus the shelf life).
create function public.stock_sellable_after() returns date
language sql stable
set search_path = ''
as $$
  select (now() at time zone 'Asia/Kolkata')::date + minimum_shelf_life_days from public.stock_settings
$$;

-- Batches --------------------------------------------------------------------------------------------

create table public.stock_batches (
  id bigint generated always as identity primary key,
  product_id integer not null check (product_id > 0),
  batch_number text not null check (batch_number ~ '^[A-Za-z0-9][A-Za-z0-9/.-]{0,29}$'),
  expiry_date date not null,
  quantity_on_hand integer not null check (quantity_on_hand >= 0),
  mrp_paise integer not null check (mrp_paise > 0),
  updated_at timestamptz not null default now(),
  unique (product_id, batch_number)
);

create index stock_batches_product_expiry on public.stock_batches (product_id, expiry_date);

alter table public.stock_batches enable row level security;
revoke all on public.stock_batches from anon, authenticated, service_role;
grant select on public.stock_batches to authenticated;
grant select, insert, update on public.stock_batches to service_role;

-- Staff read batches; every change is an import or a dispatch, made by the server as the service role.
create policy "stock batches: staff read" on public.stock_batches
  for select to authenticated using ((select public.staff_role()) is not null);

-- Reservations ---------------------------------------------------------------------------------------

-- One per stock-tracked line of an order (line_index into orders.lines). 'held' counts against
-- availability; 'released' and 'consumed' no longer do (consumed stock has left the batches).
create table public.stock_reservations (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders(id) on delete cascade,
  line_index integer not null check (line_index >= 0),
  product_id integer not null check (product_id > 0),
  quantity integer not null check (quantity > 0),
  state text not null default 'held' check (state in ('held', 'released', 'consumed')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (order_id, line_index)
);

create index stock_reservations_held on public.stock_reservations (product_id) where state = 'held';

alter table public.stock_reservations enable row level security;
revoke all on public.stock_reservations from anon, authenticated, service_role;
grant select on public.stock_reservations to authenticated;
grant select, update (state, settled_at) on public.stock_reservations to service_role;

create policy "stock reservations: staff read" on public.stock_reservations
  for select to authenticated using ((select public.staff_role()) is not null);

-- What each tracked product can still be sold: on hand in sellable batches minus held reservations.
create function public.stock_available_now(p_product_ids integer[]) returns table (product_id integer, available integer)
language sql stable
set search_path = ''
as $$
  select tracked.product_id,
         greatest(0,
           coalesce((select sum(b.quantity_on_hand) from public.stock_batches b
                      where b.product_id = tracked.product_id and b.expiry_date >= public.stock_sellable_after()), 0)
           - coalesce((select sum(r.quantity) from public.stock_reservations r
                        where r.product_id = tracked.product_id and r.state = 'held'), 0)
         )::integer
  from (select distinct b.product_id from public.stock_batches b
         where p_product_ids is null or b.product_id = any (p_product_ids)) as tracked
$$;

-- The public answer: product id -> available count, for the ids asked (all tracked ones when null).
-- Definer, because the caller may read neither batches nor reservations.
create function public.stock_availability(p_product_ids integer[] default null)
returns table (product_id integer, available integer)
language sql stable
security definer
set search_path = ''
as $$
  select product_id, available from public.stock_available_now(p_product_ids) order by product_id
$$;

revoke execute on function public.stock_sellable_after() from public, anon, authenticated;
grant execute on function public.stock_sellable_after() to service_role;
revoke execute on function public.stock_available_now(integer[]) from public, anon, authenticated;
grant execute on function public.stock_available_now(integer[]) to service_role;
revoke execute on function public.stock_availability(integer[]) from public;
grant execute on function public.stock_availability(integer[]) to anon, authenticated, service_role;

-- Reserving when an order is placed ------------------------------------------------------------------

-- Every new order reserves its tracked lines in the transaction that inserts it, holding a lock
-- per product (in product order, so two orders never wait on each other in a circle). When a
-- product is short, the insert fails with SQLSTATE MK409 and a message naming the product id and
-- what is left, so no order exists and no payment can be taken for it.
create function public.orders_reserve_stock() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted record;
  left_now integer;
begin
  for wanted in
    select (line ->> 'product_id')::integer as product_id, sum((line ->> 'quantity')::integer)::integer as quantity
      from jsonb_array_elements(new.lines) as line
     group by 1 order by 1
  loop
    if not exists (select 1 from public.stock_batches where product_id = wanted.product_id) then
      continue;
    end if;
    perform pg_advisory_xact_lock(hashtext('medikart.stock'), wanted.product_id);
    select available into left_now from public.stock_available_now(array[wanted.product_id]);
    if left_now < wanted.quantity then
      raise exception 'product % has % available', wanted.product_id, left_now
        using errcode = 'MK409', detail = json_build_object('product_id', wanted.product_id, 'available', left_now)::text;
    end if;
  end loop;
  insert into public.stock_reservations (order_id, line_index, product_id, quantity)
  select new.id, (position - 1)::integer, (line ->> 'product_id')::integer, (line ->> 'quantity')::integer
    from jsonb_array_elements(new.lines) with ordinality as lines(line, position)
   where exists (select 1 from public.stock_batches b where b.product_id = (line ->> 'product_id')::integer);
  return new;
end
$$;

create trigger orders_reserve_stock
  after insert on public.orders
  for each row execute function public.orders_reserve_stock();

-- Releasing: a cancelled order, a failed (or abandoned, which reconciliation marks failed) payment.
-- A payment that succeeds after failing holds its stock again: the customer has paid for it.
create function public.orders_settle_reservations() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    update public.stock_reservations set state = 'released', settled_at = now()
     where order_id = new.id and state = 'held';
  elsif new.payment_status = 'failed' and old.payment_status <> 'failed' and new.provider <> 'cod' then
    update public.stock_reservations set state = 'released', settled_at = now()
     where order_id = new.id and state = 'held';
  elsif new.payment_status = 'paid' and old.payment_status = 'failed' and new.status <> 'cancelled' then
    update public.stock_reservations r set state = 'held', settled_at = null
     where r.order_id = new.id and r.state = 'released'
       and not exists (select 1 from public.order_line_decisions d
                        where d.order_id = r.order_id and d.line_index = r.line_index and d.decision = 'rejected');
  end if;
  if new.status = 'shipped' and old.status <> 'shipped'
     and exists (select 1 from public.stock_reservations where order_id = new.id and state = 'held') then
    raise exception 'order % cannot ship: line % has no batch picked', new.order_number,
      (select min(line_index) + 1 from public.stock_reservations where order_id = new.id and state = 'held')
      using errcode = 'check_violation';
  end if;
  return new;
end
$$;

create trigger orders_settle_reservations
  after update of status, payment_status on public.orders
  for each row execute function public.orders_settle_reservations();

-- A line the pharmacist rejects will not be dispatched: its stock goes back on sale.
create function public.line_decisions_release_stock() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.decision = 'rejected' then
    update public.stock_reservations set state = 'released', settled_at = now()
     where order_id = new.order_id and line_index = new.line_index and state = 'held';
  end if;
  return new;
end
$$;

create trigger line_decisions_release_stock
  after insert on public.order_line_decisions
  for each row execute function public.line_decisions_release_stock();

-- Dispatch by batch ----------------------------------------------------------------------------------

-- The batches each dispatched line left from, with the number and expiry as they were (the
-- invoice and the Schedule H1 register print them). Never changed; survives account deletion
-- with the kept order.
create table public.order_line_batches (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders(id) on delete cascade,
  line_index integer not null check (line_index >= 0),
  product_id integer not null check (product_id > 0),
  batch_id bigint not null references public.stock_batches(id),
  batch_number text not null,
  expiry_date date not null,
  mrp_paise integer not null check (mrp_paise > 0),
  quantity integer not null check (quantity > 0),
  picked_by uuid,
  at timestamptz not null default now(),
  unique (order_id, line_index, batch_id)
);

create trigger order_line_batches_append_only
  before update on public.order_line_batches
  for each row execute function public.desk_audit_append_only();

alter table public.order_line_batches enable row level security;
revoke all on public.order_line_batches from anon, authenticated, service_role;
grant select on public.order_line_batches to authenticated;
grant select, insert on public.order_line_batches to service_role;

create policy "line batches: staff read" on public.order_line_batches
  for select to authenticated using ((select public.staff_role()) is not null);
create policy "line batches: customer reads own orders' batches" on public.order_line_batches
  for select to authenticated
  using (exists (select 1 from public.orders where orders.id = order_line_batches.order_id and orders.user_id = (select auth.uid())));

-- The batches the desk suggests for an order's held lines: first-expiring first, only sellable
-- batches, as many as each line needs. A line that cannot be covered comes back short.
create function public.suggest_order_batches(p_order_id uuid) returns jsonb
language plpgsql stable
set search_path = ''
as $$
declare
  line record;
  batch record;
  still integer;
  picks jsonb := '[]';
  line_picks jsonb;
begin
  for line in select * from public.stock_reservations where order_id = p_order_id and state = 'held' order by line_index loop
    still := line.quantity;
    line_picks := '[]';
    for batch in
      select * from public.stock_batches
       where product_id = line.product_id and quantity_on_hand > 0 and expiry_date >= public.stock_sellable_after()
       order by expiry_date, id
    loop
      exit when still = 0;
      line_picks := line_picks || jsonb_build_object('batch_id', batch.id, 'batch_number', batch.batch_number,
        'expiry_date', batch.expiry_date, 'quantity', least(still, batch.quantity_on_hand));
      still := still - least(still, batch.quantity_on_hand);
    end loop;
    picks := picks || jsonb_build_object('line_index', line.line_index, 'product_id', line.product_id,
      'quantity', line.quantity, 'short', still, 'batches', line_picks);
  end loop;
  return picks;
end
$$;

-- Records the batches of every held line of an order and takes the quantities off them, all or
-- nothing. p_picks: [{line_index, batch_id, quantity}]. Each line's picks must add up to its
-- quantity, from its own product's sellable batches with enough on hand.
create function public.dispatch_order_batches(p_order_id uuid, p_picks jsonb, p_picked_by uuid) returns integer
language plpgsql
set search_path = ''
as $$
declare
  held public.orders;
  pick record;
  line record;
  batch public.stock_batches;
  picked integer;
begin
  select * into held from public.orders where id = p_order_id for update;
  if held.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  if held.status not in ('confirmed', 'packed') then
    raise exception 'order % is % and cannot be dispatched', held.order_number, held.status using errcode = 'check_violation';
  end if;
  for pick in
    select (p ->> 'line_index')::integer as line_index, (p ->> 'batch_id')::bigint as batch_id, (p ->> 'quantity')::integer as quantity
      from jsonb_array_elements(p_picks) as p
  loop
    select * into line from public.stock_reservations where order_id = p_order_id and line_index = pick.line_index and state = 'held';
    if line.id is null then
      raise exception 'line % of order % has no stock waiting for a batch', pick.line_index + 1, held.order_number using errcode = 'check_violation';
    end if;
    select * into batch from public.stock_batches where id = pick.batch_id for update;
    if batch.id is null or batch.product_id <> line.product_id then
      raise exception 'batch % is not a batch of line %', pick.batch_id, pick.line_index + 1 using errcode = 'check_violation';
    end if;
    if batch.expiry_date < public.stock_sellable_after() then
      raise exception 'batch % expires on % and may not be dispatched', batch.batch_number, batch.expiry_date using errcode = 'check_violation';
    end if;
    if pick.quantity is null or pick.quantity <= 0 or batch.quantity_on_hand < pick.quantity then
      raise exception 'batch % has % on hand, not %', batch.batch_number, batch.quantity_on_hand, pick.quantity using errcode = 'check_violation';
    end if;
    update public.stock_batches set quantity_on_hand = quantity_on_hand - pick.quantity, updated_at = now() where id = batch.id;
    insert into public.order_line_batches (order_id, line_index, product_id, batch_id, batch_number, expiry_date, mrp_paise, quantity, picked_by)
    values (p_order_id, pick.line_index, batch.product_id, batch.id, batch.batch_number, batch.expiry_date, batch.mrp_paise, pick.quantity, p_picked_by);
  end loop;
  for line in select * from public.stock_reservations where order_id = p_order_id and state = 'held' loop
    select coalesce(sum(quantity), 0) into picked from public.order_line_batches where order_id = p_order_id and line_index = line.line_index;
    if picked <> line.quantity then
      raise exception 'line % needs % from its batches, % picked', line.line_index + 1, line.quantity, picked using errcode = 'check_violation';
    end if;
  end loop;
  update public.stock_reservations set state = 'consumed', settled_at = now() where order_id = p_order_id and state = 'held';
  get diagnostics picked = row_count;
  return picked;
end
$$;

-- Import ---------------------------------------------------------------------------------------------

-- A "notify me" request is answered once: back_in_stock_at queues its mail (set by the import that
-- brings the product back), notified_at records that the mail went out (set by its sender).
alter table public.stock_alerts add column back_in_stock_at timestamptz, add column notified_at timestamptz;
create index stock_alerts_to_mail on public.stock_alerts (back_in_stock_at) where back_in_stock_at is not null and notified_at is null;

-- Replaces the stock with an ERP export (already validated by src/domain/stock-import.ts; the
-- constraints above check it again). p_rows: [{product_id, batch_number, expiry_date, quantity, mrp_paise}].
-- Importing the same file twice changes nothing. Answers how many batches changed and the "notify
-- me" requests whose product is back in stock (each queued for its mail once).
create function public.import_stock(p_rows jsonb, p_minimum_shelf_life_days integer) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  changed integer;
  zeroed integer;
  before_import jsonb;
  alerts jsonb;
begin
  perform pg_advisory_xact_lock(hashtext('medikart.stock.import'));
  select coalesce(jsonb_object_agg(product_id, available), '{}') into before_import from public.stock_available_now(null);
  update public.stock_settings set minimum_shelf_life_days = p_minimum_shelf_life_days
   where minimum_shelf_life_days <> p_minimum_shelf_life_days;
  with incoming as (
    select (r ->> 'product_id')::integer as product_id, r ->> 'batch_number' as batch_number, (r ->> 'expiry_date')::date as expiry_date,
           (r ->> 'quantity')::integer as quantity, (r ->> 'mrp_paise')::integer as mrp_paise
      from jsonb_array_elements(p_rows) as r
  ), upserted as (
    insert into public.stock_batches (product_id, batch_number, expiry_date, quantity_on_hand, mrp_paise)
    select product_id, batch_number, expiry_date, quantity, mrp_paise from incoming
    on conflict (product_id, batch_number) do update
      set expiry_date = excluded.expiry_date, quantity_on_hand = excluded.quantity_on_hand, mrp_paise = excluded.mrp_paise, updated_at = now()
      where (stock_batches.expiry_date, stock_batches.quantity_on_hand, stock_batches.mrp_paise)
            is distinct from (excluded.expiry_date, excluded.quantity_on_hand, excluded.mrp_paise)
    returning 1
  )
  select count(*) into changed from upserted;
  update public.stock_batches b set quantity_on_hand = 0, updated_at = now()
   where b.quantity_on_hand <> 0
     and not exists (select 1 from jsonb_array_elements(p_rows) r
                      where (r ->> 'product_id')::integer = b.product_id and r ->> 'batch_number' = b.batch_number);
  get diagnostics zeroed = row_count;
  with back as (
    select now_available.product_id from public.stock_available_now(null) as now_available
     where now_available.available > 0 and coalesce((before_import ->> now_available.product_id::text)::integer, 0) = 0
  ), marked as (
    update public.stock_alerts a set back_in_stock_at = now()
      from back where a.product_id = back.product_id and a.back_in_stock_at is null
    returning a.id, a.product_id, a.email
  )
  select coalesce(jsonb_agg(jsonb_build_object('id', id, 'product_id', product_id, 'email', email) order by product_id, email), '[]')
    into alerts from marked;
  return jsonb_build_object('changed_batches', changed + zeroed, 'back_in_stock_alerts', alerts);
end
$$;

revoke execute on function public.orders_reserve_stock() from public, anon, authenticated;
revoke execute on function public.orders_settle_reservations() from public, anon, authenticated;
revoke execute on function public.line_decisions_release_stock() from public, anon, authenticated;
revoke execute on function public.suggest_order_batches(uuid) from public, anon, authenticated;
revoke execute on function public.dispatch_order_batches(uuid, jsonb, uuid) from public, anon, authenticated;
revoke execute on function public.import_stock(jsonb, integer) from public, anon, authenticated;
grant execute on function public.suggest_order_batches(uuid) to service_role;
grant execute on function public.dispatch_order_batches(uuid, jsonb, uuid) to service_role;
grant execute on function public.import_stock(jsonb, integer) to service_role;
grant select, update (back_in_stock_at, notified_at) on public.stock_alerts to service_role;
