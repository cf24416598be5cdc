-- The pharmacy desk: staff roles, what staff may read, the pharmacist's line decisions and the
-- prescription-view audit.
--
-- A staff member is a Supabase user whose app_metadata.role is 'pharmacist' or 'support'. Only the
-- service role can write app_metadata (scripts/staff.ts); user_metadata is the user's own to write
-- and never grants anything here. Staff only read: every change goes through the desk functions,
-- which check the role from the verified token and act as the service role.

-- Who a history row may name: support staff move orders too.
alter table public.order_events drop constraint order_events_actor_role_check;
alter table public.order_events add constraint order_events_actor_role_check
  check (actor_role in ('customer', 'pharmacist', 'support', 'staff', 'system', 'payment_provider'));

-- The caller's staff role from the verified token's app_metadata, or null for everyone else.
create function public.staff_role() returns text
language sql stable
set search_path = ''
as $$
  select case when role in ('pharmacist', 'support') then role end
  from (select auth.jwt() -> 'app_metadata' ->> 'role' as role) as claim
$$;

revoke execute on function public.staff_role() from public, anon;
grant execute on function public.staff_role() to authenticated, service_role;

create policy "orders: staff read every order" on public.orders
  for select to authenticated using ((select public.staff_role()) is not null);
create policy "order events: staff read every order's history" on public.order_events
  for select to authenticated using ((select public.staff_role()) is not null);
create policy "prescription files: staff read every record" on public.prescription_files
  for select to authenticated using ((select public.staff_role()) is not null);
create policy "prescriptions: staff read every file" on storage.objects
  for select to authenticated using (bucket_id = 'prescriptions' and (select public.staff_role()) is not null);

