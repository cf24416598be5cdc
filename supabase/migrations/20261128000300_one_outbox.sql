-- One outbox for every message (issue 38): order mails move from mail_outbox into message_outbox,
-- beside the request and refill messages, and every event also goes to the customer's mobile, on
-- WhatsApp where they opted in, by SMS otherwise. One table, one claim, one sender
-- (src/features/messages/server/outbox.ts); the kinds mirror src/domain/messages.ts (the source).

-- WhatsApp consent, by mobile: asked at checkout and in the account, kept with its time and wording;
-- a STOP reply or the account's switch ends it. Transactional SMS needs no consent (DLT
-- service-implicit), so only WhatsApp is recorded here.
create table public.whatsapp_consents (
  mobile text primary key check (mobile ~ '^\+91[6-9][0-9]{9}$'),
  -- A deleted account takes its WhatsApp choices with it (a guest's stay with the mobile).
  user_id uuid references auth.users(id) on delete cascade,
  opted_in_at timestamptz not null default now(),
  wording text not null check (length(wording) between 1 and 500),
  source text not null check (source in ('checkout', 'account')),
  opted_out_at timestamptz,
  opt_out_source text check (opt_out_source in ('stop_reply', 'account')),
  check ((opted_out_at is null) = (opt_out_source is null))
);

alter table public.whatsapp_consents enable row level security;
revoke all on public.whatsapp_consents from public, anon, authenticated, service_role;
grant select, insert, update on public.whatsapp_consents to service_role;
grant select on public.whatsapp_consents to authenticated;
create policy "whatsapp consents: customer reads own" on public.whatsapp_consents
  for select to authenticated using (user_id = (select auth.uid()));
create policy "whatsapp consents: staff read" on public.whatsapp_consents
  for select to authenticated using ((select public.staff_role()) is not null);

create function public.whatsapp_opted_in(p_mobile text) returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.whatsapp_consents where mobile = p_mobile and opted_out_at is null)
$$;

-- The outbox -------------------------------------------------------------------------------------

alter table public.message_outbox drop constraint message_outbox_channel_check;
alter table public.message_outbox drop constraint message_outbox_kind_check;
alter table public.message_outbox drop constraint message_outbox_check;
alter table public.message_outbox drop constraint message_outbox_check1;
alter table public.message_outbox drop constraint message_outbox_one_per_change;
alter table public.message_outbox drop constraint message_outbox_body_check;

alter table public.message_outbox
  add column order_id uuid references public.orders(id) on delete cascade,
  -- Tells one refund message from the next (partially_refunded, then refunded).
  add column refund_state text not null default '' check (refund_state in ('', 'partially_refunded', 'refunded')),
  -- A support person's resend: a new row for the same change, pointing at the one it repeats.
  add column resend_of uuid references public.message_outbox(id) on delete cascade,
  add column resent_by uuid references auth.users(id) on delete set null,
  -- Where it went (an email address or a +91 mobile) and what the provider called it.
  add column recipient text check (length(recipient) <= 320),
  add column provider_message_id text check (length(provider_message_id) <= 200),
  -- Backoff: a failed try waits before the next (the sender sets it).
  add column next_attempt_at timestamptz not null default now(),
  -- The provider's last word on it (webhooks), or 'skipped' when it could not be sent at all.
  add column delivery_status text check (delivery_status in ('sent', 'delivered', 'read', 'failed', 'skipped')),
  add column delivery_status_at timestamptz,
  add column delivery_error text check (length(delivery_error) <= 500),
  add constraint message_outbox_channel_check check (channel in ('mail', 'sms', 'whatsapp')),
  add constraint message_outbox_kind_check check (kind in (
    'order_confirmation', 'prescription_reviewed', 'order_shipped', 'order_delivered', 'order_cancelled', 'refund_initiated', 'refund_processed',
    'request_received', 'request_proposed', 'request_rejected', 'request_expiring', 'request_expired', 'refill_due')),
  add constraint message_outbox_one_subject check (num_nonnulls(order_id, request_id, reminder_id) = 1),
  add constraint message_outbox_subject_of_kind check (case
    when kind = 'refill_due' then reminder_id is not null and due_for is not null
    when kind like 'request\_%' then request_id is not null
    else order_id is not null end),
  add constraint message_outbox_body_check check (length(body) between 1 and 2000),
  add constraint message_outbox_one_per_change
    unique nulls not distinct (channel, kind, order_id, refund_state, request_id, reminder_id, due_for, resend_of);

