-- Ordering with a prescription (issue 24): a customer's (or guest's) prescription photos become a
-- request; a pharmacist proposes lines; the customer approves and pays, and the order that results
-- skips a second prescription review. Refill reminders for chronic lines. Mails and SMS for both
-- wait in one outbox, like the order mails.
--
-- Request states mirror src/domain/prescription-request-status.ts (the source);
-- supabase/tests/prescription-requests.test.ts tries every pair from it against the trigger below.
-- Guests reach their request the way they reach a guest order: an HMAC of the request id under a
-- server-only secret, so nothing here holds a token. Every write goes through the server (service
-- role); customers and staff only read, row-level security deciding whose rows.
-- Grants are explicit for every role: new Supabase projects get no default grants.

-- Request numbers --------------------------------------------------------------------------------

create sequence public.prescription_request_number_sequence;
revoke all on sequence public.prescription_request_number_sequence from public, anon, authenticated, service_role;
grant usage on sequence public.prescription_request_number_sequence to service_role;

create function public.next_prescription_request_number(created timestamptz) returns text
language sql volatile
set search_path = ''
as $$
  select 'RX-' || to_char(created at time zone 'Asia/Kolkata', 'YYMM') || '-'
    || lpad(sequence_value::text, greatest(6, length(sequence_value::text)), '0')
  from (select nextval('public.prescription_request_number_sequence') as sequence_value) as next_value
$$;

-- Requests ---------------------------------------------------------------------------------------