-- Audit rows are never changed or removed, not even by the service role; a line decision goes
-- only with its order (an unpaid order removed with its customer's account).
create function public.desk_audit_append_only() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and tg_table_name = 'order_line_decisions'
     and not exists (select 1 from public.orders where id = old.order_id) then
    return old;
  end if;
  raise exception '% is append-only', tg_table_name using errcode = 'insufficient_privilege';
end
$$;

revoke execute on function public.desk_audit_append_only() from public, anon, authenticated;

-- Line decisions -----------------------------------------------------------------------------------

-- One decision per prescription line of an order (line_index into orders.lines, from 0), made once.
create table public.order_line_decisions (
  id bigint generated always as identity primary key,
  order_id uuid not null references public.orders(id) on delete cascade,
  line_index integer not null check (line_index >= 0),
  decision text not null check (decision in ('accepted', 'rejected')),
  reason text check (reason in ('illegible', 'expired', 'not_prescribed', 'quantity_exceeds', 'patient_details_missing', 'other')),
  note text check (length(note) <= 500),
  pharmacist_id uuid not null,
  pharmacist_name text not null check (length(btrim(pharmacist_name)) between 1 and 100),
  registration_number text not null check (length(btrim(registration_number)) between 1 and 50),
  at timestamptz not null default now(),
  unique (order_id, line_index),
  check ((decision = 'accepted' and reason is null) or (decision = 'rejected' and reason is not null)),
  check (reason is distinct from 'other' or length(btrim(note)) > 0)
);

create trigger order_line_decisions_append_only
  before update or delete on public.order_line_decisions
  for each row execute function public.desk_audit_append_only();
create trigger order_line_decisions_no_truncate
  before truncate on public.order_line_decisions
  for each statement execute function public.desk_audit_append_only();

alter table public.order_line_decisions enable row level security;
revoke all on public.order_line_decisions from anon, authenticated, service_role;
grant select on public.order_line_decisions to authenticated;
grant select, insert on public.order_line_decisions to service_role;

create policy "line decisions: customer reads own orders' decisions" on public.order_line_decisions
  for select to authenticated
  using (exists (select 1 from public.orders where orders.id = order_line_decisions.order_id and orders.user_id = (select auth.uid())));
create policy "line decisions: staff read every decision" on public.order_line_decisions
  for select to authenticated using ((select public.staff_role()) is not null);

-- Records a pharmacist's decision on one prescription line while holding the order, so decisions
-- on one order are taken one at a time: the caller learns whether this decision was the last one
-- (exactly one call does) and which lines were rejected. The order must still be in the status the
-- pharmacist saw, and awaiting review. p_prescription_lines is a JSON array of line indexes.
create function public.decide_order_line(
  p_order_id uuid,
  p_expected_status text,
  p_line_index integer,
  p_prescription_lines jsonb,
  p_decision text,
  p_reason text,
  p_note text,
  p_pharmacist_id uuid,
  p_pharmacist_name text,
  p_registration_number text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  held public.orders;
  decided integer[];
  rejected integer[];
  prescription_lines integer[] := array(select jsonb_array_elements_text(p_prescription_lines)::integer);
begin
  select * into held from public.orders where id = p_order_id for update;
  if held.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  if held.status <> p_expected_status then
    raise exception 'order % is now %', held.order_number, held.status using errcode = 'serialization_failure';
  end if;
  if held.status not in ('placed', 'prescription_review') then
    raise exception 'order % is % and no longer under review', held.order_number, held.status using errcode = 'check_violation';
  end if;
  if not (p_line_index = any (prescription_lines)) then
    raise exception 'line % of order % is not a prescription line', p_line_index, held.order_number using errcode = 'check_violation';
  end if;
  insert into public.order_line_decisions (order_id, line_index, decision, reason, note, pharmacist_id, pharmacist_name, registration_number)
  values (p_order_id, p_line_index, p_decision, p_reason, nullif(btrim(coalesce(p_note, '')), ''), p_pharmacist_id, p_pharmacist_name, p_registration_number);
  select coalesce(array_agg(line_index order by line_index), '{}'),
         coalesce(array_agg(line_index order by line_index) filter (where decision = 'rejected'), '{}')
    into decided, rejected
    from public.order_line_decisions where order_id = p_order_id;
  return jsonb_build_object(
    'all_decided', prescription_lines <@ decided,
    'rejected', to_jsonb(rejected)
  );
end
$$;

revoke execute on function public.decide_order_line(uuid, text, integer, jsonb, text, text, text, uuid, text, text) from public, anon, authenticated;
grant execute on function public.decide_order_line(uuid, text, integer, jsonb, text, text, text, uuid, text, text) to service_role;

-- Courier details of a shipped order (the desk requires both to ship).
alter table public.orders
  add column courier_name text check (length(btrim(courier_name)) between 1 and 100),
  add column tracking_number text check (length(btrim(tracking_number)) between 1 and 100);

-- Moves an order only if it is still in the status the staff member saw: of two people acting on
-- one order at once, the second is told what happened instead of overwriting it.
create function public.move_order_as_staff(
  p_order_id uuid,
  p_expected_status text,
  p_status text,
  p_actor_role text,
  p_actor_id uuid,
  p_note text,
  p_courier_name text default null,
  p_tracking_number text default null
) returns public.orders
language plpgsql
set search_path = ''
as $$
declare
  held public.orders;
begin
  select * into held from public.orders where id = p_order_id for update;
  if held.id is null then
    raise exception 'no order with id %', p_order_id using errcode = 'no_data_found';
  end if;
  if held.status <> p_expected_status then
    raise exception 'order % is now %', held.order_number, held.status using errcode = 'serialization_failure';
  end if;
  if p_status = 'shipped' then
    update public.orders set courier_name = p_courier_name, tracking_number = p_tracking_number where id = p_order_id;
  end if;
  return public.set_order_status(p_order_id, p_status, p_actor_role, p_actor_id, p_note);
end
$$;

revoke execute on function public.move_order_as_staff(uuid, text, text, text, uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.move_order_as_staff(uuid, text, text, text, uuid, text, text, text) to service_role;

-- Prescription views -------------------------------------------------------------------------------

-- Who looked at whose prescription, and when (India's DPDP Act: access to health data is
-- accountable). No foreign key: the record outlives the order.
create table public.prescription_views (
  id bigint generated always as identity primary key,
  viewer_id uuid not null,
  viewer_role text not null check (viewer_role in ('pharmacist', 'support')),
  order_id uuid not null,
  file_path text not null check (length(file_path) between 1 and 300),
  at timestamptz not null default now()
);

create index prescription_views_order_id on public.prescription_views (order_id, at);

create trigger prescription_views_append_only
  before update or delete on public.prescription_views
  for each row execute function public.desk_audit_append_only();
create trigger prescription_views_no_truncate
  before truncate on public.prescription_views
  for each statement execute function public.desk_audit_append_only();

alter table public.prescription_views enable row level security;
revoke all on public.prescription_views from anon, authenticated, service_role;
grant select on public.prescription_views to authenticated;
grant select, insert on public.prescription_views to service_role;

create policy "prescription views: staff read the audit" on public.prescription_views
  for select to authenticated using ((select public.staff_role()) is not null);