create index message_outbox_by_order on public.message_outbox (order_id, created_at) where order_id is not null;
create index message_outbox_by_request on public.message_outbox (request_id) where request_id is not null;
create index message_outbox_by_provider_id on public.message_outbox (provider_message_id) where provider_message_id is not null;

insert into public.message_outbox (channel, kind, order_id, refund_state, sent_at, attempts, last_error, created_at, delivery_status, delivery_status_at)
select 'mail', kind, order_id, refund_state, sent_at, attempts, last_error, created_at,
       case when sent_at is not null then 'sent' end, sent_at
  from public.mail_outbox;

drop trigger if exists orders_queue_mail on public.orders;
drop function public.orders_queue_mail();
drop function public.claim_mail(uuid);
drop table public.mail_outbox;

-- The desk sees what each order's customer was sent (not the text: an SMS carries the order's link).
grant select (id, channel, kind, order_id, request_id, recipient, sent_at, attempts, last_error, next_attempt_at,
  delivery_status, delivery_status_at, delivery_error, resend_of, created_at) on public.message_outbox to authenticated;
create policy "message outbox: staff read" on public.message_outbox
  for select to authenticated using ((select public.staff_role()) in ('pharmacist', 'support'));

-- One message on each of the customer's channels: the mail, and the mobile's WhatsApp (opted in)
-- or SMS. Queued in the transaction of the change itself; a change queued twice stays one.
create function public.queue_customer_message(
  p_kind text, p_mobile text,
  p_order_id uuid default null, p_request_id uuid default null, p_reminder_id uuid default null,
  p_due_for date default null, p_refund_state text default ''
) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.message_outbox (channel, kind, order_id, request_id, reminder_id, due_for, refund_state)
  values ('mail', p_kind, p_order_id, p_request_id, p_reminder_id, p_due_for, p_refund_state)
  on conflict on constraint message_outbox_one_per_change do nothing;
  -- One phone message per change: a change queued again after the customer's WhatsApp choice
  -- changed must not add the other channel.
  if p_mobile is not null and not exists (
    select 1 from public.message_outbox m
     where m.channel in ('sms', 'whatsapp') and m.kind = p_kind and m.resend_of is null and m.refund_state = p_refund_state
       and m.order_id is not distinct from p_order_id and m.request_id is not distinct from p_request_id
       and m.reminder_id is not distinct from p_reminder_id and m.due_for is not distinct from p_due_for
  ) then
    insert into public.message_outbox (channel, kind, order_id, request_id, reminder_id, due_for, refund_state)
    values (case when public.whatsapp_opted_in(p_mobile) then 'whatsapp' else 'sms' end,
            p_kind, p_order_id, p_request_id, p_reminder_id, p_due_for, p_refund_state)
    on conflict on constraint message_outbox_one_per_change do nothing;
  end if;
end
$$;

create function public.orders_queue_messages() returns trigger
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
      when new.payment_status = 'refund_pending' and new.status in ('shipped', 'delivered') then 'refund_initiated'
    end;
  end if;
  if message_kind is not null then
    perform public.queue_customer_message(message_kind, new.delivery_mobile, p_order_id => new.id,
      p_refund_state => case when message_kind = 'refund_processed' then new.payment_status else '' end);
  end if;
  return new;
end
$$;

create trigger orders_queue_messages
  after insert or update on public.orders
  for each row execute function public.orders_queue_messages();