create table public.prescription_requests (
  id uuid primary key default gen_random_uuid(),
  request_number text not null unique check (request_number ~ '^RX-[0-9]{4}-[0-9]{6,}$'),
  -- A signed-in customer's request goes with their account; a guest's is reached by its signed link.
  user_id uuid references auth.users(id) on delete cascade,
  guest_session_id uuid,
  status text not null default 'submitted'
    check (status in ('submitted', 'in_review', 'proposed', 'approved', 'paid', 'rejected', 'expired')),
  note text check (length(note) <= 500),
  delivery_name text not null check (length(btrim(delivery_name)) between 1 and 100),
  delivery_mobile text not null check (delivery_mobile ~ '^\+91[6-9][0-9]{9}$'),
  delivery_email text not null check (length(delivery_email) <= 255 and delivery_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  delivery_line1 text not null check (length(btrim(delivery_line1)) between 1 and 200),
  delivery_line2 text check (length(delivery_line2) <= 200),
  delivery_city text not null check (length(btrim(delivery_city)) between 1 and 100),
  delivery_state text not null check (length(btrim(delivery_state)) between 1 and 100),
  delivery_pin_code text not null check (delivery_pin_code ~ '^[1-9][0-9]{5}$'),
  delivery_zone_id text not null check (delivery_zone_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  -- The pharmacist who proposed the lines (registered pharmacist, as on a line decision).
  pharmacist_id uuid,
  pharmacist_name text check (length(btrim(pharmacist_name)) between 1 and 100),
  registration_number text check (length(btrim(registration_number)) between 1 and 50),
  rejection_reason text check (length(btrim(rejection_reason)) between 1 and 500),
  proposed_at timestamptz,
  expires_at timestamptz,
  order_id uuid references public.orders(id) on delete set null,
  created_at timestamptz not null default now(),
  status_changed_at timestamptz not null default now(),
  check (user_id is not null or guest_session_id is not null),
  check ((status = 'rejected') = (rejection_reason is not null)),
  check (status in ('submitted', 'in_review', 'rejected') or (proposed_at is not null and expires_at is not null and pharmacist_id is not null)),
  check (status not in ('approved', 'paid') or order_id is not null)
);

create index prescription_requests_user_id_created_at on public.prescription_requests (user_id, created_at desc);
create index prescription_requests_queue on public.prescription_requests (created_at) where status in ('submitted', 'in_review');
create index prescription_requests_expiry on public.prescription_requests (expires_at) where status in ('proposed', 'approved');
create unique index prescription_requests_order_id on public.prescription_requests (order_id);

create function public.prescription_request_status_allowed(from_status text, to_status text) returns boolean
language sql immutable
set search_path = ''
as $$
  select (from_status, to_status) in (
    ('submitted', 'in_review'), ('submitted', 'rejected'),
    ('in_review', 'submitted'), ('in_review', 'proposed'), ('in_review', 'rejected'),
    ('proposed', 'approved'), ('proposed', 'expired'),
    ('approved', 'paid'), ('approved', 'proposed'), ('approved', 'expired')
  )
$$;

-- New requests start submitted with a number from the database; every later change is an allowed
-- step; a proposal needs at least one line the customer can buy and runs 7 days from the first one.
create function public.prescription_requests_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'submitted' then
      raise exception 'a new prescription request starts submitted, not %', new.status using errcode = 'check_violation';
    end if;
    new.request_number := public.next_prescription_request_number(new.created_at);
    return new;
  end if;
  if new.request_number is distinct from old.request_number then
    raise exception 'request % keeps its number', old.request_number using errcode = 'check_violation';
  end if;
  if new.status is distinct from old.status then
    if not public.prescription_request_status_allowed(old.status, new.status) then
      raise exception 'prescription request % cannot move from % to %', old.request_number, old.status, new.status
        using errcode = 'check_violation';
    end if;
    new.status_changed_at := now();
    if new.status = 'proposed' and old.status = 'in_review' then
      if not exists (select 1 from public.prescription_request_lines where request_id = new.id and line_status = 'proposed') then
        raise exception 'prescription request % has no line to propose', old.request_number using errcode = 'check_violation';
      end if;
      new.proposed_at := now();
      new.expires_at := coalesce(old.expires_at, now() + interval '7 days');
    end if;
  end if;
  if old.order_id is not null and new.order_id is distinct from old.order_id and old.status = 'paid' then
    raise exception 'paid request % keeps its order', old.request_number using errcode = 'check_violation';
  end if;
  return new;
end
$$;

create trigger prescription_requests_guard
  before insert or update on public.prescription_requests
  for each row execute function public.prescription_requests_guard();

-- The prescription files of a request: objects in the private prescriptions bucket, in the
-- customer's or the guest's folder, images or PDF of at most 5 MB each (the bucket's own limits).
create table public.prescription_request_files (
  id bigint generated always as identity primary key,
  request_id uuid not null references public.prescription_requests(id) on delete cascade,
  file_path text not null unique check (
    file_path ~ '^(guest-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]+$'
  ),
  file_name text not null check (length(file_name) between 1 and 255),
  file_type text not null check (file_type like 'image/%' or file_type = 'application/pdf'),
  size_bytes integer not null check (size_bytes between 1 and 5242880),
  uploaded_at timestamptz not null default now()
);

create index prescription_request_files_request_id on public.prescription_request_files (request_id);

-- The lines the pharmacist proposes. A line the customer cannot have (not available, not on the
-- prescription) says why and has no quantity. The customer may lower a quantity or remove a line
-- (quantity 0), never go above what was prescribed.
create table public.prescription_request_lines (
  id bigint generated always as identity primary key,
  request_id uuid not null references public.prescription_requests(id) on delete cascade,
  position integer not null check (position >= 0),
  product_id integer check (product_id > 0),
  name text not null check (length(btrim(name)) between 1 and 200),
  line_status text not null check (line_status in ('proposed', 'unavailable', 'not_prescribed')),
  reason text check (length(btrim(reason)) between 1 and 300),
  prescribed_quantity integer not null check (prescribed_quantity between 1 and 100),
  quantity integer not null check (quantity >= 0),
  unique (request_id, position),
  constraint prescription_request_lines_within_prescribed check (quantity <= prescribed_quantity),
  check ((line_status = 'proposed') = (reason is null)),
  check (line_status = 'proposed' or quantity = 0),
  check (line_status <> 'proposed' or product_id is not null)
);

-- The pharmacist writes lines only while reviewing; afterwards only the customer's quantity moves,
-- and only while the proposal is open. A line goes with its request.
create function public.prescription_request_lines_guard() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  request_status text;
begin
  select status into request_status from public.prescription_requests
   where id = case when tg_op = 'DELETE' then old.request_id else new.request_id end;
  if request_status is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if request_status = 'in_review' then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  if tg_op = 'UPDATE' and request_status = 'proposed'
     and (new.request_id, new.position, new.product_id, new.name, new.line_status, new.reason, new.prescribed_quantity)
         is not distinct from (old.request_id, old.position, old.product_id, old.name, old.line_status, old.reason, old.prescribed_quantity) then
    return new;
  end if;
  raise exception 'the lines of a % prescription request cannot change this way', request_status using errcode = 'check_violation';
end
$$;

create trigger prescription_request_lines_guard
  before insert or update or delete on public.prescription_request_lines
  for each row execute function public.prescription_request_lines_guard();

-- Files are added with the request, before any pharmacist has read it.
create function public.prescription_request_files_guard() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and exists (select 1 from public.prescription_requests where id = new.request_id and status = 'submitted') then
    return new;
  end if;
  if tg_op = 'DELETE' and not exists (select 1 from public.prescription_requests where id = old.request_id) then
    return old;
  end if;
  raise exception 'prescription files are added only to a submitted request and never changed' using errcode = 'check_violation';
end
$$;

create trigger prescription_request_files_guard
  before insert or update or delete on public.prescription_request_files
  for each row execute function public.prescription_request_files_guard();

-- Who may read what -----------------------------------------------------------------------------

alter table public.prescription_requests enable row level security;
alter table public.prescription_request_files enable row level security;
alter table public.prescription_request_lines enable row level security;
revoke all on public.prescription_requests, public.prescription_request_files, public.prescription_request_lines from public, anon, authenticated, service_role;
grant select on public.prescription_requests, public.prescription_request_files, public.prescription_request_lines to authenticated;
grant select, insert, update, delete on public.prescription_requests to service_role;
grant select, insert, update on public.prescription_request_lines to service_role;
grant delete on public.prescription_request_lines to service_role;
grant select, insert on public.prescription_request_files to service_role;

create policy "prescription requests: customer reads own" on public.prescription_requests
  for select to authenticated using (user_id = (select auth.uid()));
create policy "prescription requests: staff read every request" on public.prescription_requests
  for select to authenticated using ((select public.staff_role()) is not null);
create policy "prescription request files: customer reads own" on public.prescription_request_files
  for select to authenticated
  using (exists (select 1 from public.prescription_requests r where r.id = request_id and r.user_id = (select auth.uid())));
create policy "prescription request files: staff read every file" on public.prescription_request_files
  for select to authenticated using ((select public.staff_role()) is not null);
create policy "prescription request lines: customer reads own" on public.prescription_request_lines
  for select to authenticated
  using (exists (select 1 from public.prescription_requests r where r.id = request_id and r.user_id = (select auth.uid())));
create policy "prescription request lines: staff read every line" on public.prescription_request_lines
  for select to authenticated using ((select public.staff_role()) is not null);

-- A view of a request's prescription is logged like a view of an order's.
alter table public.prescription_views
  add column request_id uuid,
  alter column order_id drop not null,
  add constraint prescription_views_one_subject check (num_nonnulls(order_id, request_id) = 1);
create index prescription_views_request_id on public.prescription_views (request_id, at) where request_id is not null;

-- The order a request becomes --------------------------------------------------------------------

-- The pharmacist has already checked the prescription of an approved request: its order, once
-- paid (or placed for cash on delivery), goes to confirmed (packing next) instead of a second review.
create function public.orders_skip_review_of_reviewed_request() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'placed' and new.status = 'prescription_review'
     and exists (select 1 from public.prescription_requests where order_id = new.id and status in ('approved', 'paid')) then
    new.status := 'confirmed';
  end if;
  return new;
end
$$;

-- Named to run after orders_legacy_status and before orders_status_guard (triggers run by name).
create trigger orders_reviewed_request_skips_review
  before update on public.orders
  for each row execute function public.orders_skip_review_of_reviewed_request();

-- A request is paid when its order is (whoever records the payment: verify, webhook, reconciliation),
-- or when its cash on delivery order is accepted.
create function public.orders_mark_request_paid() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.prescription_requests set status = 'paid' where order_id = new.id and status = 'approved';
  return new;
end
$$;

create trigger orders_mark_request_paid
  after insert or update of payment_status, status on public.orders
  for each row when (new.payment_status = 'paid' or (new.provider = 'cod' and new.status = 'confirmed'))
  execute function public.orders_mark_request_paid();

-- Proposals not approved (or approved and not paid) within 7 days expire. The caller passes the
-- time, so a test can run the job at a chosen day.
create function public.expire_prescription_requests(p_now timestamptz) returns setof public.prescription_requests
language sql
set search_path = ''
as $$
  update public.prescription_requests set status = 'expired'
   where status in ('proposed', 'approved') and expires_at <= p_now
  returning *
$$;

-- Refill reminders -------------------------------------------------------------------------------

-- One reminder per chronic line of an order: the supply lasts units_per_pack * packs / doses_per_day
-- days from the day it starts (delivery, or the order day); the reminder goes 5 days before.
create table public.refill_reminders (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders(id) on delete cascade,
  user_id uuid references auth.users(id) on delete cascade,
  product_id integer not null check (product_id > 0),
  name text not null check (length(btrim(name)) between 1 and 200),
  email text not null check (length(email) <= 255 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  mobile text check (mobile ~ '^\+91[6-9][0-9]{9}$'),
  units_per_pack integer not null check (units_per_pack between 1 and 1000),
  packs integer not null check (packs between 1 and 100),
  doses_per_day integer not null check (doses_per_day in (1, 2, 3)),
  supply_starts_on date not null,
  runs_out_on date generated always as (supply_starts_on + (units_per_pack * packs) / doses_per_day) stored,
  remind_on date generated always as (supply_starts_on + (units_per_pack * packs) / doses_per_day - 5) stored,
  -- The run-out day the last reminder was sent for, so the daily job sends each reminder once.
  reminded_for date,
  stopped_at timestamptz,
  created_at timestamptz not null default now(),
  unique (order_id, product_id)
);

create index refill_reminders_due on public.refill_reminders (remind_on) where stopped_at is null;
create index refill_reminders_user_id on public.refill_reminders (user_id);

alter table public.refill_reminders enable row level security;
revoke all on public.refill_reminders from public, anon, authenticated, service_role;
grant select on public.refill_reminders to authenticated;
-- From /account a customer stops or restarts a reminder and changes the dose; nothing else.
grant update (stopped_at, doses_per_day) on public.refill_reminders to authenticated;
grant select, insert, update, delete on public.refill_reminders to service_role;

create policy "refill reminders: customer reads own" on public.refill_reminders
  for select to authenticated using (user_id = (select auth.uid()));
create policy "refill reminders: customer changes own" on public.refill_reminders
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "refill reminders: staff read every reminder" on public.refill_reminders
  for select to authenticated using ((select public.staff_role()) is not null);

-- Mails and SMS for requests and refills ---------------------------------------------------------

-- Written with the change that calls for them and sent by the server (at once, and retried by the
-- scheduled job), like mail_outbox for orders. due_for tells one refill reminder from the next.
create table public.message_outbox (
  id uuid primary key default gen_random_uuid(),
  channel text not null check (channel in ('mail', 'sms')),
  kind text not null check (kind in ('request_received', 'request_proposed', 'request_rejected', 'request_expired', 'refill_due')),
  request_id uuid references public.prescription_requests(id) on delete cascade,
  reminder_id uuid references public.refill_reminders(id) on delete cascade,
  due_for date,
  sent_at timestamptz,
  attempts integer not null default 0,
  last_error text check (length(last_error) <= 1000),
  claimed_until timestamptz,
  created_at timestamptz not null default now(),
  check ((kind = 'refill_due') = (reminder_id is not null and due_for is not null and request_id is null)),
  check (kind = 'refill_due' or request_id is not null),
  constraint message_outbox_one_per_change unique nulls not distinct (channel, kind, request_id, reminder_id, due_for)
);

create index message_outbox_unsent on public.message_outbox (created_at) where sent_at is null;

alter table public.message_outbox enable row level security;
revoke all on public.message_outbox from public, anon, authenticated, service_role;
grant select, insert, update on public.message_outbox to service_role;

-- True for exactly one sender until the claim lapses (2 minutes), as claim_mail.
create function public.claim_message(p_message_id uuid) returns boolean
language sql
set search_path = ''
as $$
  with claimed as (
    update public.message_outbox
       set claimed_until = now() + interval '2 minutes'
     where id = p_message_id and sent_at is null and (claimed_until is null or claimed_until < now())
    returning id
  )
  select exists (select 1 from claimed)
$$;

create function public.prescription_requests_queue_messages() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  message_kind text;
begin
  if tg_op = 'INSERT' then
    message_kind := 'request_received';
  elsif new.status is distinct from old.status then
    -- A customer reopening their own approval (approved -> proposed) needs no message.
    message_kind := case
      when new.status = 'proposed' and old.status = 'in_review' then 'request_proposed'
      when new.status = 'rejected' then 'request_rejected'
      when new.status = 'expired' then 'request_expired'
    end;
  end if;
  if message_kind is not null then
    insert into public.message_outbox (channel, kind, request_id) values ('mail', message_kind, new.id)
    on conflict on constraint message_outbox_one_per_change do nothing;
    if message_kind in ('request_proposed', 'request_rejected') then
      insert into public.message_outbox (channel, kind, request_id) values ('sms', message_kind, new.id)
      on conflict on constraint message_outbox_one_per_change do nothing;
    end if;
  end if;
  return new;
end
$$;

create trigger prescription_requests_queue_messages
  after insert or update on public.prescription_requests
  for each row execute function public.prescription_requests_queue_messages();

-- Queues the refill mails (and SMS where there is a mobile) due on p_today and marks them sent-for,
-- so running the daily job twice sends each once. The caller passes the day (clock injected).
create function public.queue_refill_reminders(p_today date) returns integer
language plpgsql
set search_path = ''
as $$
declare
  queued integer;
begin
  with due as (
    update public.refill_reminders
       set reminded_for = runs_out_on
     where stopped_at is null and remind_on <= p_today and runs_out_on >= p_today
       and reminded_for is distinct from runs_out_on
    returning id, runs_out_on, mobile
  ), mails as (
    insert into public.message_outbox (channel, kind, reminder_id, due_for)
    select 'mail', 'refill_due', id, runs_out_on from due
    on conflict on constraint message_outbox_one_per_change do nothing
    returning 1
  ), texts as (
    insert into public.message_outbox (channel, kind, reminder_id, due_for)
    select 'sms', 'refill_due', id, runs_out_on from due where mobile is not null
    on conflict on constraint message_outbox_one_per_change do nothing
    returning 1
  )
  -- texts runs too: a data-changing WITH part runs whether or not it is read.
  select count(*) into queued from mails;
  return queued;
end
$$;

-- API surface: server only ------------------------------------------------------------------------

revoke execute on function public.next_prescription_request_number(timestamptz) from public, anon, authenticated;
revoke execute on function public.prescription_request_status_allowed(text, text) from public, anon, authenticated;
revoke execute on function public.prescription_requests_guard() from public, anon, authenticated;
revoke execute on function public.prescription_request_lines_guard() from public, anon, authenticated;
revoke execute on function public.prescription_request_files_guard() from public, anon, authenticated;
revoke execute on function public.orders_skip_review_of_reviewed_request() from public, anon, authenticated;
revoke execute on function public.orders_mark_request_paid() from public, anon, authenticated;
revoke execute on function public.prescription_requests_queue_messages() from public, anon, authenticated;
revoke execute on function public.expire_prescription_requests(timestamptz) from public, anon, authenticated;
revoke execute on function public.queue_refill_reminders(date) from public, anon, authenticated;
revoke execute on function public.claim_message(uuid) from public, anon, authenticated;
grant execute on function public.next_prescription_request_number(timestamptz) to service_role;
grant execute on function public.prescription_request_status_allowed(text, text) to service_role;
grant execute on function public.expire_prescription_requests(timestamptz) to service_role;
grant execute on function public.queue_refill_reminders(date) to service_role;
grant execute on function public.claim_message(uuid) to service_role;