create or replace function public.prescription_requests_queue_messages() returns trigger
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
    perform public.queue_customer_message(message_kind, new.delivery_mobile, p_request_id => new.id);
  end if;
  return new;
end
$$;

-- Refill reminders go where the customer asked for them when they started the reminder (mail, and
-- the order's mobile: service-explicit consent given by starting it).
create or replace function public.queue_refill_reminders(p_today date) returns integer
language plpgsql
set search_path = ''
as $$
declare
  due_reminder record;
  queued integer := 0;
begin
  for due_reminder in
    update public.refill_reminders
       set reminded_for = runs_out_on
     where stopped_at is null and remind_on <= p_today and runs_out_on >= p_today
       and reminded_for is distinct from runs_out_on
    returning id, runs_out_on, mobile
  loop
    perform public.queue_customer_message('refill_due', due_reminder.mobile, p_reminder_id => due_reminder.id, p_due_for => due_reminder.runs_out_on);
    queued := queued + 1;
  end loop;
  return queued;
end
$$;

-- A day before a proposal lapses, the customer hears once more (the daily expiry job calls this).
create function public.queue_expiring_requests(p_now timestamptz) returns integer
language plpgsql
set search_path = ''
as $$
declare
  expiring record;
  queued integer := 0;
begin
  for expiring in
    select r.id, r.delivery_mobile from public.prescription_requests r
     where r.status = 'proposed' and r.expires_at > p_now and r.expires_at <= p_now + interval '1 day'
       and not exists (select 1 from public.message_outbox m where m.request_id = r.id and m.kind = 'request_expiring')
  loop
    perform public.queue_customer_message('request_expiring', expiring.delivery_mobile, p_request_id => expiring.id);
    queued := queued + 1;
  end loop;
  return queued;
end
$$;

-- True for exactly one sender until the claim lapses (2 minutes: a sender that died is replaced),
-- and only once its backoff has passed.
create or replace function public.claim_message(p_message_id uuid) returns boolean
language sql
set search_path = ''
as $$
  with claimed as (
    update public.message_outbox
       set claimed_until = now() + interval '2 minutes'
     where id = p_message_id and sent_at is null and delivery_status is null
       and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
    returning id
  )
  select exists (select 1 from claimed)
$$;

-- A failed try: counted, its reason kept, and the next one after the backoff the sender chose, by
-- the database's clock (the one claim_message reads).
create function public.postpone_message(p_message_id uuid, p_minutes integer, p_error text) returns void
language sql
set search_path = ''
as $$
  update public.message_outbox
     set attempts = attempts + 1, last_error = left(p_error, 1000), claimed_until = null,
         next_attempt_at = now() + make_interval(mins => p_minutes)
   where id = p_message_id and sent_at is null
$$;

-- A WhatsApp message that cannot arrive (not on WhatsApp, template paused) goes once by SMS: the
-- SMS row has the same change's keys, so a second failure report queues nothing more.
create function public.fall_back_to_sms(p_message_id uuid) returns void
language sql
set search_path = ''
as $$
  insert into public.message_outbox (channel, kind, order_id, request_id, reminder_id, due_for, refund_state, resend_of)
  select 'sms', kind, order_id, request_id, reminder_id, due_for, refund_state, resend_of
    from public.message_outbox where id = p_message_id and channel = 'whatsapp'
  on conflict on constraint message_outbox_one_per_change do nothing
$$;

-- A provider's delivery report: statuses only move forward (sent < delivered < read; failed ends
-- it), so a late 'sent' never hides a 'read'. A failed WhatsApp message falls back to SMS.
create function public.record_message_status(p_provider_message_id text, p_status text, p_at timestamptz, p_error text default null)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  message record;
  rank_of constant jsonb := '{"sent": 1, "delivered": 2, "read": 3, "failed": 4}';
begin
  if not (rank_of ? p_status) then
    raise exception 'unknown message status %', p_status using errcode = 'check_violation';
  end if;
  select id, channel, delivery_status into message from public.message_outbox where provider_message_id = p_provider_message_id for update;
  if not found then return false; end if;
  if message.delivery_status is null or (message.delivery_status <> 'failed' and (rank_of ->> p_status)::int > coalesce((rank_of ->> message.delivery_status)::int, 0)) then
    update public.message_outbox
       set delivery_status = p_status, delivery_status_at = p_at, delivery_error = left(p_error, 500)
     where id = message.id;
    if p_status = 'failed' and message.channel = 'whatsapp' then
      perform public.fall_back_to_sms(message.id);
    end if;
  end if;
  return true;
end
$$;

-- Support's resend: the same change's message again on the same channel, a new row pointing at the
-- one it repeats (so a double click queues one). Null when that resend is already queued.
create function public.resend_message(p_message_id uuid, p_staff_id uuid) returns uuid
language sql
set search_path = ''
as $$
  insert into public.message_outbox (channel, kind, order_id, request_id, reminder_id, due_for, refund_state, resend_of, resent_by)
  select channel, kind, order_id, request_id, reminder_id, due_for, refund_state, id, p_staff_id
    from public.message_outbox where id = p_message_id
  on conflict on constraint message_outbox_one_per_change do nothing
  returning id
$$;

-- The customer ticked "Order updates on WhatsApp" (checkout or account): kept with its time and the
-- wording shown, again after an earlier opt-out; a guest's tick never takes an account's consent away.
create function public.opt_in_to_whatsapp(p_mobile text, p_user_id uuid, p_wording text, p_source text) returns void
language sql
set search_path = ''
as $$
  insert into public.whatsapp_consents as consent (mobile, user_id, opted_in_at, wording, source)
  values (p_mobile, p_user_id, now(), p_wording, p_source)
  on conflict (mobile) do update
     set user_id = coalesce(excluded.user_id, consent.user_id), opted_in_at = excluded.opted_in_at,
         wording = excluded.wording, source = excluded.source, opted_out_at = null, opt_out_source = null
$$;

-- A STOP reply or the account's switch: no WhatsApp from the next message on.
create function public.opt_out_of_whatsapp(p_mobile text, p_source text) returns boolean
language sql
set search_path = ''
as $$
  with stopped as (
    update public.whatsapp_consents set opted_out_at = now(), opt_out_source = p_source
     where mobile = p_mobile and opted_out_at is null
    returning 1
  )
  select exists (select 1 from stopped)
$$;

revoke execute on function public.whatsapp_opted_in(text) from public, anon, authenticated;
revoke execute on function public.queue_customer_message(text, text, uuid, uuid, uuid, date, text) from public, anon, authenticated;
revoke execute on function public.orders_queue_messages() from public, anon, authenticated;
revoke execute on function public.queue_expiring_requests(timestamptz) from public, anon, authenticated;
revoke execute on function public.claim_message(uuid) from public, anon, authenticated;
revoke execute on function public.fall_back_to_sms(uuid) from public, anon, authenticated;
revoke execute on function public.record_message_status(text, text, timestamptz, text) from public, anon, authenticated;
revoke execute on function public.opt_out_of_whatsapp(text, text) from public, anon, authenticated;
revoke execute on function public.opt_in_to_whatsapp(text, uuid, text, text) from public, anon, authenticated;
revoke execute on function public.resend_message(uuid, uuid) from public, anon, authenticated;
revoke execute on function public.postpone_message(uuid, integer, text) from public, anon, authenticated;
grant execute on function public.whatsapp_opted_in(text), public.queue_customer_message(text, text, uuid, uuid, uuid, date, text),
  public.queue_expiring_requests(timestamptz), public.claim_message(uuid), public.fall_back_to_sms(uuid),
  public.record_message_status(text, text, timestamptz, text), public.opt_out_of_whatsapp(text, text),
  public.opt_in_to_whatsapp(text, uuid, text, text),
  public.resend_message(uuid, uuid), public.postpone_message(uuid, integer, text) to service_role;
